package import Foundation
package import OSMModel
import VenuesCompressedFiles

/// Reads the places of an Overture GeoJSON file, one at a time: GeoJSON text sequences (a
/// Feature a line, as `overturemaps download -f geojsonseq` writes them; RFC 8142's record
/// separator before a record is accepted, blank lines are skipped) or a FeatureCollection
/// (`-f geojson`), either gzip- or bzip2-compressed (told by the first bytes).
///
/// What cannot be read stops the reading with ``OSMFileError/malformed(_:)``, the message naming
/// the file and the line (in a FeatureCollection: the feature's number): a line that is not
/// JSON or not a Feature, a Feature without a position or an id, coordinates out of range.
package struct OvertureFileReader {
    /// One place read: its line (in a FeatureCollection, its feature's number), id, position,
    /// the type of its geometry and its fields.
    package struct Place {
        package var line: Int
        package var id: String
        package var latitude: Double
        package var longitude: Double
        package var geometryType: String
        package var properties: OverturePlaceProperties
    }

    /// The file.
    package let url: URL
    private let cancellation: CancellationFlag?

    package init(url: URL, cancellation: CancellationFlag? = nil) {
        self.url = url
        self.cancellation = cancellation
    }

    /// Calls `body` with every place of the file, in file order, and `progress` with the bytes
    /// read now and then; stops early when `body` returns `false`. Returns the bytes of the file
    /// read.
    @discardableResult
    package func forEachPlace(
        progress: (_ places: Int, _ bytesRead: Int) -> Void = { _, _ in },
        _ body: (Place) -> Bool
    ) throws(OSMFileError) -> Int {
        let file: DecompressedFile
        do {
            file = try DecompressedFile(url: url, format: "Overture GeoJSON")
        } catch {
            throw OSMFileError(error)
        }
        let decoder = JSONDecoder()
        let raw = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 8)
        defer { raw.deallocate() }
        let buffer = UnsafeMutableBufferPointer(
            start: raw.baseAddress!.assumingMemoryBound(to: UInt8.self),
            count: raw.count
        )
        var pending: [UInt8] = []
        var line = 0
        var places = 0
        var decidedFormat = false
        var stop = false
        // A FeatureCollection is read whole.
        var collection: [UInt8]?
        func take(_ bytes: ArraySlice<UInt8>) throws(OSMFileError) {
            line += 1
            var start = bytes.startIndex
            var end = bytes.endIndex
            while start < end, Self.isSpace(bytes[start]) || bytes[start] == 0x1E { start += 1 }
            while end > start, Self.isSpace(bytes[end - 1]) { end -= 1 }
            guard start < end else { return }
            let record = bytes[start..<end]
            if !decidedFormat {
                decidedFormat = true
                if Self.startsCollection(record) {
                    collection = Array(record)
                    return
                }
            }
            if collection != nil {
                collection! += [0x0A]
                collection! += record
                return
            }
            let place = try decode(Data(record), line: line, what: "line", decoder: decoder)
            places += 1
            if places & 0x3FFF == 0 {
                if cancellation?.isCancelled == true { throw .cancelled }
                progress(places, file.fileBytesRead)
            }
            if let place, !body(place) { stop = true }
        }
        reading: while !stop {
            let count: Int
            do {
                count = try file.read(into: raw)
            } catch {
                throw OSMFileError(error)
            }
            if count == 0 { break }
            var lineStart = 0
            var index = 0
            while index < count {
                if buffer[index] == 0x0A {
                    if pending.isEmpty {
                        try take(ArraySlice(buffer[lineStart..<index]))
                    } else {
                        pending += buffer[lineStart..<index]
                        try take(pending[...])
                        pending.removeAll(keepingCapacity: true)
                    }
                    if stop { break reading }
                    lineStart = index + 1
                }
                index += 1
            }
            pending += buffer[lineStart..<count]
        }
        if !stop, !pending.isEmpty { try take(pending[...]) }
        if !stop, let collection {
            try readCollection(collection, decoder: decoder, body)
        }
        return file.fileBytesRead
    }

    /// The features of a FeatureCollection, each decoded as a line is.
    private func readCollection(
        _ bytes: [UInt8],
        decoder: JSONDecoder,
        _ body: (Place) -> Bool
    ) throws(OSMFileError) {
        let features: [RawFeature]
        do {
            features = try decoder.decode(RawCollection.self, from: Data(bytes)).features
        } catch {
            throw .malformed("\(url.path): not a GeoJSON FeatureCollection: \(Self.reason(error))")
        }
        for (index, feature) in features.enumerated() {
            if index & 0x3FF == 0, cancellation?.isCancelled == true { throw .cancelled }
            guard let place = try check(feature.record, line: index + 1, what: "feature") else { continue }
            if !body(place) { return }
        }
    }

    /// The place of one record; `nil` for a place without a name (not a venue: skipped).
    private func decode(_ data: Data, line: Int, what: String, decoder: JSONDecoder) throws(OSMFileError) -> Place? {
        let record: OverturePlaceRecord
        do {
            record = try decoder.decode(OverturePlaceRecord.self, from: data)
        } catch {
            throw .malformed("\(url.path), \(what) \(line): not a GeoJSON Feature: \(Self.reason(error))")
        }
        return try check(record, line: line, what: what)
    }

    private func check(_ record: OverturePlaceRecord, line: Int, what: String) throws(OSMFileError) -> Place? {
        let place = "\(url.path), \(what) \(line)"
        guard record.type == "Feature" else {
            throw .malformed("\(place): not a GeoJSON Feature (type \(record.type.map { "'\($0)'" } ?? "missing"))")
        }
        guard let geometry = record.geometry else { throw .malformed("\(place): the Feature has no geometry") }
        guard let position = geometry.position else {
            throw .malformed("\(place): a \(geometry.type) geometry gives no position")
        }
        guard (-90...90).contains(position.latitude), (-180...180).contains(position.longitude),
            position.latitude.isFinite, position.longitude.isFinite
        else {
            throw .malformed(
                "\(place): coordinates out of range (longitude \(position.longitude), latitude \(position.latitude))"
            )
        }
        guard let id = OvertureTags.clean(record.id ?? record.properties?.id) else {
            throw .malformed("\(place): the place has no id")
        }
        guard id.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F }) else {
            throw .malformed("\(place): the id '\(id)' holds spaces or control characters")
        }
        return Place(
            line: line,
            id: id,
            latitude: position.latitude,
            longitude: position.longitude,
            geometryType: geometry.type,
            properties: record.properties ?? OverturePlaceProperties()
        )
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }

    /// Whether the first record opens a FeatureCollection rather than being a Feature of a line:
    /// it is not a whole JSON object on its own line, or it names `FeatureCollection`.
    private static func startsCollection(_ record: ArraySlice<UInt8>) -> Bool {
        guard record.first == UInt8(ascii: "{") else { return false }
        let head = String(decoding: record.prefix(200), as: UTF8.self)
        return head.contains("\"FeatureCollection\"") || record.last != UInt8(ascii: "}")
    }

    /// A decoding error in a line: what was expected where.
    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context):
            return "invalid JSON" + path(context.codingPath)
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "\(context.debugDescription.prefix(120))" + path(context.codingPath)
        case DecodingError.keyNotFound(let key, let context):
            return "'\(key.stringValue)' missing" + path(context.codingPath)
        default:
            return "\(error)"
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.isEmpty
            ? "" : " at " + codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }

    private struct RawCollection: Decodable {
        var features: [RawFeature]
    }

    private struct RawFeature: Decodable {
        var record: OverturePlaceRecord
        init(from decoder: any Decoder) throws {
            record = try OverturePlaceRecord(from: decoder)
        }
    }
}

/// The fields of a place (``OverturePlaceRecord/Properties``), for readers of a file.
package typealias OverturePlaceProperties = OverturePlaceRecord.Properties
