import Foundation
import OSMFiles
import OSMModel
import OSMPBFTestSupport
import VenuesCore

/// What one pass of the reader gave.
struct PBFRead {
    var elements: [TestElement] = []
    var summary = OSMReadSummary()
    var header: OSMHeader?
    var fileHeader: OSMPBFHeader?

    /// Reads `bytes` (or a file) with every element collected.
    static func read(
        _ source: OSMPBFReader.Source,
        threads: Int = 2,
        tags: Bool = true,
        references: Bool = true,
        timestamps: Bool = true,
        stopAfter: Int? = nil
    ) throws(OSMFileError) -> PBFRead {
        var result = PBFRead()
        let reader = OSMPBFReader(
            options: .init(tags: tags, references: references, timestamps: timestamps, threads: threads)
        )
        result.summary = try reader.read(
            source,
            header: { result.header = $0 },
            fileHeader: { result.fileHeader = $0 },
            visit: { element in
                result.elements.append(TestElement(element))
                if let stopAfter, result.elements.count >= stopAfter { return .stop }
                return .next
            }
        )
        return result
    }

    /// The error reading `bytes` gives, or `nil` when it reads.
    static func error(_ bytes: [UInt8], threads: Int = 2) -> OSMFileError? {
        do {
            _ = try read(.memory(bytes), threads: threads)
            return nil
        } catch {
            return error
        }
    }
}

/// The repository's root, found from this file.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
