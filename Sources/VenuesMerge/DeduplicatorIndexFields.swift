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
            // One pass over the records in input order, reading each in place (copying a
            // `Venue` retains each of its fields); the compact results are then put in grid
            // order. Reading the large records themselves in grid order would miss the cache
            // at nearly every record.
            var providerIDs: [ProviderID] = []
            var read = (
                coordinates: [Coordinate](), provider: [Int32](), categoryBits: [UInt32](),
                categoryGroups: [UInt8](), extent: [Bool](), containerLabel: [Bool]()
            )
            read.coordinates.reserveCapacity(input.count)
            read.provider.reserveCapacity(input.count)
            read.categoryBits.reserveCapacity(input.count)
            read.categoryGroups.reserveCapacity(input.count)
            read.extent.reserveCapacity(input.count)
            read.containerLabel.reserveCapacity(input.count)
            for i in input.indices {
                read.coordinates.append(input[i].coordinate)
                // A handful of providers: a look along the list beats hashing the name.
                let id = input[i].id.provider
                if let known = providerIDs.firstIndex(of: id) {
                    read.provider.append(Int32(known))
                } else {
                    read.provider.append(Int32(providerIDs.count))
                    providerIDs.append(id)
                }
                var bits: UInt32 = 0
                var groups: UInt8 = 0
                for category in input[i].categories {
                    bits |= DeduplicatorIndex.bit(category)
                    groups |= DeduplicatorIndex.bit(category.group)
                }
                read.categoryBits.append(bits)
                read.categoryGroups.append(groups)
                read.extent.append(input[i].extent.map { $0.diagonal <= rules.largestExtent } ?? false)
                read.containerLabel.append(
                    input[i].providerCategories.contains(where: DeduplicatorIndex.isContainerLabel)
                )
            }
            self.providerIDs = providerIDs

            let inputGrid = SpatialGrid(read.coordinates, cellSize: rules.cellSize)
            source = inputGrid.order
            let inputIndex = source.map { Int($0) }
            self.inputIndex = inputIndex
            grid = inputGrid.reordered()
            coordinates = inputIndex.map { read.coordinates[$0] }
            cosLatitude = coordinates.map { cos($0.latitude * Double.pi / 180) }
            provider = inputIndex.map { read.provider[$0] }
            categoryBits = inputIndex.map { read.categoryBits[$0] }
            categoryGroups = inputIndex.map { read.categoryGroups[$0] }
            containerLabel = inputIndex.map { read.containerLabel[$0] }
            var extents: [BoundingBox] = []
            var extentSlot = [Int32](repeating: -1, count: inputIndex.count)
            for (r, i) in inputIndex.enumerated() where read.extent[i] {
                extentSlot[r] = Int32(extents.count)
                extents.append(input[i].extent!)
            }
            self.extents = extents
            self.extentSlot = extentSlot
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
            // Interned in input order, reading each record in place and in turn (see
            // ``Layout``), then put in grid order: the ids only need to be equal for equal keys.
            var phones = StringInterner()
            var domains = StringInterner()
            var addresses = StringInterner()
            var read = (phone: [Int32](), domain: [Int32](), address: [Int32](), tieBreak: [UInt64]())
            read.phone.reserveCapacity(input.count)
            read.domain.reserveCapacity(input.count)
            read.address.reserveCapacity(input.count)
            read.tieBreak.reserveCapacity(input.count)
            for i in input.indices {
                read.phone.append(input[i].phone.flatMap(ContactKeys.phone).map { phones.intern($0).id } ?? -1)
                read.domain.append(input[i].website.flatMap(ContactKeys.domain).map { domains.intern($0).id } ?? -1)
                read.address.append(
                    input[i].address.flatMap(ContactKeys.address).map { addresses.intern($0).id } ?? -1
                )
                read.tieBreak.append(DeduplicatorIndex.fnv1a(input[i].id.provider.rawValue, input[i].id.native))
            }
            rawPhone = inputIndex.map { read.phone[$0] }
            rawPhoneCount = DeduplicatorIndex.counts(rawPhone, provider: provider, providers: providerCount)
            phone = zip(rawPhone, rawPhoneCount).map { id, count in count > 1 ? -1 : id }
            let domain = inputIndex.map { read.domain[$0] }
            let domainCounts = DeduplicatorIndex.counts(domain, provider: provider, providers: providerCount)
            self.domain = zip(domain, domainCounts).map { id, count in count > 1 ? -1 : id }
            address = inputIndex.map { read.address[$0] }
            tieBreak = inputIndex.map { read.tieBreak[$0] }
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

    /// For each record, how many records of its provider have its id (0 for -1).
    fileprivate static func counts(_ ids: [Int32], provider: [Int32], providers: Int) -> [Int32] {
        var occurrences = [Int32](repeating: 0, count: (Int(ids.max() ?? -1) + 1) * providers)
        for (i, id) in ids.enumerated() where id >= 0 {
            occurrences[Int(id) * providers + Int(provider[i])] += 1
        }
        return ids.enumerated().map { i, id in id >= 0 ? occurrences[Int(id) * providers + Int(provider[i])] : 0 }
    }
}
