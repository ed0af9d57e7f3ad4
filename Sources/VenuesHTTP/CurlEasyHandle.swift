internal import CCurl
import Foundation

/// One libcurl easy handle with its error buffer and request header list.
///
/// Not `Sendable`: a handle is created, used and freed on the one thread that runs its
/// transfer (libcurl-thread(3): never use a handle from two threads at once). Everything it
/// owns is freed in `deinit`, after the transfer has finished.
final class CurlEasyHandle {
    /// libcurl's functions.
    let api: UnsafePointer<ccurl_api>
    /// The raw `CURL *`.
    let raw: UnsafeMutableRawPointer
    /// `CURLOPT_ERRORBUFFER`: libcurl writes a detailed message here when a transfer fails.
    private let errorBuffer: UnsafeMutablePointer<CChar>
    /// The request headers; must outlive the transfer.
    private var headerList: UnsafeMutablePointer<curl_slist>?

    /// A fresh handle, or `nil` when libcurl cannot make one.
    init?(api: UnsafePointer<ccurl_api>) {
        guard let raw = ccurl_easy_init(api) else { return nil }
        self.api = api
        self.raw = raw
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        _ = ccurl_easy_setopt_pointer(api, raw, CURLOPT_ERRORBUFFER, errorBuffer)
    }

    deinit {
        ccurl_easy_cleanup(api, raw)
        if let headerList { ccurl_slist_free_all(api, headerList) }
        errorBuffer.deallocate()
    }

    /// Sets an integer option.
    @discardableResult
    func set(_ option: CURLoption, _ value: Int) -> CURLcode {
        ccurl_easy_setopt_long(api, raw, option, value)
    }

    /// Sets a string option; libcurl copies the string.
    @discardableResult
    func set(_ option: CURLoption, _ value: String) -> CURLcode {
        ccurl_easy_setopt_string(api, raw, option, value)
    }

    /// Sets a pointer option (callback context).
    @discardableResult
    func set(_ option: CURLoption, pointer: UnsafeMutableRawPointer?) -> CURLcode {
        ccurl_easy_setopt_pointer(api, raw, option, pointer)
    }

    /// Sets a data callback (`CURLOPT_WRITEFUNCTION`, `CURLOPT_HEADERFUNCTION`).
    @discardableResult
    func set(_ option: CURLoption, callback: ccurl_data_callback) -> CURLcode {
        ccurl_easy_setopt_data_callback(api, raw, option, callback)
    }

    /// Sets `CURLOPT_XFERINFOFUNCTION`.
    @discardableResult
    func setProgress(_ callback: ccurl_progress_callback) -> CURLcode {
        ccurl_easy_setopt_progress_callback(api, raw, callback)
    }

    /// Sets the POST body; libcurl copies the bytes (`CURLOPT_COPYPOSTFIELDS`), so they need
    /// not outlive this call.
    @discardableResult
    func setPostBody(_ bytes: [UInt8]) -> CURLcode {
        let sized = ccurl_easy_setopt_off(api, raw, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(bytes.count))
        guard sized == CURLE_OK else { return sized }
        if bytes.isEmpty {
            return ccurl_easy_setopt_string(api, raw, CURLOPT_COPYPOSTFIELDS, "")
        }
        return bytes.withUnsafeBytes { buffer in
            ccurl_easy_setopt_pointer(
                api,
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
            guard let appended = ccurl_slist_append(api, list, line) else {
                if let list { ccurl_slist_free_all(api, list) }
                return CURLE_OUT_OF_MEMORY
            }
            list = appended
        }
        let result = ccurl_easy_setopt_slist(api, raw, CURLOPT_HTTPHEADER, list)
        if let headerList { ccurl_slist_free_all(api, headerList) }
        headerList = list
        return result
    }

    /// An integer transfer property such as `CURLINFO_RESPONSE_CODE`.
    func info(_ info: CURLINFO) -> Int? {
        var value = 0
        return ccurl_easy_getinfo_long(api, raw, info, &value) == CURLE_OK ? value : nil
    }

    /// The detailed message libcurl left in the error buffer, if any.
    var errorDetail: String {
        String(cString: errorBuffer).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

@available(*, unavailable)
extension CurlEasyHandle: Sendable {}
