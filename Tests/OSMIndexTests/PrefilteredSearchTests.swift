import Foundation
import OSMIndex
import OSMModel
import OverpassProvider
import Synchronization
import Testing
import VenuesCore
import VenuesTestSupport

/// A search with a prefilter (opening hours, in use) judges the nearest (or best) first and
/// stops once enough have passed: its answer is the whole circle's passing venues, cut.
@Suite("OSM index: the nearest that pass a prefilter", .timeLimit(.minutes(5)))
struct PrefilteredSearchTests {
    /// Keeps about one venue in `1/share`, leaves one in six unknown, by a hash of its id: a
    /// test that has nothing to do with distance or the order the index stores venues in. With
    /// `hoursOnly`, the prefilter says it reads only hours and position, and keeps its word: a
    /// venue without opening hours is unknown, the others are judged by a hash of their hours
    /// and position (the reader judges them as stand-ins that have nothing else of theirs).
    static func prefilter(share: Int, hoursOnly: Bool = false) -> VenuePrefilter {
        VenuePrefilter(identity: "hash/\(share)/\(hoursOnly)", readsHoursOnly: hoursOnly) { venue in
            if hoursOnly, venue.hours.isEmpty { return .leftOutUnknown }
            let read = hoursOnly ? hoursAndPosition(venue) : venue.id.description
            var hash: UInt64 = 14_695_981_039_346_656_037
            for byte in read.utf8 { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
            if hash % UInt64(share) == 0 { return .kept }
            return hash % 6 == 1 ? .leftOutUnknown : .leftOut
        }
    }

    /// All a prefilter that reads only hours may read of a venue: its hours and its position.
    static func hoursAndPosition(_ venue: Venue) -> String {
        "\(venue.hours.map(\.specification)) \(venue.coordinate.latitude) \(venue.coordinate.longitude)"
    }

    @Test func theNearestThatPassAreThoseOfTheWholeCircleFilteredAndCut() async throws {
        let index = try await IndexTest.sampleIndex.value
        let reader = try OSMIndexReader(url: index)
        for draw in SeededGenerator.draws("PrefilteredSearchTests.nearest") {
            var (seed, random) = draw
            var sawGrowth = false
            for _ in 0..<60 {
                let center = try Coordinate(
                    latitude: IndexTest.helsinki.latitude + Double.random(in: -0.01...0.01, using: &random),
                    longitude: IndexTest.helsinki.longitude + Double.random(in: -0.02...0.02, using: &random)
                )
                let share = [1, 2, 5, 20, 200].randomElement(using: &random)!
                let limit = [1, 5, 20, 60].randomElement(using: &random)!
                let prefilter = Self.prefilter(share: share, hoursOnly: Bool.random(using: &random))
                var whole = OSMIndexReader.Query(
                    center: center,
                    radius: [300, 1_000, 3_000].randomElement(using: &random)!,
                    categories: Bool.random(using: &random) ? [] : [.restaurant, .cafe],
                    selection: try OSMSelection(categories: [], term: nil),
                    nearest: nil
                )
                whole.selection = try OSMSelection(categories: whole.categories, term: nil)
                var asked = whole
                asked.nearest = limit
                asked.prefilter = prefilter
                let answer = try reader.search(asked)

                // The oracle: every venue of the circle, nearest first, those that pass, cut after
                // the limit-th (with every venue at its distance); those left out before the cut.
                let all = try reader.search(whole).venues
                    .map { (venue: $0, distance: $0.coordinate.distance(to: center)) }
                    .sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.venue.id < $1.venue.id }
                let passing = all.filter { prefilter.verdict($0.venue) == .kept }
                let cut = passing.count >= limit ? passing[limit - 1].distance : .infinity
                let expected = passing.filter { $0.distance <= cut }.map(\.venue.id)
                let judged = all.filter { $0.distance <= cut }
                let left = judged.filter { prefilter.verdict($0.venue) == .leftOut }.count
                let unknown = judged.filter { prefilter.verdict($0.venue) == .leftOutUnknown }.count

                let context =
                    "seed \(seed): \(prefilter.identity), limit \(limit), \(whole.radius) m at \(center)"
                #expect(Set(answer.venues.map(\.id)) == Set(expected), "\(context)")
                // Whole venues, even when they were judged on their hours alone.
                let wholeVenues = Dictionary(
                    all.map { ($0.venue.id, $0.venue) },
                    uniquingKeysWith: { first, _ in first }
                )
                #expect(answer.venues.allSatisfy { wholeVenues[$0.id] == $0 }, "\(context)")
                #expect(answer.venues.count == expected.count, "\(context)")
                #expect(answer.filtered == FilterCounts(leftOut: left, unknown: unknown), "\(context)")
                // The walk read no more than it needed when enough passed near the centre.
                if passing.count >= limit, share > 1 {
                    #expect(answer.venues.count + left + unknown <= all.count, "\(context)")
                }
                if answer.notes.contains(where: { $0.contains("round") }) && passing.count < limit { sawGrowth = true }
            }
            #expect(sawGrowth, "seed \(seed): no circle ran out of venues that pass")
        }
    }

