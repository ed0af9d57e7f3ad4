import Foundation
import OSMModel
import Synchronization
import Testing
import VenuesCore
import VenuesFiles
import VenuesSQLite
import VenuesTestSupport

@testable import OSMIndex

/// An update never breaks a search: a search meanwhile reads the index as it was until the
/// update commits, never a mixture; readers kept open (as `venues serve` keeps them) answer
/// from the new data afterwards; a second update waits for nobody and is refused; an index of an
/// earlier venues is refused with what to do.
@Suite("OSM index: updates and the searches meanwhile") struct UpdateSafetyTests {
    @Test func aSearchDuringAnUpdateSeesTheOldIndexUntilTheCommit() async throws {
        let files = try await UpdateParityTests.prepare(seed: 21)
        let outcome = try await offCooperativePool {
            // Used by the update's thread only while the update waits for the hook.
            nonisolated(unsafe) let keptOpen = try OSMIndexReader(url: files.updated)
            let before = try UpdateTest.everything(keptOpen)
            let beforeSearch = try UpdateTest.search("uusi", keptOpen)
            let imported = try OSMIndexReader(url: files.imported)
            let newer = try UpdateTest.everything(imported)
            let during = Mutex<(everything: [[Venue]], search: [String])>(([], []))
            try UpdateTest.apply(files.changes, to: files.updated) {
                // Every change is written, not committed: both a reader opened before and one
                // opened now see the index as it was.
                let fresh = try? OSMIndexReader(url: files.updated)
                let seen = [
                    (try? UpdateTest.everything(keptOpen)) ?? [],
                    (try? fresh.map(UpdateTest.everything)) ?? [],
                ]
                let search = (try? UpdateTest.search("uusi", keptOpen)) ?? []
                during.withLock { $0 = (seen, search) }
            }
            let after = try UpdateTest.everything(keptOpen)
            let afterSearch = try UpdateTest.search("uusi", keptOpen)
            let newerSearch = try UpdateTest.search("uusi", imported)
            return (before, beforeSearch, during.withLock { $0 }, after, afterSearch, newer, newerSearch)
        }
        let (before, beforeSearch, during, after, afterSearch, newer, newerSearch) = outcome
        #expect(before != newer, "the scenario changes the venues")
        #expect(during.everything.count == 2)
        #expect(during.everything.first == before, "a reader opened before the update, during it")
        #expect(during.everything.last == before, "a reader opened during the update")
        #expect(!beforeSearch.isEmpty)
        #expect(during.search == beforeSearch, "a text search during the update, in its order")
        #expect(after == newer, "the reader kept open, after the update")
        #expect(afterSearch == newerSearch, "its text search (words read again), after the update")
        #expect(afterSearch != beforeSearch)
    }

    @Test func searchesWhileAnUpdateRunsGetTheOldOrTheNewAnswerNeverAMixture() async throws {
        let files = try await UpdateParityTests.prepare(seed: 22)
        let outcome = try await offCooperativePool {
            () throws -> (answers: Int, mixed: [String], whileWriting: [Bool], old: [Venue], new: [Venue]) in
            let old = try UpdateTest.everything(OSMIndexReader(url: files.updated))
            let new = try UpdateTest.everything(OSMIndexReader(url: files.imported))
            let done = Atomic<Bool>(false)
            // Set while the update has written every change and waits to commit.
            let writing = Atomic<Bool>(false)
            let seen = Mutex<(answers: Int, mixed: [String], whileWriting: [Bool])>((0, [], []))
            let searching = DispatchSemaphore(value: 0)
            let readWhileWriting = DispatchSemaphore(value: 0)
            let finished = DispatchSemaphore(value: 0)
            let searcher = Thread {
                defer { finished.signal() }
                guard let reader = try? OSMIndexReader(url: files.updated) else { return }
                var first = true
                // Until the update is done, and once more after it.
                while true {
                    let last = done.load(ordering: .acquiring)
                    let startedWhileWriting = writing.load(ordering: .acquiring)
                    let answer = (try? UpdateTest.everything(reader)) ?? []
                    let endedWhileWriting = writing.load(ordering: .acquiring)
                    seen.withLock { seen in
                        seen.answers += 1
                        if answer != old && answer != new { seen.mixed.append("\(answer.count) venues") }
                        // A whole read between the last write and the commit sees the old index.
                        if startedWhileWriting && endedWhileWriting { seen.whileWriting.append(answer == old) }
                    }
                    if startedWhileWriting && endedWhileWriting { readWhileWriting.signal() }
                    if first {
                        first = false
                        searching.signal()
                    }
                    if last { break }
                }
            }
            searcher.start()
            searching.wait()
            try UpdateTest.apply(files.changes, to: files.updated) {
                // Hold the commit until a whole read has run between it and the last write.
                writing.store(true, ordering: .releasing)
                readWhileWriting.wait()
                writing.store(false, ordering: .releasing)
            }
            done.store(true, ordering: .releasing)
            finished.wait()
            let result = seen.withLock { $0 }
            return (result.answers, result.mixed, result.whileWriting, old, new)
        }
        #expect(outcome.answers >= 2)
        #expect(outcome.old != outcome.new)
        #expect(!outcome.whileWriting.isEmpty, "no read ran while the update was written and not committed")
        #expect(outcome.whileWriting.allSatisfy { $0 }, "a read between the writes and the commit saw new venues")
        #expect(outcome.mixed.isEmpty, "answers that are neither the old nor the new index: \(outcome.mixed)")
    }

