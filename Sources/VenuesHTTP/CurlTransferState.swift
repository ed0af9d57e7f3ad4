internal import CCurl
import Foundation

/// What one transfer's libcurl callbacks write into: the body, the final response's header
/// fields, and whether the size cap was hit.
///
/// Reached from the C callbacks through `Unmanaged`; owned by the transfer that runs on one
/// thread, and alive until `curl_multi_perform` has returned for the last time.
final class CurlTransferState {
    let maxBodyBytes: Int
    let cancellation: TransferCancellation
    private(set) var body = Data()
    private(set) var headers: [(name: String, value: String)] = []
    private(set) var exceededSizeLimit = false

    init(maxBodyBytes: Int, cancellation: TransferCancellation) {
        self.maxBodyBytes = maxBodyBytes
        self.cancellation = cancellation
    }

    /// Appends body bytes; `false` when the body would grow past the cap.
    func appendBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard body.count + bytes.count <= maxBodyBytes else {
            exceededSizeLimit = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// Takes one raw header line. A status line starts a new response (a redirect or
    /// `100 Continue` came before), so only the final response's fields are kept.
    func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) {
        let line = String(decoding: bytes, as: UTF8.self)
        let trimmed = line.trimmingCharacters(in: CharacterSet(charactersIn: "\r\n"))
        if trimmed.hasPrefix("HTTP/") {
            headers.removeAll()
            return
        }
        if trimmed.first == " " || trimmed.first == "\t" {
            // An obsolete folded continuation of the previous field.
            if let last = headers.popLast() {
                let more = trimmed.trimmingCharacters(in: .whitespaces)
                headers.append((name: last.name, value: last.value + " " + more))
            }
            return
        }
        guard let colon = trimmed.firstIndex(of: ":") else { return }
        let name = trimmed[..<colon].trimmingCharacters(in: .whitespaces)
        let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return }
        headers.append((name: name, value: value))
    }

    /// The context pointer handed to libcurl. The caller keeps `self` alive for the transfer.
    var contextPointer: UnsafeMutableRawPointer {
        Unmanaged.passUnretained(self).toOpaque()
    }

    static func from(_ pointer: UnsafeMutableRawPointer?) -> CurlTransferState? {
        guard let pointer else { return nil }
        return Unmanaged<CurlTransferState>.fromOpaque(pointer).takeUnretainedValue()
    }
}

@available(*, unavailable)
extension CurlTransferState: Sendable {}

/// libcurl callbacks. None of them throws or captures: failures are reported the C way.
enum CurlCallbacks {
    /// `CURLOPT_WRITEFUNCTION`: returns fewer bytes than given to abort on the size cap.
    static let write: ccurl_data_callback = { data, size, count, context in
        let length = size * count
        guard let state = CurlTransferState.from(context) else { return 0 }
        let accepted = state.appendBody(UnsafeRawBufferPointer(start: data, count: length))
        return accepted ? length : 0
    }

    /// `CURLOPT_HEADERFUNCTION`: one header line per call.
    static let header: ccurl_data_callback = { data, size, count, context in
        let length = size * count
        guard let state = CurlTransferState.from(context) else { return 0 }
        state.receiveHeaderLine(UnsafeRawBufferPointer(start: data, count: length))
        return length
    }

    /// `CURLOPT_XFERINFOFUNCTION`: non-zero aborts with `CURLE_ABORTED_BY_CALLBACK`.
    static let progress: ccurl_progress_callback = { context, _, _, _, _ in
        guard let state = CurlTransferState.from(context) else { return 1 }
        return state.cancellation.isCancelled ? 1 : 0
    }
}