    @Test func theBestMatchesThatPassAreThoseOfTheWholeCircleRankedAndCut() async throws {
        let index = try await IndexTest.sampleIndex.value
        let reader = try OSMIndexReader(url: index)
        let prefilter = Self.prefilter(share: 3)
        var cut = 0
        for term in ["kahvila", "ravintola", "bar", "Stokcmann", "pizza", "hotel", "sushi"] {
            let selection = try OSMSelection(categories: [], term: term)
            let whole = OSMIndexReader.Query(
                center: IndexTest.helsinki,
                radius: 5_000,
                categories: [],
                selection: selection,
                nearest: nil
            )
            var ranked = whole
            ranked.ranked = 10_000
            var asked = whole
            asked.ranked = 5
            asked.prefilter = prefilter
            let answer = try reader.search(asked)
            // The oracle: every match, best first (the better match, then the nearer), those that
            // pass, the first five; and those left out before the fifth.
            let all = try reader.search(ranked)
            let order = zip(all.venues, all.matches)
                .map { (venue: $0, match: $1, distance: $0.coordinate.distance(to: IndexTest.helsinki)) }
                .sorted { lhs, rhs in
                    VenueMatch.ranksFirst(lhs.match, rhs.match) ?? (lhs.distance < rhs.distance)
                }
            let passing = order.filter { prefilter.verdict($0.venue) == .kept }
            let expected = passing.prefix(5)
            if passing.count > 5, VenueMatch.ranksFirst(passing[4].match, passing[5].match) == nil,
                passing[4].distance == passing[5].distance
            {
                continue  // a tie at the cut: either may be kept
            }
            #expect(Set(answer.venues.map(\.id)) == Set(expected.map(\.venue.id)), "\(term)")
            // Fewer than five pass: every match was judged.
            let before =
                passing.count < 5
                ? order[...] : order.prefix { entry in entry.venue.id != expected.last?.venue.id }
            let left = before.filter { prefilter.verdict($0.venue) != .kept }.count
            #expect(answer.filtered.leftOut + answer.filtered.unknown == left, "\(term)")
            if passing.count >= 5 { cut += 1 }
        }
        #expect(cut >= 2, "too few terms with more than five matches that pass")
    }

    @Test func aFilterOnHoursJudgesEachVenueByItsOwnHoursAndPositionReadOncePerValue() async throws {
        let index = try await IndexTest.sampleIndex.value
        let reader = try OSMIndexReader(url: index)
        for (radius, center) in [(400.0, IndexTest.helsinki), (1_500, IndexTest.helsinki)] {
            let whole = OSMIndexReader.Query(
                center: center,
                radius: radius,
                categories: [],
                selection: try OSMSelection(categories: [], term: nil),
                nearest: nil
            )
            let all = try reader.search(whole).venues
            // What each venue with hours would be judged by: its hours and its position.
            let expected = all.filter { !$0.hours.isEmpty }.map(Self.hoursAndPosition)
            let distinct = Set(all.flatMap { $0.hours.map(\.specification) })
            #expect(expected.count > 20 && distinct.count > 5 && distinct.count < expected.count, "\(radius) m")

            // A filter that keeps nothing judges the whole circle; it records what it was shown.
            let seen = Mutex<[String]>([])
            var asked = whole
            asked.nearest = 10
            asked.prefilter = VenuePrefilter(identity: "none", readsHoursOnly: true) { venue in
                guard !venue.hours.isEmpty else { return .leftOutUnknown }
                seen.withLock { $0.append(Self.hoursAndPosition(venue)) }
                return .leftOut
            }
            let answer = try reader.search(asked)
            #expect(answer.venues.isEmpty)
            #expect(answer.filtered == FilterCounts(leftOut: expected.count, unknown: all.count - expected.count))
            #expect(seen.withLock { $0.sorted() } == expected.sorted(), "\(radius) m")
            // Judged by the hours read with their candidates, each distinct value made once.
            let note = "\(expected.count) by their hours read with the candidates: \(distinct.count) distinct value(s)"
            #expect(answer.notes.contains { $0.contains(note) }, "\(answer.notes)")
        }
    }

