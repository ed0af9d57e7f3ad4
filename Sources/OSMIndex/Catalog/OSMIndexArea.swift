package import Foundation

/// What choosing indexes for a search needs to know of one: where its data lies and how
/// recent it is.
package struct OSMIndexArea: Sendable, Hashable {
    /// The index's name.
    package var name: String
    /// The index file.
    package var url: URL
    /// The area it holds; `nil` for an index that says nothing of it (it answers nothing).
    package var coverage: IndexCoverage?
    /// The newest element timestamp of its data (ISO 8601), when known.
    package var dataTimestamp: String?

    package init(name: String, url: URL, coverage: IndexCoverage?, dataTimestamp: String?) {
        self.name = name
        self.url = url
        self.coverage = coverage
        self.dataTimestamp = dataTimestamp
    }

    /// The area of an index whose `meta` was read.
    package init(_ info: OSMIndexInfo) {
        self.init(name: info.name, url: info.url, coverage: info.coverage, dataTimestamp: info.dataTimestamp)
    }

    /// Newer data first (ISO 8601 times sort as text; an unknown time is oldest), then by name.
    package static func newerFirst(_ lhs: OSMIndexArea, _ rhs: OSMIndexArea) -> Bool {
        let left = lhs.dataTimestamp ?? ""
        let right = rhs.dataTimestamp ?? ""
        return left != right ? left > right : lhs.name < rhs.name
    }
}
