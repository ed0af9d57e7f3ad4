import Foundation
import Testing
import VenuesTestSupport

/// Favourites and the response cache across real `venues` processes: concurrent writers lose
/// nothing, an unreadable favourites file is never rewritten, a cached query reaches no
/// server, and `--offline` with nothing cached says so.
@Suite(.timeLimit(.minutes(2)))
struct FavoritesProcessTests {
    /// The favourites file in a sandbox made by ``VenuesProcess/environment(home:_:)``.
    static func favoritesFile(home: URL) -> URL {
        home.appendingPathComponent("data/venues/favorites.json")
    }

    static func nearbyArguments(_ fakes: FakeProviders, _ extra: [String] = []) -> [String] {
        [
            "nearby", "--near", FakeBodies.near, "--radius", "1000", "--providers", fakes.providerList, "--format",
            "json",
        ]
            + extra
    }

    /// All three providers working, each with `count` venues.
    static func workingFakes(count: Int) async throws -> FakeProviders {
        var fakes = FakeProviders()
        fakes.foursquare = try await FakeProvider.working(.foursquare, count: count)
        fakes.google = try await FakeProvider.working(.google, count: count)
        fakes.overpass = try await FakeProvider.working(.overpass, count: count)
        return fakes
    }

    @Test func twentyConcurrentAddsAreAllKept() async throws {
        var fakes = FakeProviders()
        fakes.foursquare = try await FakeProvider.working(.foursquare, count: 20)
        let home = try VenuesProcess.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = fakes.environment(home: home)

        // One listing of 20 places, so that each `add` finds its place without a request.
        let listing = try await EndToEndProcess.run(Self.nearbyArguments(fakes), environment: environment)
        #expect(listing.status == 0, "\(listing.transcript)")
        let ids = (0..<20).map { "fsq:\(FakeBodies.foursquareID($0))" }
        #expect(try listing.json().sourceIDs(of: "fsq") == Set(ids))

        let outputs = try await withThrowingTaskGroup(of: (String, EndToEndProcess.Output).self) { group in
            for (index, id) in ids.enumerated() {
                group.addTask {
                    let output = try await EndToEndProcess.run(
                        ["favorites", "add", id, "--note", "note \(index)"],
                        environment: environment
                    )
                    return (id, output)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for (id, output) in outputs {
            #expect(output.status == 0, "favorites add \(id): \(output.transcript)")
            #expect(output.stdout.contains("Added"), "favorites add \(id): \(output.transcript)")
        }
        #expect(await fakes.foursquare?.requestCount == 1, "every add was answered from the last listing")

        let list = try await EndToEndProcess.run(["favorites", "list", "--format", "json"], environment: environment)
        #expect(list.status == 0, "\(list.transcript)")
        let favorites = try list.json()
        #expect(favorites.venues.count == 20)
        #expect(Set(favorites.venues.map(\.id)) == Set(ids))
        let allMarked = favorites.venues.allSatisfy { $0.favorite }
        #expect(allMarked)

        let file = Self.favoritesFile(home: home)
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        // No temporary file of a writer is left behind.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
            .filter { $0 != "favorites.json" && !$0.hasSuffix(".lock") }
        #expect(leftovers.isEmpty, "\(leftovers)")
        await fakes.stop()
    }

    static let unreadableFiles: [(label: String, bytes: [UInt8])] = [
        ("broken JSON", Array(#"{"version": 1, "favorites": [ {"id": "fsq:abc", "#.utf8)),
        ("unknown version", Array(#"{"version": 99, "favorites": []}"#.utf8)),
        ("binary", [0x00, 0xFF, 0xFE, 0x7B, 0x0A, 0x80, 0x81]),
    ]

    @Test(arguments: 0..<unreadableFiles.count)
    func unreadableFavoritesFileExits1NamingItAndKeepsItsBytes(case index: Int) async throws {
        let (label, bytes) = Self.unreadableFiles[index]
        var fakes = FakeProviders()
        fakes.foursquare = try await FakeProvider.working(.foursquare, count: 3)
        let home = try VenuesProcess.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = fakes.environment(home: home)
        let file = Self.favoritesFile(home: home)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        let before = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date

        // A listing still works (favourites just are not marked), and leaves the file alone.
        let listing = try await EndToEndProcess.run(Self.nearbyArguments(fakes), environment: environment)
        #expect(listing.status == 0, "\(label): \(listing.transcript)")
        #expect(listing.stderr.contains(file.path), "\(label): \(listing.transcript)")

        let id = "fsq:\(FakeBodies.foursquareID(0))"
        // show still shows the venue, and says the favourites could not be checked.
        let shown = try await EndToEndProcess.run(["show", id], environment: environment)
        #expect(shown.status == 0, "\(label): \(shown.transcript)")
        #expect(shown.stderr.contains("warning: not checked against your favourites"), "\(label): \(shown.transcript)")
        #expect(shown.stderr.contains(file.path), "\(label): \(shown.transcript)")

        for arguments in [["favorites", "add", id], ["favorites", "list"], ["favorites", "remove", id]] {
            let output = try await EndToEndProcess.run(arguments, environment: environment)
            let command = "\(label): venues \(arguments.joined(separator: " "))"
            #expect(output.status == 1, "\(command): \(output.transcript)")
            #expect(output.stderr.contains(file.path), "\(command) should name the file: \(output.transcript)")
            #expect(!output.stderr.contains("Fatal error"), "\(command): \(output.transcript)")
            #expect(try Data(contentsOf: file) == Data(bytes), "\(command) changed the file")
        }
        let after = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
        #expect(before == after)
        await fakes.stop()
    }

    @Test func anEmptyListingSaysWhetherThereAreNoFavouritesOrNoneNearby() async throws {
        let home = try VenuesProcess.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = VenuesProcess.environment(home: home)

        let none = try await VenuesProcess.run(["favorites", "list"], environment: environment)
        #expect(none.status == 0, "\(none.stderr)")
        #expect(none.stdout.contains("No favourites yet"), "\(none.stdout)")

        let file = Self.favoritesFile(home: home)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let example = VenuesProcess.repositoryRoot.appendingPathComponent("Config/favorites.example.json")
        try FileManager.default.copyItem(at: example, to: file)
        let far = try await VenuesProcess.run(
            ["favorites", "list", "--near", "52.3791,4.9003", "--radius", "500"],
            environment: environment
        )
        #expect(far.status == 0, "\(far.stderr)")
        #expect(far.stdout.contains("Your one favourite is not within 500 m of 52.3791,4.9003"), "\(far.stdout)")

        let near = try await VenuesProcess.run(
            ["favorites", "list", "--near", "60.1721,24.9450", "--radius", "500"],
            environment: environment
        )
        #expect(near.stdout.contains("Maya Bar"), "\(near.stdout)")

        // As a page: the favourite in the list and on the map, starred; none far away.
        let page = try await VenuesProcess.run(
            ["favorites", "list", "--near", "60.1721,24.9450", "--radius", "500", "--format", "html"],
            environment: environment
        )
        #expect(page.status == 0, "\(page.stderr)")
        #expect(page.stdout.contains("<h1>1 favourite within 500 m of 60.17210, 24.94500</h1>"), "\(page.stdout)")
        #expect(page.stdout.contains("<bdi class=\"name\">Maya Bar &amp; Grill</bdi> <span class=\"favorite-mark\""))
        #expect(page.stdout.contains("<g class=\"pin favorite\""))
        let farPage = try await VenuesProcess.run(
            ["favorites", "list", "--near", "52.3791,4.9003", "--radius", "500", "--format", "html"],
            environment: environment
        )
        #expect(farPage.stdout.contains("<p class=\"empty\">No favourites here.</p>"), "\(farPage.stdout)")
    }

    @Test func aCachedQueryReachesNoServer() async throws {
        let fakes = try await Self.workingFakes(count: 3)
        let home = try VenuesProcess.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = fakes.environment(home: home)

        let first = try await EndToEndProcess.run(Self.nearbyArguments(fakes), environment: environment)
        #expect(first.status == 0, "\(first.transcript)")
        var counts: [Int] = []
        for fake in fakes.all { counts.append(await fake.requestCount) }
        #expect(counts.allSatisfy { $0 == 1 }, "\(counts)")

        let second = try await EndToEndProcess.run(Self.nearbyArguments(fakes), environment: environment)
        #expect(second.status == 0, "\(second.transcript)")
        for (fake, count) in zip(fakes.all, counts) {
            #expect(await fake.requestCount == count, "\(fake.kind.rawValue) was asked again")
        }
        #expect(Set(try second.json().venues.map(\.id)) == Set(try first.json().venues.map(\.id)))
        #expect(try second.json().venues.count == 3 * fakes.all.count)
        #expect(try second.json().providers.allSatisfy { $0.status == "ok" })

        // --offline answers from the same entries, with no request either.
        let offline = try await EndToEndProcess.run(
            Self.nearbyArguments(fakes, ["--offline"]),
            environment: environment
        )
        #expect(offline.status == 0, "\(offline.transcript)")
        #expect(Set(try offline.json().venues.map(\.id)) == Set(try first.json().venues.map(\.id)))
        for (fake, count) in zip(fakes.all, counts) {
            #expect(await fake.requestCount == count, "\(fake.kind.rawValue) was asked while offline")
        }

        // The fakes are still there: asking again with --no-cache reaches every one of them.
        let third = try await EndToEndProcess.run(Self.nearbyArguments(fakes, ["--no-cache"]), environment: environment)
        #expect(third.status == 0, "\(third.transcript)")
        for (fake, count) in zip(fakes.all, counts) {
            #expect(await fake.requestCount == count + 1, "\(fake.kind.rawValue) with --no-cache")
        }
        await fakes.stop()
    }

    @Test func corruptCacheEntriesAreIgnoredAndReplaced() async throws {
        let fakes = try await Self.workingFakes(count: 3)
        let home = try VenuesProcess.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = fakes.environment(home: home)
        let first = try await EndToEndProcess.run(Self.nearbyArguments(fakes), environment: environment)
        #expect(first.status == 0, "\(first.transcript)")

        let responses = home.appendingPathComponent("cache/venues/responses")
        let entries = try FileManager.default.contentsOfDirectory(at: responses, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
        #expect(entries.count == fakes.all.count, "one entry per provider request: \(entries)")
        let garbage = Data("{\"format\": 1, \"body\": \u{0}\u{1}trunc".utf8)
        for entry in entries { try garbage.write(to: entry) }

        let second = try await EndToEndProcess.run(Self.nearbyArguments(fakes), environment: environment)
        #expect(second.status == 0, "\(second.transcript)")
        #expect(try second.json().venues.count == 3 * fakes.all.count)
        for fake in fakes.all {
            #expect(await fake.requestCount == 2, "\(fake.kind.rawValue): a corrupt entry means asking again")
        }
        for entry in entries {
            #expect(try Data(contentsOf: entry) != garbage, "\(entry.lastPathComponent) was not replaced")
        }
        await fakes.stop()
    }

    /// An answer the provider rejected (HTTP 200 but not usable: invalid JSON, an Overpass
    /// runtime-error remark) must not be replayed from the cache: the next run asks again.
    @Test func aRejectedAnswerIsNotReplayedFromTheCache() async throws {
        var fakes = FakeProviders()
        fakes.foursquare = try await FakeProvider.start(.foursquare) { attempt, request in
            attempt == 1 ? .json(#"{"results": [ {"#) : .success(.foursquare, count: 3, request: request)
        }
        fakes.google = try await FakeProvider.start(.google) { attempt, request in
            attempt == 1 ? .json("<html>oops</html>") : .success(.google, count: 3, request: request)
        }
        fakes.overpass = try await FakeProvider.start(.overpass) { attempt, request in
            attempt == 1
                ? .data(
                    Data(
                        """
                        <?xml version="1.0" encoding="UTF-8"?>
                        <osm version="0.6" generator="Overpass API 0.7.62">
                        <remark> runtime error: Query timed out in "query" at line 3 after 2 seconds. </remark>
                        </osm>
                        """.utf8
                    ),
                    contentType: "application/osm3s+xml"
                )
                : .success(.overpass, count: 3, request: request)
        }
        let home = try VenuesProcess.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = fakes.environment(home: home)

        let first = try await EndToEndProcess.run(Self.nearbyArguments(fakes), environment: environment)
        #expect(first.status == 1, "\(first.transcript)")
        let second = try await EndToEndProcess.run(Self.nearbyArguments(fakes), environment: environment)
        #expect(second.status == 0, "\(second.transcript)")
        for fake in fakes.all {
            #expect(await fake.requestCount == 2, "\(fake.kind.rawValue) was not asked again")
            #expect(try second.json().provider(fake.kind.rawValue)?.status == "ok", "\(second.transcript)")
        }
        await fakes.stop()
    }

    @Test func offlineWithAnEmptyCacheSaysSoAndExits1() async throws {
        let fakes = try await Self.workingFakes(count: 3)
        let home = try VenuesProcess.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let output = try await EndToEndProcess.run(
            Self.nearbyArguments(fakes, ["--offline"]),
            environment: fakes.environment(home: home)
        )
        #expect(output.status == 1, "\(output.transcript)")
        #expect(output.stderr.contains("nothing is cached"), "\(output.transcript)")
        #expect(output.stderr.contains("without --offline"), "the message says what to do: \(output.transcript)")
        #expect(!output.stderr.contains("Fatal error"))
        for fake in fakes.all {
            #expect(await fake.requestCount == 0, "\(fake.kind.rawValue) was asked while offline")
        }
        await fakes.stop()
    }
}
