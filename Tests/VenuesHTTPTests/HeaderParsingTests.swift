internal import CCurl
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

@Suite("libcurl error mapping")
struct CurlErrorMappingTests {
    @Test("messages are scrubbed of secrets that libcurl might echo")
    func scrubbed() {
        let error = CurlErrorMapping.error(
            for: .init(rawValue: 7),
            detail: "Failed to connect to host?key=SECRETVALUE99 port 1",
            exceededSizeLimit: false,
            limit: 1,
            cancelled: false,
            secrets: ["SECRETVALUE99"]
        )
        guard case .unreachable(let message) = error else {
            Issue.record("expected unreachable, got \(error)")
            return
        }
        #expect(!message.contains("SECRETVALUE99"))
        #expect(message.contains("***"))
    }

    @Test("codes map to their kinds")
    func kinds() {
        func map(_ code: UInt32, tooLarge: Bool = false, cancelled: Bool = false) -> HTTPClientError {
            CurlErrorMapping.error(
                for: .init(rawValue: code),
                detail: "",
                exceededSizeLimit: tooLarge,
                limit: 9,
                cancelled: cancelled
            )
        }
        #expect(map(28) == .timedOut)
        #expect(map(47) == .tooManyRedirects)
        #expect(map(42) == .cancelled)
        #expect(map(23, tooLarge: true) == .responseTooLarge(limit: 9))
        #expect(map(63) == .responseTooLarge(limit: 9))
        for code: UInt32 in [5, 6, 7, 35, 60] {
            guard case .unreachable = map(code) else {
                Issue.record("code \(code) should be unreachable")
                continue
            }
        }
        for code: UInt32 in [18, 52, 56] {
            guard case .transport = map(code) else {
                Issue.record("code \(code) should be transport")
                continue
            }
        }
    }
}
