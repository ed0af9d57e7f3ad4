// libFuzzer target: Overpass API XML answers, as `OverpassProvider.decode(overpassXML:)` reads
// them with libxml2's streaming reader. A thrown `ProviderError` is an expected outcome; only
// crashes, traps, hangs and sanitizer reports are findings.
import Foundation
import OverpassProvider

/// Feeds one input to the Overpass XML decoder.
///
/// - Parameters:
///   - start: the input's bytes (libFuzzer owns them).
///   - count: how many bytes there are.
/// - Returns: 0 always (the input may be kept in the corpus).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOverpassXML(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    _ = try? OverpassProvider.decode(overpassXML: data)
    return 0
}
