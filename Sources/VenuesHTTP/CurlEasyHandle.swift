internal import CCurl
import Foundation

/// One libcurl easy handle with its error buffer and request header list.
///
/// Not `Sendable`: a handle is created, used and freed on the one thread that runs its
/// transfer (libcurl-thread(3): never use a handle from two threads at once). Everything it
/// owns is freed in `deinit`, after the transfer has finished.
final class CurlEasyHandle {
    /// The raw `CURL *`.
    let raw: UnsafeMutableRawPointer
    /// `CURLOPT_ERRORBUFFER`: libcurl writes a detailed message here when a transfer fails.
    private let errorBuffer: UnsafeMutablePointer<CChar>
    /// The request headers; must outlive the transfer.
    private var headerList: UnsafeMutablePointer<curl_slist>?

    /// A fresh handle, or `nil` when libcurl cannot make one.
    init?() {
        guard CurlGlobal.isReady, let raw = curl_easy_init() else { return nil }
        self.raw = raw
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        _ = ccurl_easy_setopt_pointer(raw, CURLOPT_ERRORBUFFER, errorBuffer)
    }

    deinit {
        curl_easy_cleanup(raw)
        if let headerList { curl_slist_free_all(headerList) }
        errorBuffer.deallocate()
    }

    /// Sets an integer option.
    @discardableResult
    func set(_ option: CURLoption, _ value: Int) -> CURLcode {
        ccurl_easy_setopt_long(raw, option, value)
    }

    /// Sets a string option; libcurl copies the string.
    @discardableResult
    func set(_ option: CURLoption, _ value: String) -> CURLcode {
        ccurl_easy_setopt_string(raw, option, value)
    }

    /// Sets a pointer option (callback context).
    @discardableResult
    func set(_ option: CURLoption, pointer: UnsafeMutableRawPointer?) -> CURLcode {
        ccurl_easy_setopt_pointer(raw, option, pointer)
    }

    /// Sets a data callback (`CURLOPT_WRITEFUNCTION`, `CURLOPT_HEADERFUNCTION`).
    @discardableResult
    func set(_ option: CURLoption, callback: ccurl_data_callback) -> CURLcode {
        ccurl_easy_setopt_data_callback(raw, option, callback)
    }

    /// Sets `CURLOPT_XFERINFOFUNCTION`.
    @discardableResult
    func setProgress(_ callback: ccurl_progress_callback) -> CURLcode {
        ccurl_easy_setopt_progress_callback(raw, callback)
    }

    /// Sets the POST body; libcurl copies the bytes (`CURLOPT_COPYPOSTFIELDS`), so they need
    /// not outlive this call.
    @discardableResult
    func setPostBody(_ bytes: [UInt8]) -> CURLcode {
        let sized = ccurl_easy_setopt_off(raw, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(bytes.count))
        guard sized == CURLE_OK else { return sized }
        if bytes.isEmpty {
            return ccurl_easy_setopt_string(raw, CURLOPT_COPYPOSTFIELDS, "")
        }
        return bytes.withUnsafeBytes { buffer in
            ccurl_easy_setopt_pointer(
                raw,
                CURLOPT_COPYPOSTFIELDS,
                UnsafeMutableRawPointer(mutating: buffer.baseAddress)
            )
        }
    }

    /// Replaces the request header list (`CURLOPT_HTTPHEADER`) with `lines` (`Name: value`).
    @discardableResult
    func setHeaderLines(_ lines: [String]) -> CURLcode {
        var list: UnsafeMutablePointer<curl_slist>?
        for line in lines {
            guard let appended = curl_slist_append(list, line) else {
                if let list { curl_slist_free_all(list) }
                return CURLE_OUT_OF_MEMORY
            }
            list = appended
        }
        let result = ccurl_easy_setopt_slist(raw, CURLOPT_HTTPHEADER, list)
        if let headerList { curl_slist_free_all(headerList) }
        headerList = list
        return result
    }

    /// An integer transfer property such as `CURLINFO_RESPONSE_CODE`.
    func info(_ info: CURLINFO) -> Int? {
        var value = 0
        return ccurl_easy_getinfo_long(raw, info, &value) == CURLE_OK ? value : nil
    }

    /// The detailed message libcurl left in the error buffer, if any.
    var errorDetail: String {
        String(cString: errorBuffer).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

@available(*, unavailable)
extension CurlEasyHandle: Sendable {}
