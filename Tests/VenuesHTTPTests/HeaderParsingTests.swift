import Foundation
import Testing

@testable import VenuesHTTP

@Suite("Response header lines from libcurl")
struct HeaderParsingTests {
    func parse(_ lines: [String]) -> HTTPHeaders {
        let state = CurlTransferState(maxBodyBytes: 10, cancellation: TransferCancellation())
        for line in lines {
            let bytes = Array(line.utf8)
            bytes.withUnsafeBytes { state.receiveHeaderLine($0) }
        }
        return HTTPHeaders(state.headers)
    }

    @Test("repeated Link lines stay separate values, in order")
    func repeatedLinks() {
        let headers = parse([
            "HTTP/1.1 200 OK\r\n",
            "Link: <https://example.test/a>; rel=\"next\"\r\n",
            "link: <https://example.test/b>; rel=\"last\"\r\n",
            "Content-Type:application/json\r\n",
            "\r\n",
        ])
        #expect(
            headers.values(for: "Link") == [
                "<https://example.test/a>; rel=\"next\"", "<https://example.test/b>; rel=\"last\"",
            ]
        )
        #expect(headers["content-type"] == "application/json")
        #expect(headers.fields.count == 3)
    }

    @Test("a new status line (after a redirect or 100 Continue) drops earlier fields")
    func redirectResets() {
        let headers = parse([
            "HTTP/1.1 302 Found\r\n", "Location: /next\r\n", "Set-Cookie: hop=1\r\n", "\r\n",
            "HTTP/2 200\r\n", "Retry-After: 7\r\n", "\r\n",
        ])
        #expect(headers.fields.count == 1)
        #expect(headers["Retry-After"] == "7")
        #expect(headers["Location"] == nil)
    }

    @Test("folded continuation lines join the previous field; junk lines are skipped")
    func foldedAndJunk() {
        let headers = parse([
            "HTTP/1.1 200 OK\r\n", "X-Long: one\r\n", "\t two\r\n", "no colon here\r\n", ": empty\r\n",
        ])
        #expect(headers.fields.count == 1)
        #expect(headers["X-Long"] == "one two")
    }

    @Test("the write callback state refuses bytes past the cap")
    func sizeCap() {
        let state = CurlTransferState(maxBodyBytes: 4, cancellation: TransferCancellation())
        let accepted = [UInt8]("abc".utf8).withUnsafeBytes { state.appendBody($0) }
        let refused = [UInt8]("de".utf8).withUnsafeBytes { state.appendBody($0) }
        #expect(accepted)
        #expect(!refused)
        #expect(state.exceededSizeLimit)
        #expect(state.body == Data("abc".utf8))
    }
}
