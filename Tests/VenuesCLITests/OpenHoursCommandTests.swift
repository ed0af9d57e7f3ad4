import Foundation
import Testing
import VenuesTestSupport

/// `--open-now`, `--open-at`, `--open-for` and `venues hours` on the bundled extract, offline,
/// held to what the extract's tags say (read here from the file, not by the engine).
@Suite(.timeLimit(.minutes(2)))
struct OpenHoursCommandTests {
    /// Each node's `opening_hours` in the extract, read off Swift's cooperative pool (the
    /// loopback servers of other suites answer on it).
    static func hoursByNode() async throws -> [String: String] {
        try await offCooperativePool { try Self.readHoursByNode() }
    }

    /// Each node's `opening_hours` in the extract, read with a regular expression over the XML.
    static func readHoursByNode() throws -> [String: String] {
        let text = try String(contentsOf: OfflineSampleTests.sample, encoding: .utf8)
        var hours: [String: String] = [:]
        var node: String?
        for line in text.split(separator: "\n") {
            if let range = line.range(of: #"<node id="(\d+)""#, options: .regularExpression) {
                node = String(line[range].dropFirst(10).dropLast())
            }
            if let node, let range = line.range(of: #"k="opening_hours" v="[^"]*""#, options: .regularExpression) {
                hours["osm:node/" + node] = String(line[range].dropFirst(22).dropLast())
                    .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
            }
        }
        return hours
    }

    static func listing(
        _ extra: [String]
    ) async throws -> (venues: [[String: Any]], document: [String: Any], stderr: String) {
        let output = try await OfflineSampleTests.run(["--limit", "5000", "--format", "json"] + extra)
        #expect(output.status == 0, "\(output.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        return (try #require(document["venues"] as? [[String: Any]]), document, output.stderr)
    }

    @Test func atThreeInTheMorningOnlyTheNightOwlsAreOpen() async throws {
        let tags = try await Self.hoursByNode()
        let all = try await Self.listing([])
        let everyone = all.venues.compactMap { $0["id"] as? String }
        // 03:30 on a Wednesday, Helsinki time (the venues' zone, from their position).
        let night = try await Self.listing(["--open-at", "2026-11-25T03:30"])
        let open = Set(night.venues.compactMap { $0["id"] as? String })
        #expect(!open.isEmpty)
        for id in everyone {
            guard let value = tags[id] else {
                #expect(!open.contains(id), "\(id) has no hours and was listed")
                continue
            }
            if value == "24/7" { #expect(open.contains(id), "\(id) is open day and night") }
            // A week of daytime spans: closed at 03:30.
            if value.range(
                of:
                    #"^(Mo|Tu|We|Th|Fr|Sa|Su)[-A-Za-z,]* (0[6-9]|1\d|2[0-3]):\d\d-(1\d|2[0-3]):\d\d(; (Mo|Tu|We|Th|Fr|Sa|Su)[-A-Za-z,]* (0[6-9]|1\d|2[0-3]):\d\d-(1\d|2[0-3]):\d\d)*$"#,
                options: .regularExpression
            ) != nil {
                #expect(!open.contains(id), "\(id) (\(value)) is closed at 03:30")
            }
        }
        #expect(night.venues.allSatisfy { ($0["hours"] as? [String: Any])?["state"] as? String == "open" })
        // The venues without hours are counted, and said on stderr.
        let withoutHours = everyone.filter { tags[$0] == nil }.count
        let counts = try #require(night.document["hoursFilter"] as? [String: Int])
        #expect((counts["unknown"] ?? 0) >= withoutHours)
        #expect(night.stderr.contains("with unknown hours left out; --include-unknown shows them"))
        // --include-unknown keeps them.
        let kept = try await Self.listing(["--open-at", "2026-11-25T03:30", "--include-unknown"])
        #expect(kept.venues.count == open.count + (counts["unknown"] ?? 0))
    }

    @Test func atNoonMostShopsAreOpenAndOpenForTrimsThoseClosingSoon() async throws {
        let tags = try await Self.hoursByNode()
        let noon = try await Self.listing(["--open-at", "2026-11-25T12:00"])
        let ids = Set(noon.venues.compactMap { $0["id"] as? String })
        let daytime = tags.filter { $0.value == "Mo-Fr 09:00-19:00; Sa 09:00-18:00" }.map(\.key)
        let inCircle = try await Self.listing([]).venues.compactMap { $0["id"] as? String }
        for id in daytime where inCircle.contains(id) {
            #expect(ids.contains(id), "\(id) is open at noon on a Wednesday")
        }
        // Open at 18:30 for an hour: a shop closing at 19:00 is not.
        let evening = try await Self.listing(["--open-at", "2026-11-25T18:30", "--open-for", "60"])
        let staying = Set(evening.venues.compactMap { $0["id"] as? String })
        for (id, value) in tags where value == "Mo-Fr 09:00-19:00; Sa 09:00-18:00" {
            #expect(!staying.contains(id), "\(id) closes at 19:00")
        }
        for (id, value) in tags where value == "24/7" && ids.contains(id) {
            #expect(staying.contains(id), "\(id) is open day and night")
        }
    }

    @Test func everyVenueCarriesItsHoursAndTheTableHasAnOpenColumn() async throws {
        let listing = try await Self.listing([])
        let hours = listing.venues.compactMap { $0["hours"] as? [String: Any] }
        #expect(hours.count == listing.venues.count)
        #expect(hours.contains { $0["source"] as? String == "osm" && $0["timeZone"] as? String == "Europe/Helsinki" })
        let table = try await OfflineSampleTests.run(["--limit", "20", "--open-at", "2026-11-25T12:00"])
        #expect(table.status == 0)
        #expect(table.stdout.contains("Open"))
        #expect(table.stdout.contains("open until") || table.stdout.contains("closes in"))
    }

    @Test func badTimesAndDurationsAreUsageErrors() async throws {
        for extra in [
            ["--open-at", "25:00"], ["--open-for", "soon"], ["--open-at", "2026-02-30"],
            ["--open-for", "0"], ["--country", "Finland"],
        ] {
            let output = try await OfflineSampleTests.run(extra)
            #expect(output.status == 64, "\(extra): \(output.stderr)")
        }
    }

    @Test func hoursEvaluatesValuesFromStandardInputAsJSONLines() async throws {
        let home = try VenuesProcess.temporaryHome()
        let values = ["Mo-Fr 09:00-17:00", "24/7", "Mo-Fr 09:00-", "off", "Mo-Su 22:00-02:00"]
        let output = try await VenuesProcess.run(
            ["hours", "--at", "2026-11-25T16:30+02:00", "--near", "60.17,24.94", "--format", "json"],
            environment: VenuesProcess.environment(home: home, [:]),
            input: values.joined(separator: "\n") + "\n"
        )
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n").map {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] ?? [:]
        }
        #expect(lines.count == values.count)
        #expect(lines.map { $0["value"] as? String } == values)
        #expect(lines.map { $0["state"] as? String } == ["open", "open", "unknown", "closed", "closed"])
        #expect(lines[0]["nextChange"] as? String == "2026-11-25T17:00:00+02:00")
        #expect(lines[0]["nextState"] as? String == "closed")
        #expect((lines[2]["error"] as? String)?.isEmpty == false)
        #expect(lines[4]["nextChange"] as? String == "2026-11-25T22:00:00+02:00")
        // The coming week from 16:30 on Wednesday: what is left of it, four weekdays, and next
        // Wednesday until 16:30.
        let week = try #require(lines[0]["intervals"] as? [[String: Any]])
        #expect(week.count == 6)
        #expect(week.first?["start"] as? String == "2026-11-25T16:30:00+02:00")
        #expect(week.first?["end"] as? String == "2026-11-25T17:00:00+02:00")
        #expect(week.last?["start"] as? String == "2026-12-02T09:00:00+02:00")
        #expect(week.last?["end"] as? String == "2026-12-02T16:30:00+02:00")
        #expect(lines.allSatisfy { $0["timeZone"] as? String == "Europe/Helsinki" })
    }
}

