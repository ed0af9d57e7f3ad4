// libFuzzer target: the favourites file (`favorites.json`), as `FavoritesFile.decode(_:path:)`
// reads it. A file that decodes is also written back with `encoded()` (whose failure is a
// `preconditionFailure`) and read again: what the store writes it must be able to read.
// Thrown errors on the first read are expected outcomes; crashes, traps, hangs, sanitizer
// reports and a failed second read are findings.
import Foundation
import VenuesFavorites

/// Feeds one input to the favourites file reader, and round-trips what it accepts.
///
/// - Parameters:
///   - start: the input's bytes (libFuzzer owns them).
///   - count: how many bytes there are.
/// - Returns: 0 always (the input may be kept in the corpus).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFavorites(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    guard let file = try? FavoritesFile.decode(data, path: "favorites.json") else { return 0 }
    let written = file.encoded()
    do {
        _ = try FavoritesFile.decode(written, path: "favorites.json")
    } catch {
        fatalError("favorites.json written from an accepted file does not read back: \(error)")
    }
    return 0
}
