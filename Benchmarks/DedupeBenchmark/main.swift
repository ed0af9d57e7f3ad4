// Deduplicates synthetic venues spread over a city, in release mode:
//   swift run --package-path Benchmarks -c release DedupeBenchmark [--plain] [COUNT...]
// Default counts: 10000 100000 1000000. Each place is listed by each of three providers
// with probability 0.7 (2.1 records per place on average), at a fixed density of 750 places
// per km² (central Helsinki has about 725 named POIs per km²), so the city grows with the
// count: 100k records cover ~63 km², 1M records ~635 km². Provider copies are perturbed as in
// the evaluation set: jitter of tens of metres, generic words, case, diacritics; 10 % of
// places belong to 40 chains. Unless --plain (the input of the benchmark before other names
// and extents existed), drawn from a second random stream so that the rest stays the same:
// 20 % of OSM records carry a `name:en`, which Google shows instead in half of its copies;
// 2 % of OSM records are buildings with an extent of 40–200 m, pinned at an edge by the
// others; 2 % of Foursquare records are listed twice, 5–35 m apart.
// Also prints the pairwise precision and recall against the places the records came from.
// "CPU" is the CPU time of the calling thread (it does not count waiting for a core that other
// processes hold); "all threads" adds the second thread the merge uses for large inputs.
import Foundation
import VenuesCore
import VenuesMerge

struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

let syllables = [
    "ka", "lo", "mi", "nen", "sa", "ri", "to", "vu", "pä", "hel", "kou", "ran", "ta", "ja", "lin", "mö",
    "ber", "gen", "stad", "hof", "ku", "ai", "no", "ve", "el", "ström", "by", "dal", "é", "ro",
]
let chains = (0..<40).map { "Chain \($0) " + ["Burger", "Kioski", "Coffee", "Sushi", "Market"][$0 % 5] }
let categories: [Category] = [.restaurant, .cafe, .bar, .pub, .fastFood, .shop, .supermarket, .hotel, .museum, .bank]
let generic = ["Ravintola ", "Cafe ", "Restaurant ", "Baari ", "The "]

func makeVenues(count: Int, seed: UInt64, plain: Bool) -> [Venue] {
    var random = Generator(state: seed)
    var extra = Generator(state: seed ^ 0x5EED)
    let places = Int(Double(count) / 2.1)
    let side = (Double(places) / 750).squareRoot() * 1000  // metres
    let origin = (latitude: 60.17, longitude: 24.94)
    let metresPerDegree = Coordinate.earthRadius * Double.pi / 180
    let cosLatitude = cos(origin.latitude * Double.pi / 180)
    var venues: [Venue] = []
    venues.reserveCapacity(count + 16)
    let providers: [ProviderID] = [.openStreetMap, .foursquare, .google]
    var place = 0
    while venues.count < count {
        place += 1
        let north = random.unit() * side
        let east = random.unit() * side
        let name: String
        if random.unit() < 0.1 {
            name = chains[Int(random.next() % UInt64(chains.count))]
        } else {
            let parts = 2 + Int(random.next() % 3)
            let word = (0..<parts).map { _ in syllables[Int(random.next() % UInt64(syllables.count))] }.joined()
            name = word.prefix(1).uppercased() + word.dropFirst() + (random.unit() < 0.3 ? " \(place % 97)" : "")
        }
        let category = categories[Int(random.next() % UInt64(categories.count))]
        let phone = random.unit() < 0.4 ? "+358 9 \(1_000_000 + place)" : nil
        let english =
            !plain && extra.unit() < 0.2
            ? "The " + name.uppercased().prefix(1) + name.lowercased().dropFirst() + " Hall" : nil
        let extentSide = !plain && extra.unit() < 0.02 ? 40 + 160 * extra.unit() : nil
        for (p, provider) in providers.enumerated() where random.unit() < 0.7 && venues.count < count {
            var distance =
                random.unit() < 0.95 ? 20 * (-2 * log(1 - random.unit())).squareRoot() : 50 + 40 * random.unit()
            let bearing = 2 * Double.pi * random.unit()
            if let extentSide, provider != .openStreetMap {
                distance += extentSide / 2  // a pin at an edge of the building
            }
            let latitude =
                origin.latitude
                + (north + (provider == .openStreetMap && extentSide != nil ? 0 : distance * cos(bearing)))
                / metresPerDegree
            let longitude =
                origin.longitude
                + (east + (provider == .openStreetMap && extentSide != nil ? 0 : distance * sin(bearing)))
                / (metresPerDegree * cosLatitude)
            var shown = name
            let roll = random.unit()
            if roll < 0.15 {
                shown = generic[Int(random.next() % UInt64(generic.count))] + shown
            } else if roll < 0.25 {
                shown = shown.uppercased()
            } else if roll < 0.3 {
                shown += " Helsinki"
            }
            let native = provider == .openStreetMap ? "node/\(place)" : "\(provider.rawValue)\(place)x\(p)"
            let coordinate = try! Coordinate(latitude: latitude, longitude: longitude)
            var names: [VenueName] = []
            var extent: BoundingBox?
            if let english, provider == .openStreetMap {
                names = [VenueName(shown, source: "name"), VenueName(english, source: "name:en", language: "en")]
            } else if let english, provider == .google, extra.unit() < 0.5 {
                shown = english
                names = [VenueName(english, source: "displayName", language: "en")]
            }
            if let extentSide, provider == .openStreetMap {
                let half = extentSide / 2
                extent = BoundingBox(
                    try! Coordinate(
                        latitude: latitude - half / metresPerDegree,
                        longitude: longitude - half / (metresPerDegree * cosLatitude)
                    ),
                    try! Coordinate(
                        latitude: latitude + half / metresPerDegree,
                        longitude: longitude + half / (metresPerDegree * cosLatitude)
                    )
                )
            }
            let venue = Venue(
                id: try! VenueID(provider: provider, native: native),
                name: shown,
                names: names,
                coordinate: coordinate,
                extent: extent,
                categories: random.unit() < 0.9 ? [category] : [],
                phone: random.unit() < 0.7 ? phone : nil
            )
            venues.append(venue)
            if !plain, provider == .foursquare, extra.unit() < 0.02 {
                var twin = venue
                twin.id = try! VenueID(provider: provider, native: native + "b")
                let away = 5 + 30 * extra.unit()
                twin.coordinate = try! Coordinate(latitude: latitude + away / metresPerDegree, longitude: longitude)
                twin.name = extra.unit() < 0.5 ? shown.lowercased() : shown
                venues.append(twin)
            }
        }
    }
    return venues
}

