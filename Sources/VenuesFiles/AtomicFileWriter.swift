public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file so that a reader, or the disk after a crash, sees either the old content or
/// the new, never a mixture or nothing.
///
/// Steps: create a temporary file in the same directory (`O_EXCL`, mode 0600), write every
/// byte, `fsync` it, give it the old file's permissions (0600 for a new file), `rename` it
/// over the target, then `fsync` the directory so the rename itself is durable. On failure
/// the temporary file is removed and the target is untouched.
public enum AtomicFileWriter {
    /// Writes `data` to `url` atomically. Errors are `strerror` texts naming the failed step.
    ///
    /// - Parameter durable: `false` skips both `fsync`s, for caches that may be lost in a crash
    ///   (a reader still sees the old file or the new one, never a mixture): the two flushes
    ///   cost milliseconds on every write, more than the rest of a small file's write.
    public static func write(_ data: Data, to url: URL, durable: Bool = true) throws(AtomicWriteFailure) {
        let path = url.path
        let directory = url.deletingLastPathComponent().path
        var mode: mode_t = 0o600
        var status = stat()
        if stat(path, &status) == 0 {
            mode = status.st_mode & 0o7777
        }

        let temporary = "\(directory)/\(temporaryPrefix(for: url))\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw AtomicWriteFailure(step: "create a temporary file in \(directory)", errorNumber: errno)
        }
        var closed = false
        var renamed = false
        defer {
            if !closed { close(descriptor) }
            if !renamed { unlink(temporary) }
        }

        let writeError: Int32? = data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = posixWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let writeError {
            throw AtomicWriteFailure(step: "write \(temporary)", errorNumber: writeError)
        }
        guard fchmod(descriptor, mode) == 0 else {
            throw AtomicWriteFailure(step: "set the permissions of \(temporary)", errorNumber: errno)
        }
        guard !durable || fsync(descriptor) == 0 else {
            throw AtomicWriteFailure(step: "flush \(temporary) to disk", errorNumber: errno)
        }
        closed = true
        guard close(descriptor) == 0 else {
            throw AtomicWriteFailure(step: "close \(temporary)", errorNumber: errno)
        }
        guard rename(temporary, path) == 0 else {
            throw AtomicWriteFailure(step: "rename \(temporary) to \(path)", errorNumber: errno)
        }
        renamed = true
        guard durable else { return }

        let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            // The new content is in place; a failed directory flush only weakens durability.
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// How the names of `url`'s temporary files begin (`.favorites.json.` for `favorites.json`);
    /// they end in `.tmp`.
    public static func temporaryPrefix(for url: URL) -> String { ".\(url.lastPathComponent)." }

    /// Creates the directory and any missing parents, each with mode 0700.
    public static func createDirectory(_ url: URL) throws(AtomicWriteFailure) {
        var missing: [String] = []
        var current = url.standardizedFileURL
        var status = stat()
        while stat(current.path, &status) != 0 {
            guard errno == ENOENT else {
                throw AtomicWriteFailure(step: "inspect \(current.path)", errorNumber: errno)
            }
            missing.append(current.path)
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { break }
            current = parent
        }
        for path in missing.reversed() where mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw AtomicWriteFailure(step: "create the directory \(path)", errorNumber: errno)
        }
    }
}

/// `write(2)`, reachable from inside a type that has its own `write`.
private func posixWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// A failed step of an atomic write.
public struct AtomicWriteFailure: Error, Sendable, CustomStringConvertible {
    /// What was being done ("rename … to …").
    public var step: String
    /// The `errno` of the failure.
    public var errorNumber: Int32

    public init(step: String, errorNumber: Int32) {
        self.step = step
        self.errorNumber = errorNumber
    }

    public var description: String { "cannot \(step): \(String(cString: strerror(errorNumber)))" }
}
