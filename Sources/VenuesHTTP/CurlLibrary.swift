internal import CCurl

/// libcurl's process-wide initialisation, run exactly once, the first time a client is made.
///
/// A lazily initialised global `let` is thread-safe in Swift. `curl_global_cleanup` is
/// deliberately never called: cleanup at process exit can race with other threads.
private let curlGlobalInitResult: CURLcode = ccurl_global_init_all()

/// Initialises libcurl once; later calls do nothing.
enum CurlGlobal {
    /// Whether `curl_global_init` succeeded.
    static var isReady: Bool {
        curlGlobalInitResult == CURLE_OK
    }
}
