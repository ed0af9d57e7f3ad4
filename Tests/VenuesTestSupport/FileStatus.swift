public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file's inode and modification time: a rename-based rewrite changes the inode.
public func fileIdentity(_ url: URL) -> (inode: UInt64, modified: Int) {
    var status = stat()
    guard stat(url.path, &status) == 0 else { return (0, 0) }
    #if canImport(Darwin)
    let modified = status.st_mtimespec
    #else
    let modified = status.st_mtim
    #endif
    return (UInt64(status.st_ino), Int(modified.tv_sec) * 1_000_000_000 + Int(modified.tv_nsec))
}

/// The permission bits of the file (`st_mode & 0o7777`), or -1 when it cannot be inspected.
public func permissions(_ url: URL) -> Int {
    var status = stat()
    guard stat(url.path, &status) == 0 else { return -1 }
    return Int(status.st_mode & 0o7777)
}