    @Test func venuesAtTheDistanceOfTheLastOneThatPassesStayToo() async throws {
        // Shops of one building share its position: two cafés near the centre, five at one
        // point farther, two farther still; every one has hours.
        var nodes = ""
        let places: [(id: Int, latitude: String)] = [
            (1, "60.1001000"), (2, "60.1002000"), (3, "60.1005000"), (4, "60.1005000"), (5, "60.1005000"),
            (6, "60.1005000"), (7, "60.1005000"), (8, "60.1009000"), (9, "60.1010000"),
        ]
        for place in places {
            nodes += """
                  <node id="\(place.id)" lat="\(place.latitude)" lon="24.9000000"><tag k="name" v="Kahvila \(place.id)"/>\
                <tag k="amenity" v="cafe"/><tag k="opening_hours" v="24/7"/></node>

                """
        }
        let osm = IndexTest.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\">\n\(nodes)</osm>\n")
        let index = IndexTest.directory("ties").appendingPathComponent("ties.sqlite")
        try await offCooperativePool { try IndexTest.importIndex(osm, into: index) }
        let reader = try OSMIndexReader(url: index)
        for hoursOnly in [false, true] {
            for limit in 1...9 {
                var plain = OSMIndexReader.Query(
                    center: try Coordinate(latitude: 60.1, longitude: 24.9),
                    radius: 1_000,
                    categories: [],
                    selection: try OSMSelection(categories: [], term: nil),
                    nearest: limit
                )
                let expected = try reader.search(plain).venues.map(\.id)
                plain.prefilter = VenuePrefilter(identity: "all", readsHoursOnly: hoursOnly) { _ in .kept }
                let answer = try reader.search(plain)
                // As the search without a filter: the nearest `limit`, and all at the last one's distance.
                #expect(Set(answer.venues.map(\.id)) == Set(expected), "limit \(limit), hours only: \(hoursOnly)")
                #expect(answer.venues.count == ((3...7).contains(limit) ? 7 : limit), "limit \(limit)")
            }
        }
    }

    @Test func theProviderJudgesEachVenueOnceAndAnswersAsTheIndexDoes() async throws {
        let index = try await IndexTest.sampleIndex.value
        let reader = try OSMIndexReader(url: index)
        let provider = IndexTest.provider(.index(index))
        for (term, share) in [(nil, 3), ("ravintola", 2), (nil, 1)] as [(String?, Int)] {
            let judged = Mutex<[VenueID: Int]>([:])
            let counting = Self.prefilter(share: share)
            var query = VenueQuery(center: IndexTest.helsinki, radius: 1_500, limit: 10)
            query.term = term
            query.sort = term == nil ? .distance : .relevance
            query.prefilter = VenuePrefilter(identity: counting.identity) { venue in
                judged.withLock { $0[venue.id, default: 0] += 1 }
                return counting.verdict(venue)
            }
            let response = try await term == nil ? provider.nearby(query) : provider.search(query)

            // The index judged the venues; the provider only shapes its answer, judging none again.
            let twice = judged.withLock { $0.filter { $0.value > 1 } }
            #expect(twice.isEmpty, "\(term ?? "nearby"): judged more than once: \(twice)")
            var asked = OSMIndexReader.Query(
                center: IndexTest.helsinki,
                radius: 1_500,
                categories: [],
                selection: try OSMSelection(categories: [], term: term),
                nearest: term == nil ? 10 : nil,
                ranked: term == nil ? nil : 10
            )
            asked.prefilter = counting
            let answer = try reader.search(asked)
            #expect(!response.venues.isEmpty)
            #expect(Set(response.venues.map(\.id)).isSubset(of: Set(answer.venues.map(\.id))), "\(term ?? "nearby")")
            #expect(response.venues.count == min(10, answer.venues.count), "\(term ?? "nearby")")
            #expect(response.filtered == answer.filtered, "\(term ?? "nearby")")
        }
    }
}