func peakResidentMegabytes() -> Double? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return nil }
    return kilobytes / 1024
}

/// CPU time of this thread in seconds: unlike wall time, it does not count waiting for a core
/// that other processes hold (the benchmark machine is shared).
func threadCPUSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// CPU time of the whole process (every thread) in seconds: the merge uses a second thread
/// for large inputs.
func processCPUSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

let counts = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let plain = CommandLine.arguments.contains("--plain")

/// Pairwise precision and recall against the place each record was made from (the number in
/// its id), for a sanity check of the rules on this input.
func pairScores(_ places: [MergedVenue]) -> (precision: Double, recall: Double) {
    func place(_ venue: Venue) -> Int {
        Int(venue.id.native.drop { !$0.isNumber }.prefix { $0.isNumber })!
    }
    var correct = 0
    var wrong = 0
    var recordsOfPlace: [Int: Int] = [:]
    for merged in places {
        let labels = merged.sources.map(place)
        for label in labels { recordsOfPlace[label, default: 0] += 1 }
        for a in labels.indices {
            for b in labels.indices where b > a {
                if labels[a] == labels[b] { correct += 1 } else { wrong += 1 }
            }
        }
    }
    let truePairs = recordsOfPlace.values.reduce(0) { $0 + $1 * ($1 - 1) / 2 }
    return (Double(correct) / Double(max(1, correct + wrong)), Double(correct) / Double(max(1, truePairs)))
}
let deduplicator = Deduplicator()
let clock = ContinuousClock()
print(
    "records     places out   wall (best)   CPU (best)   CPU µs/record   all threads"
        + (plain ? "   (--plain input)" : "")
)
var previous: (count: Int, seconds: Double)?
for count in counts.isEmpty ? [10_000, 100_000, 1_000_000] : counts {
    let venues = makeVenues(count: count, seed: 2026, plain: plain)
    let runs = count >= 1_000_000 ? 2 : 3
    var best = Double.infinity
    var bestCPU = Double.infinity
    var bestProcessCPU = Double.infinity
    var merged = 0
    var scores = (precision: 0.0, recall: 0.0)
    for run in 0..<runs {
        var result: [MergedVenue] = []
        let cpuStart = threadCPUSeconds()
        let processStart = processCPUSeconds()
        let elapsed = clock.measure { result = deduplicator.merge(venues) }
        bestCPU = min(bestCPU, threadCPUSeconds() - cpuStart)
        bestProcessCPU = min(bestProcessCPU, processCPUSeconds() - processStart)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        best = min(best, seconds)
        merged = result.count
        if run == 0 { scores = pairScores(result) }
    }
    var growth = ""
    if let previous {
        growth = String(
            format: "  (×%.1f CPU time for ×%.0f records)",
            bestCPU / previous.seconds,
            Double(count) / Double(previous.count)
        )
    }
    print(
        String(
            format: "%7d  %10d   %8.3f s   %8.3f s   %10.2f   %8.3f s",
            count,
            merged,
            best,
            bestCPU,
            bestCPU * 1e6 / Double(count),
            bestProcessCPU
        ) + growth + String(format: "  [pairs: precision %.4f, recall %.4f]", scores.precision, scores.recall)
    )
    previous = (count, bestCPU)
}
if let peak = peakResidentMegabytes() {
    print(String(format: "peak RSS: %.0f MB", peak))
}
