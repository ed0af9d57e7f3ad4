import Foundation
import OSMFiles
import OSMModel
import Testing

/// One opener for every OSM file: the XML and PBF readers and format detection report a missing
/// file, a folder and an unreadable file the same way, and leave no descriptor to a child process.
@Suite struct OSMFileOpenerTests {
    /// A new empty folder of the test's own.
    static func makeFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("venues-opener-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Both readers' answer to reading `url`.
    static func errors(reading url: URL) -> [OSMFileError?] {
        var errors: [OSMFileError?] = []
        do {
            _ = try OSMXMLFile(url: url).read(visit: { _ in .next })
            errors.append(nil)
        } catch { errors.append(error) }
        do {
            _ = try OSMPBFFile(url: url).read(visit: { _ in .next })
            errors.append(nil)
        } catch { errors.append(error) }
        return errors
    }

    @Test("a missing file and a folder are the same errors in both readers")
    func bothReadersAgree() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("gone.osm")
        #expect(Self.errors(reading: missing) == [.notFound(path: missing.path), .notFound(path: missing.path)])
        #expect(
            Self.errors(reading: folder) == [
                .isDirectory(path: folder.path, format: "OSM XML"), .isDirectory(path: folder.path, format: "OSM PBF"),
            ]
        )
        #expect(
            Self.errors(reading: folder).map { $0?.description } == [
                "\(folder.path) is a directory, not an OSM XML file",
                "\(folder.path) is a directory, not an OSM PBF file",
            ]
        )
        #expect(!OSMExtractFile.isPBF(missing))
    }

    @Test("the opener's descriptors are closed on exec, and its errors say what happened")
    func closeOnExec() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.osm")
        try Data("<osm version=\"0.6\"></osm>".utf8).write(to: file)
        let descriptor = try OSMFileOpener.open(file, format: "OSM XML")
        defer { close(descriptor) }
        #expect(fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0)
        #expect(throws: OSMFileError.notFound(path: folder.appendingPathComponent("b.osm").path)) {
            _ = try OSMFileOpener.open(folder.appendingPathComponent("b.osm"), format: "OSM XML")
        }
        #expect(
            OSMFileError.unreadable(path: "/x", reason: "Permission denied").description
                == "cannot open the OSM file /x: Permission denied"
        )
    }
}
