internal import CCurl
import Foundation
import VenuesCore

/// One attempt of one request: an easy handle driven by a private multi handle on a thread of
/// its own, so a transfer never occupies a thread of Swift's cooperative pool.
enum CurlTransfer {
    /// Runs one attempt with at most `timeout` seconds for all of it; never throws, never
    /// blocks the calling task's thread.
    static func perform(
        _ request: HTTPRequest,
        timeout: Double,
        userAgent: String
    ) async -> Result<HTTPResponse, HTTPClientError> {
        let cancellation = TransferCancellation()
        return await withTaskCancellationHandler {
            await onThreadOfItsOwn(named: "venues.curl") {
                run(request, timeout: timeout, userAgent: userAgent, cancellation: cancellation)
            }
        } onCancel: {
            cancellation.cancel()
        }
    }

    /// Runs one attempt on the current thread, blocking it until the transfer ends.
    static func run(
        _ request: HTTPRequest,
        timeout: Double,
        userAgent: String,
        cancellation: TransferCancellation
    ) -> Result<HTTPResponse, HTTPClientError> {
        if cancellation.isCancelled { return .failure(.cancelled) }
        guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return .failure(.transport("only http and https URLs are supported"))
        }
        let api: UnsafePointer<ccurl_api>
        switch CurlLibrary.api {
        case .success(let loaded): api = loaded
        case .failure(let failure): return .failure(.transport(failure.message))
        }
        guard let easy = CurlEasyHandle(api: api) else {
            return .failure(.transport("libcurl could not create a handle"))
        }
        let state = CurlTransferState(maxBodyBytes: request.maxResponseBytes, cancellation: cancellation)
        if let problem = configure(easy, for: request, timeout: timeout, userAgent: userAgent, state: state) {
            return .failure(problem)
        }
        let code = withExtendedLifetime(state) { drive(easy, cancellation: cancellation) }
        if code == CURLE_OK {
            let status = easy.info(CURLINFO_RESPONSE_CODE) ?? 0
            return .success(HTTPResponse(status: status, headers: HTTPHeaders(state.headers), body: state.body))
        }
        return .failure(
            CurlErrorMapping.error(
                for: code,
                detail: easy.errorDetail,
                exceededSizeLimit: state.exceededSizeLimit,
                limit: request.maxResponseBytes,
                cancelled: cancellation.isCancelled,
                secrets: secrets(of: request)
            )
        )
    }

    /// Text that must never appear in an error message: every request header value and the
    /// values of sensitive query parameters.
    private static func secrets(of request: HTTPRequest) -> [String] {
        let headerValues = request.headers.map(\.value)
        let queryValues =
            URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?
            .filter { Redaction.sensitiveQueryParameters.contains($0.name.lowercased()) }
            .compactMap(\.value) ?? []
        return headerValues + queryValues
    }

    /// The schemes a redirect may lead to from `url` (libcurl's `CURLOPT_REDIR_PROTOCOLS_STR`):
    /// from https only https, so that a redirect never carries a request (its headers, a key in
    /// its query) on in plain text; from http (loopback and test servers) http and https.
    static func redirectProtocols(from url: URL) -> String {
        url.scheme?.lowercased() == "https" ? "https" : "http,https"
    }

    /// Sets every option of the request on the handle; an error when one cannot be set.
    private static func configure(
        _ easy: CurlEasyHandle,
        for request: HTTPRequest,
        timeout: Double,
        userAgent: String,
        state: CurlTransferState
    ) -> HTTPClientError? {
        let timeoutMilliseconds = max(1, Int((timeout * 1000).rounded(.up)))
        let connectMilliseconds = max(1, min(timeoutMilliseconds, Int((request.connectTimeout * 1000).rounded(.up))))
        var lines: [String] = []
        for field in request.headers {
            let name = field.name
            let value = field.value
            guard !name.isEmpty, !name.contains(where: { $0 == "\r" || $0 == "\n" || $0 == ":" }),
                !value.contains(where: { $0 == "\r" || $0 == "\n" })
            else {
                return .transport("a request header has an invalid name or a line break")
            }
            // `Name;` is libcurl's way to send a header with an empty value.
            lines.append(value.isEmpty ? "\(name);" : "\(name): \(value)")
        }
        if request.headers["Expect"] == nil {
            lines.append("Expect:")  // no `100-continue` round trip for POST bodies
        }

        var codes: [CURLcode] = [
            easy.set(CURLOPT_URL, request.url.absoluteString),
            easy.set(CURLOPT_PROTOCOLS_STR, "http,https"),
            easy.set(CURLOPT_REDIR_PROTOCOLS_STR, redirectProtocols(from: request.url)),
            easy.set(CURLOPT_NOSIGNAL, 1),
            easy.set(CURLOPT_TIMEOUT_MS, timeoutMilliseconds),
            easy.set(CURLOPT_CONNECTTIMEOUT_MS, connectMilliseconds),
            easy.set(CURLOPT_FOLLOWLOCATION, 1),
            easy.set(CURLOPT_MAXREDIRS, max(0, request.maxRedirects)),
            easy.set(CURLOPT_ACCEPT_ENCODING, ""),
            easy.set(CURLOPT_SSL_VERIFYPEER, 1),
            easy.set(CURLOPT_SSL_VERIFYHOST, 2),
        ]
        if request.headers["User-Agent"] == nil {
            codes.append(easy.set(CURLOPT_USERAGENT, userAgent))
        }
        codes.append(easy.setHeaderLines(lines))
        switch request.method {
        case .get:
            codes.append(easy.set(CURLOPT_HTTPGET, 1))
        case .post:
            codes.append(easy.set(CURLOPT_POST, 1))
            codes.append(easy.setPostBody([UInt8](request.body ?? Data())))
        }
        codes.append(easy.set(CURLOPT_WRITEFUNCTION, callback: CurlCallbacks.write))
        codes.append(easy.set(CURLOPT_WRITEDATA, pointer: state.contextPointer))
        codes.append(easy.set(CURLOPT_HEADERFUNCTION, callback: CurlCallbacks.header))
        codes.append(easy.set(CURLOPT_HEADERDATA, pointer: state.contextPointer))
        codes.append(easy.setProgress(CurlCallbacks.progress))
        codes.append(easy.set(CURLOPT_XFERINFODATA, pointer: state.contextPointer))
        codes.append(easy.set(CURLOPT_NOPROGRESS, 0))

        if let failed = codes.first(where: { $0 != CURLE_OK }) {
            return .transport("libcurl rejected an option: \(String(cString: ccurl_easy_strerror(easy.api, failed)))")
        }
        return nil
    }

    /// Drives the transfer to its end with a private multi handle, which lets a cancellation
    /// wake the wait at once. Returns the transfer's result code.
    private static func drive(_ easy: CurlEasyHandle, cancellation: TransferCancellation) -> CURLcode {
        let api = easy.api
        guard let multi = ccurl_multi_init(api) else { return CURLE_OUT_OF_MEMORY }
        defer { ccurl_multi_cleanup(api, multi) }
        guard ccurl_multi_add_handle(api, multi, easy.raw) == CURLM_OK else { return CURLE_FAILED_INIT }
        defer { ccurl_multi_remove_handle(api, multi, easy.raw) }
        cancellation.attach(multi, api: api)
        defer { cancellation.detach() }

        var running: Int32 = 1
        while running > 0 {
            if cancellation.isCancelled { return CURLE_ABORTED_BY_CALLBACK }
            guard ccurl_multi_perform(api, multi, &running) == CURLM_OK else { return CURLE_FAILED_INIT }
            if running == 0 { break }
            guard ccurl_multi_poll(api, multi, 1000) == CURLM_OK else { return CURLE_FAILED_INIT }
        }
        var pending: Int32 = 0
        while let message = ccurl_multi_info_read(api, multi, &pending) {
            if ccurl_msg_is_done(message) != 0 { return ccurl_msg_result(message) }
        }
        return CURLE_GOT_NOTHING
    }
}
