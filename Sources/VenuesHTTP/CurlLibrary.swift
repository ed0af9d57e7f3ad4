internal import CCurl

/// libcurl, loaded (`dlopen`) and initialised (`curl_global_init`) once, the first time a
/// transfer needs it, on that transfer's thread; see `CCurl/shim.h` for why it is not linked.
///
/// A lazily initialised global `let` is thread-safe in Swift, so the two happen exactly once
/// (and `curl_global_init` itself is thread-safe since libcurl 7.84). `curl_global_cleanup` is
/// deliberately never called: cleanup at process exit can race with other threads.
enum CurlLibrary {
    /// The table of libcurl's functions, or why libcurl cannot be used (not installed, or its
    /// initialisation failed): a message for ``HTTPClientError/transport(_:)``.
    static var api: Result<UnsafePointer<ccurl_api>, LoadFailure> { loaded.api }

    /// Why libcurl cannot be used.
    struct LoadFailure: Error {
        let message: String
    }
}

/// The outcome of loading libcurl: a table that is never freed, so it may be read from any
/// thread.
private struct LoadedCurl: @unchecked Sendable {
    let api: Result<UnsafePointer<ccurl_api>, CurlLibrary.LoadFailure>
}

private let loaded: LoadedCurl = {
    var failure: UnsafePointer<CChar>?
    guard let api = ccurl_load(&failure) else {
        let reason = failure.map { String(cString: $0) } ?? "unknown error"
        return LoadedCurl(api: .failure(.init(message: "libcurl could not be loaded (\(reason))")))
    }
    let code = ccurl_global_init_all(api)
    guard code == CURLE_OK else {
        let reason = String(cString: ccurl_easy_strerror(api, code))
        return LoadedCurl(api: .failure(.init(message: "libcurl could not be initialised (\(reason))")))
    }
    return LoadedCurl(api: .success(api))
}()
