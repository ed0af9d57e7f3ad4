package import Foundation
package import OSMModel
import VenuesCore

/// Streams an OpenStreetMap PBF file (`.osm.pbf`), handing each node, way and relation to a
/// visitor in file order, like ``OSMXMLReader`` does for XML.
///
/// The file is a sequence of blocks: an `OSMHeader` block first (bounds, required features,
/// writing program, replication timestamp), then `OSMData` blocks of a few thousand elements
/// each, every one compressed on its own (zlib, or stored raw). Blocks are independent, so
/// they are decompressed and decoded on ``Options/threads`` threads while the caller's thread
/// hands the elements of block 0, 1, 2… to the visitor in order (``OrderedBlockPipeline``);
/// memory stays bounded by a few blocks (each at most 32 MiB by the format's rules) whatever
/// the file size.
///
/// The protobuf wire format is read by a small hand-written decoder over the decompressed
/// bytes (``ProtobufCursor``, in the manner of protozero): no message objects are built, and
/// every length and index is checked, so a damaged file is an error naming the byte offset,
/// never a crash or an unbounded allocation.
///
/// One reader per pass; the visitor runs on the calling thread only.
package struct OSMPBFReader {
    /// Where the PBF comes from.
    package enum Source {
        /// A file, read block by block.
        case file(URL)
        /// A whole file in memory (tests, fuzzing).
        case memory([UInt8])
    }

    /// What to collect, and how many threads decode.
    package struct Options: Sendable, Hashable {
        /// Collect tags.
        package var tags: Bool
        /// Collect way nodes and relation members.
        package var references: Bool
        /// Keep the newest element timestamp (``OSMReadSummary/newestTimestamp``).
        package var timestamps: Bool
        /// Decoding threads besides the caller's; 0 decodes on the caller's thread. By default
        /// one per processor, since the caller's visitor also needs a core.
        package var threads: Int

        package init(
            tags: Bool = true,
            references: Bool = false,
            timestamps: Bool = false,
            threads: Int = ProcessInfo.processInfo.activeProcessorCount
        ) {
            self.tags = tags
            self.references = references
            self.timestamps = timestamps
            self.threads = max(0, threads)
        }

        var decoding: PrimitiveBlockDecoder.Options {
            .init(tags: tags, references: references, timestamps: timestamps)
        }
    }

    /// How many elements go by between two progress calls (at the end of a block).
    static let progressInterval = 1 << 16

    private let options: Options
    private let cancellation: CancellationFlag?

    package init(options: Options = Options(), cancellation: CancellationFlag? = nil) {
        self.options = options
        self.cancellation = cancellation
    }

    /// Reads the whole source (or until the visitor says stop), calling `visit` per element.
    ///
    /// `header` is called once, before the first element, with the file's bounds, writing
    /// program and replication timestamp; `fileHeader` with the whole `OSMHeader` block.
    ///
    /// Throws ``OSMFileError/malformed(_:)`` (`NAME is not readable OSM PBF: at byte N: cause`)
    /// for a file that is not PBF, is truncated or damaged, needs a feature or a compression this
    /// reader lacks; the opener's ``OSMFileError`` when the file cannot be opened;
    /// ``OSMFileError/cancelled`` when the flag is raised.
    package func read(
        _ source: Source,
        header: ((OSMHeader) -> Void)? = nil,
        fileHeader: ((OSMPBFHeader) -> Void)? = nil,
        progress: ((OSMReadProgress) -> Void)? = nil,
        visit: (inout OSMElement) -> OSMVisit
    ) throws(OSMFileError) -> OSMReadSummary {
        let name: String
        let bytes: PBFBytes
        var descriptor: Int32 = -1
        switch source {
        case .memory(let data):
            name = "the PBF data"
            bytes = .memory(data)
        case .file(let url):
            name = url.lastPathComponent
            descriptor = try OSMFileOpener.open(url, format: "OSM PBF")
            bytes = .descriptor(descriptor)
        }
        defer { if descriptor >= 0 { close(descriptor) } }
        do throws(PassFailure) {
            return try run(bytes, header: header, fileHeader: fileHeader, progress: progress, visit: visit)
        } catch {
            switch error {
            case .file(let error): throw .malformed("\(name) is not readable OSM PBF: \(error)")
            case .cancelled: throw .cancelled
            }
        }
    }

    private func run(
        _ bytes: PBFBytes,
        header: ((OSMHeader) -> Void)?,
        fileHeader: ((OSMPBFHeader) -> Void)?,
        progress: ((OSMReadProgress) -> Void)?,
        visit: (inout OSMElement) -> OSMVisit
    ) throws(PassFailure) -> OSMReadSummary {
        var reader = BlobReader(bytes)
        let decoder = BlobDecoder(options: options.decoding)

        // The header block comes first and is checked before any data is decoded.
        let first: RawBlob
        do throws(OSMPBFError) {
            guard let blob = try reader.next() else {
                throw OSMPBFError(offset: 0, reason: "the file is empty")
            }
            first = blob
        } catch {
            throw .file(error)
        }
        guard first.type == "OSMHeader" else {
            throw .file(
                OSMPBFError(
                    offset: 0,
                    reason: "the first block is '\(Self.printable(first.type))', not 'OSMHeader': not an OSM PBF file"
                )
            )
        }
        let pbfHeader: OSMPBFHeader
        do throws(OSMPBFError) {
            pbfHeader = try decoder.header(first)
        } catch {
            throw .file(error)
        }
        if let reason = pbfHeader.unsupportedFeatureReason {
            throw .file(OSMPBFError(offset: first.blobOffset, reason: reason))
        }
        fileHeader?(pbfHeader)
        header?(pbfHeader.osmHeader)

        var delivery = Delivery(cancellation: cancellation, progress: progress)
        let pipeline =
            options.threads == 0
            ? nil : OrderedBlockPipeline(reader: reader, threads: options.threads, options: options.decoding)
        if pipeline == nil {
            while true {
                let blob: RawBlob
                do throws(OSMPBFError) {
                    guard let next = try reader.next() else { break }
                    blob = next
                } catch {
                    throw .file(error)
                }
                guard blob.type == "OSMData" else { continue }
                let block: OSMPBFBlock
                do throws(OSMPBFError) {
                    block = try decoder.data(blob)
                } catch {
                    throw .file(error)
                }
                if try delivery.deliver(block, visit: visit) { break }
            }
        } else if let pipeline {
            defer { pipeline.finish() }
            while let result = pipeline.next() {
                switch result {
                case .success(let block):
                    let stop = try delivery.deliver(block, visit: visit)
                    pipeline.release()
                    if stop { break }
                case .failure(let error):
                    throw .file(error)
                }
                if delivery.summary.stoppedEarly { break }
            }
        }
        if cancellation?.isCancelled == true { throw .cancelled }
        return delivery.finished()
    }

    /// A block type from the file, shortened and without control characters, for a message.
    private static func printable(_ text: String) -> String {
        String(text.unicodeScalars.prefix(40).map { $0.properties.generalCategory == .control ? "?" : Character($0) })
    }
}

