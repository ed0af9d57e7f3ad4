import Foundation
public import VenuesCore

/// The order of result lists; ties fall back to distance, then id, so output is stable. Relevance
/// puts the better ``VenueMatch`` first, and venues without one after every venue with one.
public struct VenueOrdering: Sendable {
    public var sort: VenueSort

    public init(sort: VenueSort) {
        self.sort = sort
    }

    public func areInIncreasingOrder(_ lhs: ResultVenue, _ rhs: ResultVenue) -> Bool {
        switch sort {
        case .distance:
            break
        case .relevance:
            if let first = VenueMatch.ranksFirst(lhs.match, rhs.match) { return first }
        case .name:
            let order = lhs.venue.name.localizedStandardCompare(rhs.venue.name)
            if order != .orderedSame { return order == .orderedAscending }
        case .rating:
            switch (lhs.venue.rating, rhs.venue.rating) {
            case let (left?, right?) where left != right: return left > right
            case (.some, nil): return true
            case (nil, .some): return false
            default: break
            }
        }
        if lhs.distance != rhs.distance { return lhs.distance < rhs.distance }
        return lhs.venue.id < rhs.venue.id
    }
}
