internal import CCurl
import Foundation

/// Turns libcurl result codes into ``HTTPClientError``.
///
/// Messages carry `curl_easy_strerror` and the `CURLOPT_ERRORBUFFER` detail, which name the
/// host and the failure but never a request header (keys live there).
enum CurlErrorMapping {
    static func error(
        for code: CURLcode,
        detail: String,
        exceededSizeLimit: Bool,
        limit: Int,
        cancelled: Bool,
        secrets: [String] = []
    ) -> HTTPClientError {
        if exceededSizeLimit || code == CURLE_FILESIZE_EXCEEDED {
            return .responseTooLarge(limit: limit)
        }
        if code == CURLE_ABORTED_BY_CALLBACK || cancelled {
            return .cancelled
        }
        let summary =
            switch CurlLibrary.api {
            case .success(let api): String(cString: ccurl_easy_strerror(api, code))
            case .failure: "libcurl error \(code.rawValue)"
            }
        let message = Redaction.scrub(
            detail.isEmpty || detail == summary ? summary : "\(summary): \(detail)",
            secrets: secrets
        )
        switch code {
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY,
            CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE,
            CURLE_SSL_CERTPROBLEM:
            return .unreachable(message)
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut
        case CURLE_TOO_MANY_REDIRECTS:
            return .tooManyRedirects
        default:
            return .transport(message)
        }
    }
}
