import Foundation
import OSMModel

/// The areas of a directory's indexes, kept in one small file beside them (`.areas.tsv`), so
/// that a process choosing indexes for one search reads one file and `stat`s each index
/// instead of opening every index's database (64 regions imported cost a query about 0.1 ms
/// each to open).
///
/// A line holds an index's file identity (device, inode, size, modification time) and its
/// area; a line whose identity no longer matches the file (a new import renames a new file into
/// place) is read again from the index, and the file is rewritten (atomically, by rename; left
/// alone when the directory cannot be written). The file is a cache: deleting it loses nothing.
struct OSMIndexAreaCache {
    /// The cache file's name in the index directory.
    static let fileName = ".areas.tsv"
    private static let header = "venues index areas 1"

    /// A file as it is now.
    struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var seconds: Int
        var nanoseconds: Int

        /// The identity of the file at `path`; `nil` when it cannot be `stat`ed.
        init?(path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
            size = Int64(status.st_size)
            seconds = status.st_mtim.tv_sec
            nanoseconds = status.st_mtim.tv_nsec
        }

        fileprivate init(device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int) {
            self.device = device
            self.inode = inode
            self.size = size
            self.seconds = seconds
            self.nanoseconds = nanoseconds
        }

        fileprivate var fields: [String] {
            [String(device), String(inode), String(size), String(seconds), String(nanoseconds)]
        }
    }

    /// The areas of the readable indexes among `files`, in the order given.
    static func areas(of files: [URL], in directory: URL) -> [OSMIndexArea] {
        let cacheURL = directory.appendingPathComponent(fileName)
        let cached = read(cacheURL, directory: directory)
        var areas: [OSMIndexArea] = []
        var lines: [String] = []
        var changed = false
        for url in files {
            guard let identity = Identity(path: url.path) else {
                changed = true
                continue
            }
            let name = OSMIndexReader.name(of: url)
            if let entry = cached[name], entry.identity == identity {
                areas.append(entry.area)
                lines.append(entry.line)
                continue
            }
            changed = true
            // Unreadable now: not remembered, so that it is tried again next time.
            guard let info = try? OSMIndexReader(url: url).info else { continue }
            let area = OSMIndexArea(info)
            areas.append(area)
            lines.append(line(for: area, identity: identity))
        }
        if changed || cached.count != lines.count { write(lines, to: cacheURL) }
        return areas
    }

    // MARK: The file

    private struct Entry {
        var identity: Identity
        var area: OSMIndexArea
        var line: String
    }

    /// `NAME \t DEVICE \t INODE \t SIZE \t SECONDS \t NANOSECONDS \t TIMESTAMP \t KIND \t AREA`,
    /// with `KIND` `rectangle` (`AREA` = `S,W,N,E`), `cells` (``CoverageCells/encoded``) or `none`.
    private static func line(for area: OSMIndexArea, identity: Identity) -> String {
        let kind: String
        let payload: String
        switch area.coverage {
        case .rectangle(let box):
            kind = "rectangle"
            payload = [box.minLatitude, box.minLongitude, box.maxLatitude, box.maxLongitude]
                .map { String($0) }.joined(separator: ",")
        case .cells(let cells):
            kind = "cells"
            payload = cells.encoded
        case nil:
            kind = "none"
            payload = ""
        }
        return ([area.name] + identity.fields + [area.dataTimestamp ?? "", kind, payload]).joined(separator: "\t")
    }

    private static func read(_ url: URL, directory: URL) -> [String: Entry] {
        guard let data = FileManager.default.contents(atPath: url.path), let text = String(data: data, encoding: .utf8)
        else { return [:] }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first == Substring(header) else { return [:] }
        lines.removeFirst()
        var entries: [String: Entry] = [:]
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 9, let device = UInt64(fields[1]), let inode = UInt64(fields[2]),
                let size = Int64(fields[3]), let seconds = Int(fields[4]), let nanoseconds = Int(fields[5])
            else { continue }
            let coverage: IndexCoverage?
            switch fields[7] {
            case "rectangle":
                let numbers = fields[8].split(separator: ",").compactMap { Double($0) }
                guard numbers.count == 4 else { continue }
                coverage = .rectangle(
                    OSMBounds(
                        minLatitude: numbers[0],
                        minLongitude: numbers[1],
                        maxLatitude: numbers[2],
                        maxLongitude: numbers[3]
                    )
                )
            case "cells":
                guard let cells = CoverageCells(encoded: String(fields[8])) else { continue }
                coverage = .cells(cells)
            case "none":
                coverage = nil
            default:
                continue
            }
            let name = String(fields[0])
            let area = OSMIndexArea(
                name: name,
                url: directory.appendingPathComponent("\(name).\(OSMIndexFiles.fileExtension)"),
                coverage: coverage,
                dataTimestamp: fields[6].isEmpty ? nil : String(fields[6])
            )
            entries[name] = Entry(
                identity: Identity(
                    device: device,
                    inode: inode,
                    size: size,
                    seconds: seconds,
                    nanoseconds: nanoseconds
                ),
                area: area,
                line: String(line)
            )
        }
        return entries
    }

    /// Writes the lines to a file of its own, then renames it into place; gives up silently (the
    /// cache is only a shortcut).
    private static func write(_ lines: [String], to url: URL) {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(
            "\(fileName).\(getpid()).\(UInt32.random(in: 0...UInt32.max))"
        )
        let text = ([header] + lines).joined(separator: "\n") + "\n"
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data(text.utf8)) else { return }
        if rename(temporary.path, url.path) != 0 { unlink(temporary.path) }
    }
}
