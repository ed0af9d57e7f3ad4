import Foundation
import OSMFiles
import OSMModel
import OSMPBFTestSupport
import VenuesTestSupport

/// One element of an OsmChange document as the reader handed it over.
struct ReadChange: Equatable, CustomStringConvertible {
    var action: OSMChangeAction
    var element: TestElement
    var version: Int64?

    init(_ action: OSMChangeAction, _ element: TestElement, version: Int64?) {
        self.action = action
        self.element = element
        self.version = version
    }

    /// What the reader should give for a change the tests' writer wrote.
    init(written change: TestChange) {
        self.init(change.action, change.element.asRead, version: change.version)
    }

    var description: String {
        "\(action.name) \(element.kind.name)/\(element.id) v\(version.map(String.init) ?? "-")"
    }
}

/// What one pass of ``OSMChangeFile`` gave.
struct ChangeRead {
    var changes: [ReadChange] = []
    var summary = OSMReadSummary()

    /// Reads `data` written to a file named `name`, every element collected.
    static func file(_ data: Data, name: String = "changes.osc") throws(OSMFileError) -> ChangeRead {
        let scratch = try! ScratchDirectory()
        defer { scratch.cleanUp() }
        let url = scratch.file(name)
        try! data.write(to: url)
        var result = ChangeRead()
        result.summary = try OSMChangeFile.read(url) { action, element in
            result.changes.append(ReadChange(action, TestElement(element), version: element.version))
            return .next
        }
        return result
    }

    /// Reads `data` in memory, named `name`.
    static func memory(_ data: Data, name: String = "changes.osc") throws(OSMFileError) -> ChangeRead {
        var result = ChangeRead()
        result.summary = try OSMChangeFile.read(data, name: name) { action, element in
            result.changes.append(ReadChange(action, TestElement(element), version: element.version))
            return .next
        }
        return result
    }

    /// The message of the ``OSMFileError/malformed(_:)`` error reading `data` as a file gives,
    /// or why there is none.
    static func malformedMessage(_ data: Data, name: String = "changes.osc") -> String {
        do {
            let read = try file(data, name: name)
            return "no error: read \(read.changes.count) elements"
        } catch .malformed(let message) {
            return message
        } catch {
            return "not malformed: \(error)"
        }
    }

    /// The byte offset a message names (`… at byte N …`).
    static func offset(in message: String) -> Int? {
        guard let range = message.range(of: " at byte ") else { return nil }
        return Int(message[range.upperBound...].prefix(while: \.isNumber))
    }
}