    @Test func keptReadersOfAPoolFollowAnUpdate() async throws {
        let files = try await UpdateParityTests.prepare(seed: 23)
        let outcome = try await offCooperativePool {
            let pool = OSMIndexReaderPool(readers: 1)
            let query = try ReaderPoolTests.query("uusi")
            let center = query.center
            let before = try pool.withReader(files.updated) {
                IndexComparison.ranked(try $0.search(query), around: center)
            }
            try UpdateTest.apply(files.changes, to: files.updated)
            let after = try pool.withReader(files.updated) {
                IndexComparison.ranked(try $0.search(query), around: center)
            }
            let imported = IndexComparison.ranked(try OSMIndexReader(url: files.imported).search(query), around: center)
            return (before, after, imported)
        }
        #expect(outcome.0 != outcome.2)
        #expect(outcome.1 == outcome.2, "the kept reader ranks as a fresh import does, in order")
    }

    @Test func aSecondUpdateIsRefusedWhileOneRuns() async throws {
        let files = try await UpdateParityTests.prepare(seed: 24)
        let error = await offCooperativePool { () -> OSMIndexError? in
            guard let lock = try? FileLock.acquire(at: OSMIndexFiles.lockURL(for: files.updated), timeout: 1) else {
                return nil
            }
            defer { lock.unlock() }
            do {
                try UpdateTest.apply(files.changes, to: files.updated)
                return nil
            } catch let error as OSMIndexError {
                return error
            } catch {
                return nil
            }
        }
        #expect(error?.description.contains("another venues process is importing, updating or removing") == true)
        let generation = try OSMIndexReader(url: files.updated).info.generation
        #expect(generation == 0)
    }

    @Test func anIndexOfAnEarlierSchemaIsRefusedWithWhatToDo() async throws {
        let files = try await UpdateParityTests.prepare(seed: 25)
        let error = await offCooperativePool { () -> String? in
            do {
                let connection = try SQLiteConnection(path: files.updated.path, access: .readWrite)
                try connection.execute("PRAGMA user_version = 2")
            } catch {
                return "could not set the version: \(error)"
            }
            do {
                try UpdateTest.apply(files.changes, to: files.updated)
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(error?.contains("imported by an earlier venues (schema 2)") == true, "\(error ?? "no error")")
        #expect(error?.contains("import it again") == true)
    }

    /// Many readers opening a fresh index at once (each building or joining its shared WAL
    /// index) all read it: none fails "database is locked" (as one search in CI did before the
    /// readers waited their turn).
    @Test func manyReadersOpeningAFreshIndexAtOnceAllReadIt() async throws {
        let files = try await UpdateParityTests.prepare(seed: 27)
        let failures = await offCooperativePool { () -> [String] in
            let copy = files.folder.appendingPathComponent("copy.sqlite")
            try? FileManager.default.copyItem(at: files.imported, to: copy)
            let failures = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 16) { _ in
                for _ in 0..<5 {
                    do {
                        let reader = try OSMIndexReader(url: copy)
                        _ = try UpdateTest.everything(reader)
                    } catch {
                        failures.withLock { $0.append("\(error)") }
                    }
                }
            }
            return failures.withLock { $0 }
        }
        #expect(failures.isEmpty, "\(failures.prefix(3))")
    }
}
