package import Foundation
package import OSMModel
import VenuesCore

/// The reader for a local OpenStreetMap file, chosen by what the file is: PBF when it starts
/// like one (or is named `.pbf`, so that a damaged PBF file gets the PBF reader's message), else
/// OSM XML, plain or compressed with gzip or bzip2.
package enum OSMExtractFile {
    /// A source reading `url` with the given parts collected.
    package static func source(
        url: URL,
        tags: Bool = true,
        references: Bool = true,
        timestamps: Bool = false,
        cancellation: CancellationFlag? = nil
    ) -> any OSMElementSource {
        if isPBF(url) {
            return OSMPBFFile(
                url: url,
                options: .init(tags: tags, references: references, timestamps: timestamps),
                cancellation: cancellation
            )
        }
        return OSMXMLFile(
            url: url,
            options: .init(tags: tags, references: references, timestamps: timestamps),
            cancellation: cancellation
        )
    }

    /// Whether `url` is read as PBF.
    package static func isPBF(_ url: URL) -> Bool {
        url.pathExtension.lowercased() == "pbf" || OSMPBFFile.looksLikePBF(url)
    }
}

extension OSMElementSource {
    /// A pass without header or progress calls.
    package func read(visit: (inout OSMElement) -> OSMVisit) throws(OSMFileError) -> OSMReadSummary {
        try read(header: { _ in }, progress: { _ in }, visit: visit)
    }
}
