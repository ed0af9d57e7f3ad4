import Foundation
import Testing
import VenuesCore
import VenuesTestSupport

@testable import VenuesOutput

/// The pages allow their own script and stylesheet by SHA-256 hash; the hashes are constants,
/// so these tests compute them (with coreutils' `sha256sum`, independent of this package) and
/// say the right value when a script or the stylesheet changed.
@Suite struct ContentSecurityPolicyTests {
    /// `sha256-` and the base64 of the SHA-256 of `text`'s UTF-8 bytes (from `sha256sum`, run
    /// off the cooperative pool).
    static func sha256Source(_ text: String) async throws -> String {
        try await offCooperativePool { try sha256SourceNow(text) }
    }

    private static func sha256SourceNow(_ text: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sha256sum"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let hex = String(decoding: data, as: UTF8.self).prefix(64)
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return "sha256-" + Data(bytes).base64EncodedString()
    }

    @Test func theHashesMatchTheScriptsAndTheStylesheet() async throws {
        // A check of the check: the NIST test vector for "abc".
        #expect(try await Self.sha256Source("abc") == "sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
        let style = try await Self.sha256Source(MapPageStyle.css)
        #expect(MapPageStyle.sha256 == style, "MapPageStyle.sha256 should be \"\(style)\"")
        let script = try await Self.sha256Source(MapPageScript.source)
        #expect(MapPageScript.sha256 == script, "MapPageScript.sha256 should be \"\(script)\"")
        let served = try await Self.sha256Source(ServedMapPageScript.source)
        #expect(ServedMapPageScript.sha256 == served, "ServedMapPageScript.sha256 should be \"\(served)\"")
    }

    @Test func thePagesCarryExactlyTheHashedText() {
        let file = HTMLMapRenderer.render(MapTestDocument.document())
        #expect(file.contains("<style>\(MapPageStyle.css)</style>"))
        #expect(file.contains("<script>\(MapPageScript.source)</script>"))
        #expect(ServedMapPage.html.contains("<style>\(MapPageStyle.css)</style>"))
        #expect(ServedMapPage.html.contains("<script>\(ServedMapPageScript.source)</script>"))
    }

    @Test func theFilePolicyIsStrict() {
        let policy = ContentSecurityPolicy.file(tiles: true)
        #expect(
            policy == "default-src 'none'; script-src '\(MapPageScript.sha256)'; style-src '\(MapPageStyle.sha256)'; "
                + "img-src https://tile.openstreetmap.org; base-uri 'none'; form-action 'none'"
        )
        #expect(ContentSecurityPolicy.file(tiles: false).contains("img-src 'none'"))
    }

    @Test func theServedPolicyIsStrict() {
        let policy = ServedMapPage.contentSecurityPolicy
        let directives = Set(policy.components(separatedBy: "; "))
        #expect(
            directives == [
                "default-src 'none'", "script-src '\(ServedMapPageScript.sha256)'",
                "style-src '\(MapPageStyle.sha256)'", "img-src 'self' data: https://tile.openstreetmap.org",
                "connect-src 'self'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
            ]
        )
        #expect(!policy.contains("unsafe"))
        // The page repeats it, less what a <meta> cannot say.
        #expect(ServedMapPage.html.contains(HTMLEscaping.escaped(ContentSecurityPolicy.servedMeta)))
        #expect(!ContentSecurityPolicy.servedMeta.contains("frame-ancestors"))
    }

    @Test func theServedPageHoldsNoDataAndNoToken() {
        let page = ServedMapPage.html
        #expect(!page.contains("data-venue-id=\""))
        #expect(page.contains("id=\"search-form\"") && page.contains("id=\"token\""))
        for field in ["term", "near", "radius", "sort", "category"] {
            #expect(page.contains("name=\"\(field)\""), "form field \(field)")
        }
        // One box per category; the providers' boxes come from /readyz, into their own place.
        #expect(page.components(separatedBy: "name=\"category\"").count - 1 == Category.allCases.count)
        #expect(page.contains("id=\"provider-list\""))
        // Every id once: the providers' summary and a form field once shared id="providers".
        let ids = page.components(separatedBy: " id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(Set(ids).count == ids.count, "ids used twice: \(ids)")
        #expect(ServedMapPage.contentType == "text/html; charset=utf-8")
    }
}