/// Why a pass ended early.
private enum PassFailure: Error {
    case file(OSMPBFError)
    case cancelled
}

/// Hands decoded blocks to the visitor element by element, counting, checking cancellation
/// and calling `progress`.
private struct Delivery {
    let cancellation: CancellationFlag?
    let progress: ((OSMReadProgress) -> Void)?
    var summary = OSMReadSummary()
    var element = OSMElement()
    var lastKind = OSMElement.Kind.node
    var newestTimestamp: Int64?
    var nextProgress = OSMPBFReader.progressInterval
    var bytesRead = 0

    init(cancellation: CancellationFlag?, progress: ((OSMReadProgress) -> Void)?) {
        self.cancellation = cancellation
        self.progress = progress
    }

    /// Delivers every element of `block`; `true` when the visitor stopped.
    mutating func deliver(
        _ block: OSMPBFBlock,
        visit: (inout OSMElement) -> OSMVisit
    ) throws(PassFailure) -> Bool {
        if cancellation?.isCancelled == true { throw .cancelled }
        self.bytesRead = block.fileEnd
        if let newest = block.newestTimestamp, newest > (newestTimestamp ?? .min) { newestTimestamp = newest }
        for index in 0..<block.count {
            block.load(index, into: &element)
            if element.kind.rawValue < lastKind.rawValue { summary.typeOrdered = false }
            lastKind = element.kind
            summary.elements += 1
            if visit(&element) == .stop {
                summary.stoppedEarly = true
                return true
            }
        }
        if summary.elements >= nextProgress {
            nextProgress = summary.elements + OSMPBFReader.progressInterval
            progress?(OSMReadProgress(elements: summary.elements, bytesRead: self.bytesRead))
        }
        return false
    }

    func finished() -> OSMReadSummary {
        var result = summary
        result.bytesRead = bytesRead
        result.newestTimestamp = newestTimestamp.flatMap { UTCTimestamp.text(milliseconds: $0) }
        return result
    }
}
