public import Foundation

/// A fresh directory under the system temporary directory, removed by `cleanUp()`.
public struct ScratchDirectory: Sendable {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("venues-fav-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public func file(_ name: String) -> URL { url.appendingPathComponent(name, isDirectory: false) }

    /// Names in the directory, sorted.
    public func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    public func cleanUp() { try? FileManager.default.removeItem(at: url) }
}
