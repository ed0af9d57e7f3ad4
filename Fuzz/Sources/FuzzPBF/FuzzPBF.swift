// libFuzzer target: the PBF reader (`OSMFiles`, `PBF/`). Each input is decoded three ways: as the
// content of an `OSMData` blob (the block decoder: string table, dense and plain nodes, ways,
// relations), as the content of an `OSMHeader` blob, and as a whole file (block headers, raw
// and zlib blobs, the size limits, the decoding pipeline). A thrown refusal is an expected
// outcome; only crashes, traps, hangs, sanitizer reports and memory over the limit are findings.
import OSMFiles

/// Feeds one input to the PBF decoders.
///
/// - Parameters:
///   - start: the input's bytes (libFuzzer owns them).
///   - count: how many bytes there are.
/// - Returns: 0 always (the input may be kept in the corpus).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPBF(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    _ = try? OSMPBFFuzzing.decodeDataBlock(bytes)
    _ = try? OSMPBFFuzzing.decodeHeaderBlock(bytes)
    // The whole-file path on this thread, and one input in eight through two decoding threads
    // (chosen by the input, so that a finding replays the same way).
    let threads = count > 0 && bytes[count - 1] & 7 == 0 ? 2 : 0
    _ = try? OSMPBFFuzzing.readFile(Array(bytes), threads: threads)
    return 0
}
