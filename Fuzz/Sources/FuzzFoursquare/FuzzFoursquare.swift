// libFuzzer target: Foursquare answer bodies. Each input goes to the three readers of
// untrusted Foursquare bytes: the search-page decoder, the place-details decoder and the
// error-body reader (`{"message": …}` with the key scrubbed out). Thrown errors are expected
// outcomes; only crashes, traps, hangs and sanitizer reports are findings.
import Foundation
import FoursquareProvider

/// A key to scrub from error messages; short, so that the fuzzer can find it in its inputs.
private let secret = "fsq3KEY"

/// Feeds one input to every Foursquare decoder.
///
/// - Parameters:
///   - start: the input's bytes (libFuzzer owns them).
///   - count: how many bytes there are.
/// - Returns: 0 always (the input may be kept in the corpus).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFoursquare(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    _ = try? FoursquareDecoder.decodeSearch(data)
    _ = try? FoursquareDecoder.decodePlace(data)
    _ = FoursquareErrors.message(in: data, secret: secret)
    return 0
}
