public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive advisory lock on a lock file (`flock(2)`), shared by processes and threads.
///
/// Every acquisition opens the lock file anew, so two `FileLock`s in one process exclude each
/// other just as two processes do. The lock is released by ``unlock()``, by `deinit`, or by the
/// kernel when the process dies — a crashed process never leaves a stale lock behind. The lock
/// file itself is created (mode 0600) and left in place: deleting it while another process
/// waits on it would let two processes hold "the" lock at once. A missing directory of the lock
/// file is created (mode 0700).
public final class FileLock {
    /// The lock file.
    public let url: URL
    private var descriptor: Int32

    private init(url: URL, descriptor: Int32) {
        self.url = url
        self.descriptor = descriptor
    }

    /// Takes the lock, waiting up to `timeout` seconds for another holder to release it.
    ///
    /// - Throws: ``FileLockError/timedOut(path:seconds:)`` when the lock stayed busy, or
    ///   ``FileLockError/cannotOpen(path:reason:)`` when the lock file cannot be created.
    public static func acquire(at url: URL, timeout: Double) throws(FileLockError) -> FileLock {
        let path = url.path
        var descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if descriptor < 0, errno == ENOENT {
            // A lock directory of its own (the runtime directory's `locks`) is made on first use.
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700]
            )
            descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        }
        guard descriptor >= 0 else {
            throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        let start = ContinuousClock.now
        let limit = Duration.milliseconds(Int64(max(0, timeout) * 1000))
        var pause = Duration.milliseconds(1)
        while true {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                return FileLock(url: url, descriptor: descriptor)
            }
            let failure = errno
            guard failure == EWOULDBLOCK || failure == EINTR else {
                close(descriptor)
                throw .cannotOpen(path: path, reason: String(cString: strerror(failure)))
            }
            let waited = ContinuousClock.now - start
            if waited >= limit {
                close(descriptor)
                throw .timedOut(path: path, seconds: timeout)
            }
            // Back off from 1 ms to 50 ms: short waits stay short, long ones do not spin.
            let nap = min(pause, limit - waited)
            usleep(UInt32(nap.components.attoseconds / 1_000_000_000_000 + nap.components.seconds * 1_000_000))
            pause = min(pause * 2, .milliseconds(50))
        }
    }

    /// Releases the lock (idempotent).
    public func unlock() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    deinit { unlock() }
}

@available(*, unavailable)
extension FileLock: Sendable {}

/// Why a lock could not be taken.
public enum FileLockError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Another process or thread held the lock for longer than the timeout.
    case timedOut(path: String, seconds: Double)
    /// The lock file could not be opened or created, or locking failed outright.
    case cannotOpen(path: String, reason: String)

    public var description: String {
        switch self {
        case .timedOut(let path, let seconds):
            "another venues process has held the lock \(path) for more than \(seconds) s; try again, or check for a hung venues process"
        case .cannotOpen(let path, let reason):
            "cannot lock \(path): \(reason)"
        }
    }
}
