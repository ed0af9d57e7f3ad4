public import VenuesCore

/// The order in which providers are trusted when a merged venue takes one value from several
/// sources (its canonical id, name and coordinate, and ties in the other fields).
///
/// The default, ``standard``, is Google, then Foursquare, then OpenStreetMap, then Overture:
/// - Google's records are largely kept by the businesses themselves (Business Profile), so
///   their names are the ones on the door and their pins are usually the entrance;
/// - Foursquare's names come from user check-ins and are kept fresh by them, but pins drift;
/// - OpenStreetMap is precise where it is mapped but can lag behind closures and renames, and
///   often carries the official rather than the everyday name;
/// - Overture's places are a conflation of other datasets (Meta, Foursquare, Microsoft,
///   AllThePlaces…), some with a low confidence: they complete the others rather than lead.
///
/// Providers missing from the list come after those in it, in the order of their ids.
public struct ProviderPriority: Sendable, Hashable {
    /// Providers, most trusted first.
    public var order: [ProviderID]

    /// Google, Foursquare, OpenStreetMap.
    public static let standard = ProviderPriority([.google, .foursquare, .openStreetMap, .overture])

    public init(_ order: [ProviderID]) {
        self.order = order
    }

    /// Whether `first` is more trusted than `second`.
    public func prefers(_ first: ProviderID, over second: ProviderID) -> Bool {
        let a = rank(first)
        let b = rank(second)
        return a != b ? a < b : first < second
    }

    /// The position of a provider in ``order``, or `order.count` when it is not listed.
    public func rank(_ provider: ProviderID) -> Int {
        order.firstIndex(of: provider) ?? order.count
    }

    /// Sorts venues most trusted provider first (ties by id).
    public func sorted(_ venues: [Venue]) -> [Venue] {
        venues.sorted { a, b in
            a.id.provider != b.id.provider ? prefers(a.id.provider, over: b.id.provider) : a.id < b.id
        }
    }
}
