import OSMModel

/// The PBF decoder's entry points for the libFuzzer target in `Fuzz/` (a package of its own,
/// which sees only public API): each decodes bytes it is given and says how it went, keeping
/// nothing.
public enum OSMPBFFuzzing {
    /// Why bytes were refused: the reader's message.
    public struct Refusal: Error, CustomStringConvertible {
        public let description: String
    }

    /// Decodes `bytes` as the content of an `OSMData` blob (a `PrimitiveBlock`), with tags,
    /// references and timestamps; returns the number of elements.
    public static func decodeDataBlock(_ bytes: UnsafeRawBufferPointer) throws(Refusal) -> Int {
        do throws(WireError) {
            let block = try PrimitiveBlockDecoder.decode(
                bytes,
                options: .init(tags: true, references: true, timestamps: true)
            )
            return block.count
        } catch {
            throw Refusal(description: "at \(error.position): \(error.reason)")
        }
    }

    /// Decodes `bytes` as the content of an `OSMHeader` blob; returns the number of required
    /// features.
    public static func decodeHeaderBlock(_ bytes: UnsafeRawBufferPointer) throws(Refusal) -> Int {
        do throws(WireError) {
            return try OSMPBFHeader.decode(bytes).requiredFeatures.count
        } catch {
            throw Refusal(description: "at \(error.position): \(error.reason)")
        }
    }

    /// Reads `bytes` as a whole PBF file, decoding on `threads` threads (0: on this one);
    /// returns the number of elements.
    public static func readFile(_ bytes: [UInt8], threads: Int) throws(Refusal) -> Int {
        do throws(OSMFileError) {
            let reader = OSMPBFReader(options: .init(tags: true, references: true, timestamps: true, threads: threads))
            return try reader.read(.memory(bytes)) { _ in .next }.elements
        } catch {
            throw Refusal(description: error.description)
        }
    }
}
