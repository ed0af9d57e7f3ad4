import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The points of an import (and an update) where the tests that kill it halfway stop it, one by one: with
/// `VENUES_TEST_IMPORT_STOP=NAME` in its environment, an import stops itself (`SIGSTOP`) on
/// reaching the point of that name, so that a test can send `SIGKILL` exactly there instead of
/// guessing from the outside how far it got. Unset (always, outside those tests), nothing
/// happens.
enum ImportTestStop: String {
    /// The temporary file exists (its tables made); elements are being read.
    case reading
    /// Every row is written and the R-tree packed; the words are about to be written (the last
    /// part of the writer's one transaction).
    case words
    /// The transaction is committed; the new file is about to be checked.
    case checking
    /// The new file is checked and flushed; it is about to be renamed over the index.
    case renaming
    /// The new index is in place; the directory is about to be flushed.
    case renamed
    /// An update's transaction has written every change and is about to commit.
    case updating
    /// An update is committed; the WAL is about to be checkpointed.
    case updated

    private static let requested: ImportTestStop? = ProcessInfo.processInfo.environment["VENUES_TEST_IMPORT_STOP"]
        .flatMap(ImportTestStop.init(rawValue:))

    /// Stops the process here when the environment asks for this point.
    func reached() {
        guard Self.requested == self else { return }
        raise(SIGSTOP)
    }
}
