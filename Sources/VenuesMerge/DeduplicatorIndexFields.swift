import Foundation
import VenuesCore

extension DeduplicatorIndex {
    /// The records in grid-cell order, and what the index reads from each record besides its
    /// names and contacts.
    struct Layout: Sendable {
        let grid: SpatialGrid
        /// The input index of each record, as `Int32` and as `Int`.
        let source: [Int32]
        let inputIndex: [Int]
        let coordinates: [Coordinate]
        let cosLatitude: [Double]
        let provider: [Int32]
        let providerIDs: [ProviderID]
        let categoryBits: [UInt32]
        /// Bit mask of the groups of each record's categories; 0 for a record without categories.
        let categoryGroups: [UInt8]
        let extents: [BoundingBox]
        let extentSlot: [Int32]
        /// Whether the record's provider labels it a building, square, office, mall or station.
        let containerLabel: [Bool]

        init(_ input: [Venue], rules: Deduplicator.Rules) {
            // Fields are read in place: copying a `Venue` retains every one of its fields.
            let inputGrid = SpatialGrid(input.indices.map { input[$0].coordinate }, cellSize: rules.cellSize)
            source = inputGrid.order
            let inputIndex = source.map { Int($0) }
            self.inputIndex = inputIndex
            grid = inputGrid.reordered()
            coordinates = inputIndex.map { input[$0].coordinate }
            cosLatitude = coordinates.map { cos($0.latitude * Double.pi / 180) }
            var providers: [ProviderID: Int32] = [:]
            var providerIDs: [ProviderID] = []
            provider = inputIndex.map { i in
                let id = input[i].id.provider
                if let known = providers[id] { return known }
                let next = Int32(providers.count)
                providers[id] = next
                providerIDs.append(id)
                return next
            }
            self.providerIDs = providerIDs
            categoryBits = inputIndex.map { i in
                input[i].categories.reduce(UInt32(0)) { $0 | DeduplicatorIndex.bit($1) }
            }
            categoryGroups = inputIndex.map { i in
                input[i].categories.reduce(UInt8(0)) { $0 | DeduplicatorIndex.bit($1.group) }
            }
            var extents: [BoundingBox] = []
            var extentSlot = [Int32](repeating: -1, count: inputIndex.count)
            for (r, i) in inputIndex.enumerated() {
                guard let extent = input[i].extent, extent.diagonal <= rules.largestExtent else { continue }
                extentSlot[r] = Int32(extents.count)
                extents.append(extent)
            }
            self.extents = extents
            self.extentSlot = extentSlot
            containerLabel = inputIndex.map { i in
                input[i].providerCategories.contains(where: DeduplicatorIndex.isContainerLabel)
            }
        }
    }

    /// Each record's phone, web domain and street address as interned ids, and its id's hash.
    struct Contacts: Sendable {
        /// Interned phone, domain and street address of each record, or -1. A phone or domain
        /// that one provider gives to several records is stored as -1: it proves nothing.
        let phone: [Int32]
        let domain: [Int32]
        let address: [Int32]
        /// Each record's phone even when its provider gives it to several records, and how
        /// many records of that provider have it.
        let rawPhone: [Int32]
        let rawPhoneCount: [Int32]
        /// A stable hash of each record's id (``DeduplicatorIndex/fnv1a(_:_:)``).
        let tieBreak: [UInt64]

        /// Reads the records `input[order[0]]`, `input[order[1]]`, …; `provider` is each one's
        /// provider index, of `providers`.
        init(_ input: [Venue], order inputIndex: [Int], provider: [Int32], providers providerCount: Int) {
            let phones = inputIndex.map { input[$0].phone.flatMap(ContactKeys.phone) }
            rawPhone = DeduplicatorIndex.intern(phones)
            rawPhoneCount = DeduplicatorIndex.counts(rawPhone, provider: provider, providers: providerCount)
            phone = zip(rawPhone, rawPhoneCount).map { id, count in count > 1 ? -1 : id }
            let domains = DeduplicatorIndex.intern(
                inputIndex.map { input[$0].website.flatMap(ContactKeys.domain) }
            )
            let domainCounts = DeduplicatorIndex.counts(domains, provider: provider, providers: providerCount)
            domain = zip(domains, domainCounts).map { id, count in count > 1 ? -1 : id }
            address = DeduplicatorIndex.intern(
                inputIndex.map { input[$0].address.flatMap(ContactKeys.address) }
            )
            tieBreak = inputIndex.map { i in
                let id = input[i].id
                return DeduplicatorIndex.fnv1a(id.provider.rawValue, id.native)
            }
        }
    }

    /// Whether a provider's category label names a container: OpenStreetMap's `building=…`,
    /// `place=square`, `office=…`, `shop=mall`, `railway=station`; Google's `shopping_mall`,
    /// `train_station`; Foursquare's "Office", "Plaza", "Shopping Mall", "Metro Station".
    fileprivate static func isContainerLabel(_ label: String) -> Bool {
        let folded = label.lowercased()
        return ["building", "square", "office", "mall", "station", "plaza", "place="].contains {
            folded.contains($0)
        }
    }

    /// Interns optional strings as ids (-1 for nil).
    fileprivate static func intern(_ values: [String?]) -> [Int32] {
        var ids = StringInterner()
        return values.map { value in value.map { ids.intern($0).id } ?? -1 }
    }

    /// For each record, how many records of its provider have its id (0 for -1).
    fileprivate static func counts(_ ids: [Int32], provider: [Int32], providers: Int) -> [Int32] {
        var occurrences = [Int32](repeating: 0, count: (Int(ids.max() ?? -1) + 1) * providers)
        for (i, id) in ids.enumerated() where id >= 0 {
            occurrences[Int(id) * providers + Int(provider[i])] += 1
        }
        return ids.enumerated().map { i, id in id >= 0 ? occurrences[Int(id) * providers + Int(provider[i])] : 0 }
    }
}
