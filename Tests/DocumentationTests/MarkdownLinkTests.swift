import Foundation
import Testing
import VenuesTestSupport

/// Every relative link of the repository's Markdown leads somewhere: to a file or folder that
/// exists and, for a `#fragment` into Markdown, to one of its headings (GitHub's anchors).
@Suite("Markdown links lead somewhere")
struct MarkdownLinkTests {
    /// A link found in a Markdown file.
    struct Link: CustomStringConvertible {
        var file: String
        var line: Int
        var target: String
        var description: String { "\(file):\(line): \(target)" }
    }

    @Test func everyRelativeLinkLeadsToAFileAndEveryFragmentToAHeading() async throws {
        let links = try await offCooperativePool { try Self.links() }
        #expect(links.count > 50, "the scan found only \(links.count) links")
        for link in links {
            if let problem = Self.problem(with: link) { Issue.record(Comment(rawValue: "\(link): \(problem)")) }
        }
    }

    @Test func theReadmeStaysShort() throws {
        let readme = try DocumentationExamples.text("README.md")
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(lines <= 200, "README.md has \(lines) lines: move the detail into a guide under docs/")
    }

    @Test func theCheckerCatchesWhatItShould() {
        let markdown = """
            # Map page (`--format html`)
            See [the map](#map-page---format-html), [gone](nowhere.md), `[code](x.md)` and
            ```
            [fenced](y.md)
            ```
            [web](https://example.com) ![picture](docs/map-cli.png)
            """
        let found = Self.links(in: markdown, file: "X.md").map(\.target)
        #expect(found == ["#map-page---format-html", "nowhere.md", "https://example.com", "docs/map-cli.png"])
        #expect(Self.anchors(in: markdown) == ["map-page---format-html"])
        #expect(Self.slug("Café & Bar: 2 rooms") == "café--bar-2-rooms")
    }

    // MARK: Scanning

    static func links() throws -> [Link] {
        try DocumentationExamples.files(under: DocumentationExamples.root, skipping: [])
            .filter { $0.hasSuffix(".md") }
            .flatMap { links(in: try DocumentationExamples.text($0), file: $0) }
    }

    /// Inline links and images outside code, in order.
    static func links(in markdown: String, file: String) -> [Link] {
        var found: [Link] = []
        var fenced = false
        for (index, line) in markdown.components(separatedBy: "\n").enumerated() {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                fenced.toggle()
                continue
            }
            guard !fenced else { continue }
            let text = withoutCodeSpans(line)
            var rest = text[...]
            while let close = rest.range(of: "](") {
                let after = rest[close.upperBound...]
                guard let end = after.firstIndex(of: ")") else { break }
                let target = after[..<end].split(separator: " ").first.map(String.init) ?? ""
                if !target.isEmpty { found.append(Link(file: file, line: index + 1, target: target)) }
                rest = after[after.index(after: end)...]
            }
        }
        return found
    }

    /// The line with its `code spans` blanked out.
    static func withoutCodeSpans(_ line: String) -> String {
        var result = ""
        var inCode = false
        for character in line {
            if character == "`" {
                inCode.toggle()
                result.append(" ")
            } else {
                result.append(inCode ? " " : character)
            }
        }
        return result
    }

    /// GitHub's anchor of a heading: lowercased, punctuation dropped, spaces as hyphens.
    static func slug(_ heading: String) -> String {
        var slug = ""
        for character in heading.lowercased() {
            if character == " " {
                slug.append("-")
            } else if character.isLetter || character.isNumber || character == "-" || character == "_" {
                slug.append(character)
            }
        }
        return slug
    }

    /// The anchors of a Markdown text's headings.
    static func anchors(in markdown: String) -> Set<String> {
        var anchors: Set<String> = []
        var fenced = false
        for line in markdown.components(separatedBy: "\n") {
            if line.hasPrefix("```") { fenced.toggle() }
            guard !fenced, line.hasPrefix("#") else { continue }
            let heading = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            anchors.insert(slug(heading))
        }
        return anchors
    }

    /// Why a link leads nowhere, or `nil`.
    static func problem(with link: Link) -> String? {
        let target = link.target
        if target.contains("://") || target.hasPrefix("mailto:") { return nil }
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        let fragment = parts.count > 1 ? String(parts[1]) : nil
        let base = URL(fileURLWithPath: link.file).deletingLastPathComponent().relativePath
        let relative = path.isEmpty ? link.file : (base == "." ? path : "\(base)/\(path)")
        let url = DocumentationExamples.root.appendingPathComponent(relative).standardizedFileURL
        guard FileManager.default.fileExists(atPath: url.path) else { return "no such file" }
        if let fragment, url.pathExtension == "md" {
            let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            guard anchors(in: text).contains(fragment) else { return "no heading with the anchor #\(fragment)" }
        }
        return nil
    }
}
