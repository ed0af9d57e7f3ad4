package import Foundation
package import OSMModel
package import VenuesCore

/// An OSM XML file (plain, gzip or bzip2) as an ``OSMElementSource``: what the local index
/// imports from.
package struct OSMXMLFile: OSMElementSource {
    /// The file.
    package let url: URL
    /// What the reader collects; by default tags, references and timestamps (all an import needs).
    package var options: OSMXMLReader.Options
    /// Raised to stop a pass early (``ProviderError/cancelled``).
    package var cancellation: CancellationFlag?

    package init(
        url: URL,
        options: OSMXMLReader.Options = .init(tags: true, references: true, timestamps: true),
        cancellation: CancellationFlag? = nil
    ) {
        self.url = url
        self.options = options
        self.cancellation = cancellation
    }

    package var displayName: String { url.lastPathComponent }

    package func read(
        header: (OSMHeader) -> Void,
        progress: (OSMReadProgress) -> Void,
        visit: (inout OSMElement) -> OSMVisit
    ) throws(ProviderError) -> OSMReadSummary {
        try withoutActuallyEscaping(header) { header throws(ProviderError) in
            try withoutActuallyEscaping(progress) { progress throws(ProviderError) in
                try OSMXMLReader(options: options, cancellation: cancellation)
                    .read(.file(url), header: header, progress: progress, visit: visit)
            }
        }
    }
}
