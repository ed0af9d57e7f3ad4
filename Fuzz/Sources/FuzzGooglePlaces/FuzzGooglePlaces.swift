// libFuzzer target: Google Places (New) answer bodies. Each input goes to the search-page
// decoder, the Place Details decoder and the error-envelope mapper
// (`{"error": {code, message, status, details}}`), the last with an HTTP status and a looked-up
// id picked from the input's length so that every branch of the mapping is reachable. Thrown
// errors are expected outcomes; only crashes, traps, hangs and sanitizer reports are findings.
import Foundation
import GooglePlacesProvider
import VenuesCore
import VenuesHTTP

/// A key to scrub from error messages; short, so that the fuzzer can find it in its inputs.
private let apiKey = "AIzaKEY"

/// The HTTP statuses the error mapper distinguishes.
private let statuses = [400, 401, 403, 404, 429, 500, 503, 302]

/// The id of a Place Details call, for the `NOT_FOUND` / 404 branches.
private let lookup = try? VenueID(provider: .google, native: "ChIJfuzz")

/// Feeds one input to every Google Places decoder.
///
/// - Parameters:
///   - start: the input's bytes (libFuzzer owns them).
///   - count: how many bytes there are.
/// - Returns: 0 always (the input may be kept in the corpus).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGooglePlaces(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    _ = try? GooglePlacesDecoder.decodeSearch(data)
    _ = try? GooglePlacesDecoder.decodePlace(data)
    let response = HTTPResponse(status: statuses[count % statuses.count], body: data)
    _ = GooglePlacesErrors.error(for: response, apiKey: apiKey, lookup: count % 2 == 0 ? lookup : nil)
    return 0
}