/// The imported index answers `--open-at` as the file does: the same venues, in the same order,
/// with the same hours.
@Suite(.timeLimit(.minutes(5)))
struct OpenHoursIndexTests {
    @Test func theIndexAndTheFileAgreeAtEveryHourOfADay() async throws {
        let home = try OSMIndexCommandTests.Home()
        let imported = try await home.run(["osm", "import", OSMIndexCommandTests.sample.path])
        #expect(imported.status == 0, "\(imported.transcript)")
        var file = home
        file.environment["VENUES_OVERPASS_URL"] = OSMIndexCommandTests.sample.path
        for time in ["2026-11-25T03:30", "2026-11-25T09:30", "2026-11-28T18:45", "2026-12-25T12:00"] {
            let arguments = [
                "nearby", "--providers", "osm", "--near", "60.171634,24.944295", "--radius", "600", "--limit", "400",
                "--open-at", time, "--format", "json",
            ]
            let fromIndex = try await home.run(arguments)
            let fromFile = try await file.run(arguments + ["--no-index"])
            #expect(fromIndex.status == 0 && fromFile.status == 0, "\(fromIndex.transcript)\n\(fromFile.transcript)")
            let indexed = try fromIndex.json()
            let scanned = try fromFile.json()
            #expect(indexed.provider("osm")?.source == "index:helsinki-centre")
            #expect(scanned.provider("osm")?.source == "file")
            #expect(!indexed.venues.isEmpty, "\(time)")
            #expect(indexed.venues.map(\.id) == scanned.venues.map(\.id), "\(time)")
            let states = { (output: EndToEndProcess.Output) throws -> [String] in
                let document = try #require(
                    try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
                )
                return (document["venues"] as? [[String: Any]] ?? []).map {
                    let hours = $0["hours"] as? [String: Any]
                    return "\(hours?["state"] ?? "-") \(hours?["nextChange"] ?? "-")"
                }
            }
            #expect(try states(fromIndex) == states(fromFile), "\(time)")
        }
    }
}
