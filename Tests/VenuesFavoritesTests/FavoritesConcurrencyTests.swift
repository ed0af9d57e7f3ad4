import Foundation
import Testing
import VenuesCore
import VenuesTestSupport

@testable import VenuesFavorites

@Suite("FavoritesStore: concurrent updates lose nothing", .timeLimit(.minutes(3)))
struct FavoritesConcurrencyTests {
    /// Starts `count` threads that wait on one gate and then run `work` together; waits for
    /// them without blocking the cooperative pool.
    private static func runOnThreads(_ count: Int, _ work: @escaping @Sendable (Int) -> Void) async {
        let gate = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for index in 0..<count {
            done.enter()
            let thread = Thread {
                gate.wait()
                work(index)
                done.leave()
            }
            thread.start()
        }
        for _ in 0..<count { gate.signal() }
        await withCheckedContinuation { continuation in
            done.notify(queue: .global()) { continuation.resume() }
        }
    }

    @Test("20 threads, each with its own store, add 20 different favourites: all 20 are there")
    func twentyThreadsAdd() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let url = scratch.file("favorites.json")
        let failures = Failures()

        await Self.runOnThreads(20) { index in
            let venue = Venue(
                id: try! VenueID(parsing: "osm:node/\(index + 1)"),
                name: "Venue \(index + 1)",
                coordinate: try! Coordinate(latitude: 60.17 + Double(index) / 1000, longitude: 24.94)
            )
            do {
                let outcome = try FavoritesStore(fileURL: url).add(venue: venue)
                if case .added = outcome {} else { failures.record("\(index): \(outcome)") }
            } catch {
                failures.record("\(index): \(error)")
            }
        }

        #expect(failures.all == [])
        let stored = try FavoritesStore(fileURL: url).load()
        #expect(Set(stored.map(\.id.description)) == Set((1...20).map { "osm:node/\($0)" }))
        #expect(stored.count == 20)
        #expect(try scratch.contents() == ["favorites.json", "favorites.json.lock"])
    }

    @Test("20 threads × 5 read-modify-write updates of one note: every increment survives")
    func noLostUpdates() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let url = scratch.file("favorites.json")
        try FavoritesStore(fileURL: url).add(venue: HelsinkiVenues.kiasma, note: "0")
        let failures = Failures()

        await Self.runOnThreads(20) { index in
            let store = FavoritesStore(fileURL: url)
            for _ in 0..<5 {
                do {
                    try store.update { favorites in
                        let count = Int(favorites[0].note ?? "") ?? -1_000
                        favorites[0].note = String(count + 1)
                    }
                } catch {
                    failures.record("\(index): \(error)")
                }
            }
        }

        #expect(failures.all == [])
        #expect(try FavoritesStore(fileURL: url).load().first?.note == "100")
    }

    @Test(
        "another process holding the lock (flock(1)) makes updates wait for it",
        .enabled(
            if: TestEnvironment.runs(ifAvailable: FileManager.default.isExecutableFile(atPath: "/usr/bin/flock")),
            "needs flock(1) (util-linux) at /usr/bin/flock"
        )
    )
    func otherProcessHoldsLock() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/flock") else {
            Issue.record(Comment(rawValue: TestEnvironment.missingInCI("/usr/bin/flock")))
            return
        }
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let store = FavoritesStore(fileURL: scratch.file("favorites.json"), lockTimeout: 0.2)
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        // The holder keeps the lock until its standard input closes: no timing involved.
        holder.arguments = ["--nonblock", store.lockURL.path, "-c", "echo locked; read line"]
        let output = Pipe()
        let input = Pipe()
        holder.standardOutput = output
        holder.standardInput = input
        try holder.run()
        let line = await offCooperativePool {
            String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        }
        try #require(line == "locked\n")

        // While the other process holds the lock, a short wait fails cleanly ...
        let short = await offCooperativePool { Result { try store.add(venue: HelsinkiVenues.kiasma) } }
        let error = try #require(short.failure as? FavoritesError)
        guard case .lockFailed = error else {
            Issue.record("expected .lockFailed, got \(error)")
            return
        }
        #expect(error.description.contains(store.fileURL.path))
        #expect(!FileManager.default.fileExists(atPath: store.fileURL.path))

        // ... and a longer one waits for the lock until the process lets go.
        var patient = store
        patient.lockTimeout = 30
        let waiting = patient
        let released = Released()
        let adding = Task {
            await offCooperativePool {
                let added = Result { try waiting.add(venue: HelsinkiVenues.kiasma) }
                return (added, released.value)
            }
        }
        try await Task.sleep(for: .milliseconds(300))
        released.set()
        try input.fileHandleForWriting.close()
        let (added, finishedAfterRelease) = await adding.value
        #expect(try added.get().favorite.name == "Kiasma")
        #expect(finishedAfterRelease)
        await offCooperativePool { holder.waitUntilExit() }
    }

    @Test("readers during concurrent writes always see a complete file")
    func readersSeeCompleteFiles() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let url = scratch.file("favorites.json")
        let failures = Failures()

        await Self.runOnThreads(8) { index in
            let store = FavoritesStore(fileURL: url)
            for round in 0..<10 {
                do {
                    if index.isMultiple(of: 2) {
                        let venue = Venue(
                            id: try! VenueID(parsing: "osm:way/\(index * 100 + round + 1)"),
                            name: "Place \(index)-\(round)",
                            coordinate: try! Coordinate(latitude: 60.17, longitude: 24.94)
                        )
                        try store.add(venue: venue)
                    } else {
                        _ = try store.load()
                    }
                } catch {
                    failures.record("\(index): \(error)")
                }
            }
        }

        #expect(failures.all == [])
        #expect(try FavoritesStore(fileURL: url).load().count == 40)
    }
}

/// A flag set once, read from another thread.
private final class Released: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    func set() { lock.withLock { flag = true } }
    var value: Bool { lock.withLock { flag } }
}

/// Failures recorded from several threads.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []

    func record(_ message: String) {
        lock.withLock { messages.append(message) }
    }

    var all: [String] { lock.withLock { messages } }
}
