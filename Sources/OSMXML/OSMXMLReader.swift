internal import CLibXML2
package import Foundation
package import OSMModel
package import VenuesCore

/// Streams OSM XML (an Overpass answer or an `.osm` extract) through libxml2's pull reader
/// (`xmlTextReader`), handing each `<node>`, `<way>` and `<relation>` to a visitor.
///
/// Memory stays bounded by one element: the reader keeps no tree, and the element buffer is
/// reused. `<center lat lon/>` children give ways and relations their coordinates; `<nd>` and
/// `<member>` references are collected only when asked for. Other top-level elements
/// (`<note>`, `<meta>`, `<bounds>`, `<remark>`, `<area>`) are passed over.
///
/// One reader per document, never shared between threads (it is not `Sendable`).
package final class OSMXMLReader {
    /// Where the XML comes from.
    package enum Source {
        /// A whole document in memory (an HTTP body).
        case memory(Data)
        /// A file, read in chunks by libxml2 from an open descriptor.
        case file(URL)
    }

    /// What to collect besides ids and coordinates.
    package struct Options {
        /// Collect `<tag k v/>` pairs.
        package var tags = true
        /// Collect `<nd ref/>` and `<member type ref/>` references.
        package var references = false
        /// Keep the newest element `timestamp` (``OSMReadSummary/newestTimestamp``).
        package var timestamps = false

        package init(tags: Bool = true, references: Bool = false, timestamps: Bool = false) {
            self.tags = tags
            self.references = references
            self.timestamps = timestamps
        }
    }

    /// What the visitor wants next.
    package typealias Visit = OSMVisit

    /// Counts for notes and benchmarks.
    package typealias Summary = OSMReadSummary

    /// How many elements go by between two progress calls.
    static let progressInterval = 1 << 16

    private let options: Options
    private let cancellation: CancellationFlag?

    package init(options: Options = Options(), cancellation: CancellationFlag? = nil) {
        self.options = options
        self.cancellation = cancellation
    }

    /// Reads the whole source (or until the visitor says stop), calling `visit` per element.
    ///
    /// `header` is called once, before the first element, with the `<osm>` root's `generator`
    /// and `timestamp` and the `<bounds>` element; `progress` every
    /// ``progressInterval`` elements. A file compressed with gzip or bzip2 (told by its first
    /// bytes) is decompressed as it is read.
    ///
    /// Every document goes through ``XMLPrologGuard`` before libxml2 parses it: one with a
    /// DOCTYPE (and so any entity declaration) is refused unparsed.
    ///
    /// Throws ``ProviderError/invalidResponse(_:)`` when the document has a DOCTYPE, is not
    /// well-formed XML or its root is not `<osm>`; ``ProviderError/badRequest(_:)`` (`OSM file
    /// not found: PATH`) when a file does not exist; ``ProviderError/unreachable(_:)`` when a
    /// file cannot be opened for another reason or is a directory; and
    /// ``ProviderError/cancelled`` when the cancellation flag is raised. A damaged or truncated
    /// compressed file is ``ProviderError/invalidResponse(_:)`` naming the compressed byte offset.
    package func read(
        _ source: Source,
        header: ((OSMHeader) -> Void)? = nil,
        progress: ((OSMReadProgress) -> Void)? = nil,
        visit: (inout OSMElement) -> Visit
    ) throws(ProviderError) -> Summary {
        _ = LibXML2.initialised
        switch source {
        case .memory(let data):
            guard data.count < Int(Int32.max) else {
                throw .invalidResponse("the XML document is larger than 2 GiB")
            }
            let result: Result<Summary, ProviderError> = data.withUnsafeBytes { buffer in
                if case .refused(let reason) = XMLPrologGuard.verdict(for: buffer) {
                    return .failure(.invalidResponse(reason))
                }
                let base = buffer.baseAddress?.assumingMemoryBound(to: CChar.self)
                guard
                    let reader = xmlReaderForMemory(
                        base,
                        Int32(buffer.count),
                        "response.xml",
                        nil,
                        LibXML2.readerOptions
                    )
                else {
                    return .failure(.invalidResponse("libxml2 could not create a reader"))
                }
                defer { xmlFreeTextReader(reader) }
                return Result { () throws(ProviderError) in
                    try run(reader, header: header, progress: progress, bytesRead: { 0 }, visit: visit)
                }
            }
            return try result.get()
        case .file(let url):
            let descriptor = open(url.path, O_RDONLY)
            guard descriptor >= 0 else {
                let code = errno
                if code == ENOENT || code == ENOTDIR { throw .badRequest("OSM file not found: \(url.path)") }
                throw .unreachable("cannot open the OSM file \(url.path): \(String(cString: strerror(code)))")
            }
            defer { close(descriptor) }
            var status = stat()
            if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
                throw .unreachable("\(url.path) is a directory, not an OSM XML file")
            }
            let stream: any FileByteStream
            do {
                stream = try FileCompression.detect(descriptor: descriptor).stream(descriptor: descriptor)
            } catch {
                throw .invalidResponse("\(url.lastPathComponent) is not readable: \(error.message)")
            }
            let input = GuardedFileInput(stream: stream)
            defer { withExtendedLifetime(input) {} }
            let reader = xmlReaderForIO(
                GuardedFileInput.readCallback,
                nil,
                input.context,
                url.absoluteString,
                nil,
                LibXML2.readerOptions
            )
            do throws(ProviderError) {
                guard let reader else {
                    if let failure = input.failure { throw .unreachable(failure) }
                    throw .invalidResponse(input.refusal ?? "libxml2 could not create a reader for \(url.path)")
                }
                defer { xmlFreeTextReader(reader) }
                do {
                    return try run(
                        reader,
                        header: header,
                        progress: progress,
                        bytesRead: { input.fileBytesRead },
                        visit: visit
                    )
                } catch .invalidResponse(let reason) {
                    if let failure = input.failure { throw .unreachable(failure) }
                    throw .invalidResponse(input.refusal ?? reason)
                }
            } catch .unreachable(let failure) {
                // The bytes themselves could not be read: a read error, damaged compressed data.
                throw .invalidResponse("\(url.lastPathComponent) is not readable: \(failure)")
            } catch .invalidResponse(let reason) {
                let hint =
                    url.pathExtension.lowercased() == "pbf"
                    ? " (a .osm.pbf file? convert it to XML first: osmium cat FILE.osm.pbf -o FILE.osm)" : ""
                throw .invalidResponse("\(url.lastPathComponent) is not readable OSM XML: \(reason)\(hint)")
            }
        }
    }

    private func run(
        _ reader: xmlTextReaderPtr,
        header: ((OSMHeader) -> Void)?,
        progress: ((OSMReadProgress) -> Void)?,
        bytesRead: () -> Int,
        visit: (inout OSMElement) -> Visit
    ) throws(ProviderError) -> Summary {
        let errors = ErrorCollector()
        let context = Unmanaged.passUnretained(errors).toOpaque()
        xmlTextReaderSetStructuredErrorHandler(
            reader,
            { context, error in
                guard let context, let error else { return }
                let collector = Unmanaged<ErrorCollector>.fromOpaque(context).takeUnretainedValue()
                collector.record(error.pointee)
            },
            context
        )
        defer { withExtendedLifetime(errors) {} }

        var summary = Summary()
        var element = OSMElement()
        var inElement = false
        var sawRoot = false
        var lastKind: OSMElement.Kind = .node
        var fileHeader = OSMHeader()
        var headerSent = header == nil
        var newest = NewestTimestamp()
        /// The summary with what is only known at the end.
        func finished() -> Summary {
            var result = summary
            result.newestTimestamp = newest.text
            result.bytesRead = bytesRead()
            return result
        }
        /// Counts an element and hands it to the visitor; `true` when the visitor stops.
        func deliver() throws(ProviderError) -> Bool {
            summary.elements += 1
            if summary.elements & 0x3FF == 0, cancellation?.isCancelled == true { throw .cancelled }
            if summary.elements & (Self.progressInterval - 1) == 0 {
                progress?(OSMReadProgress(elements: summary.elements, bytesRead: bytesRead()))
            }
            if visit(&element) == .stop {
                summary.stoppedEarly = true
                return true
            }
            return false
        }
        while true {
            let status = xmlTextReaderRead(reader)
            if status == 0 { break }
            if status < 0 {
                throw .invalidResponse("malformed XML: \(errors.message ?? "libxml2 reported an error")")
            }
            let type = xmlTextReaderNodeType(reader)
            if type == Int32(XML_READER_TYPE_DOCUMENT_TYPE.rawValue) {
                // Unreachable behind XMLPrologGuard; kept so that a DTD never goes unnoticed.
                throw .invalidResponse("the document has a DOCTYPE declaration, which OSM XML never has")
            }
            if type == Int32(XML_READER_TYPE_ELEMENT.rawValue) {
                guard let name = xmlTextReaderConstLocalName(reader) else { continue }
                let depth = xmlTextReaderDepth(reader)
                if depth == 2, inElement {
                    readChild(reader, name: name, into: &element)
                } else if depth == 1 {
                    guard let kind = Self.kind(name) else {
                        if !headerSent, Self.equals(name, "bounds") { fileHeader.bounds = Self.bounds(reader) }
                        continue
                    }
                    if !headerSent {
                        headerSent = true
                        header?(fileHeader)
                    }
                    element.reset(kind: kind)
                    readElementAttributes(reader, into: &element, newest: &newest)
                    if kind.rawValue < lastKind.rawValue { summary.typeOrdered = false }
                    lastKind = kind
                    if xmlTextReaderIsEmptyElement(reader) == 1 {
                        if try deliver() { return finished() }
                    } else {
                        inElement = true
                    }
                } else if depth == 0 {
                    guard Self.equals(name, "osm") else {
                        throw .invalidResponse("not OSM XML: the document's root element is <\(String(cString: name))>")
                    }
                    sawRoot = true
                    if !headerSent {
                        fileHeader.generator = Self.attribute(reader, "generator")
                        fileHeader.timestamp = Self.attribute(reader, "timestamp")
                    }
                }
            } else if inElement, type == Int32(XML_READER_TYPE_END_ELEMENT.rawValue), xmlTextReaderDepth(reader) == 1 {
                inElement = false
                if try deliver() { return finished() }
            }
        }
        guard sawRoot else { throw .invalidResponse("not OSM XML: the document is empty") }
        if !headerSent { header?(fileHeader) }
        if cancellation?.isCancelled == true { throw .cancelled }
        return finished()
    }

    private static func kind(_ name: UnsafePointer<UInt8>) -> OSMElement.Kind? {
        if equals(name, "node") { return .node }
        if equals(name, "way") { return .way }
        if equals(name, "relation") { return .relation }
        return nil
    }

    /// `id`, a node's `lat` and `lon`, and (when asked for) `timestamp`.
    private func readElementAttributes(
        _ reader: xmlTextReaderPtr,
        into element: inout OSMElement,
        newest: inout NewestTimestamp
    ) {
        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
            guard let name = xmlTextReaderConstLocalName(reader), let value = xmlTextReaderConstValue(reader) else {
                continue
            }
            switch name[0] {
            case UInt8(ascii: "i") where Self.equals(name, "id"):
                element.id = ASCIINumber.int64(value) ?? 0
            case UInt8(ascii: "l") where Self.equals(name, "lat"):
                element.latitude = ASCIINumber.double(value)
            case UInt8(ascii: "l") where Self.equals(name, "lon"):
                element.longitude = ASCIINumber.double(value)
            case UInt8(ascii: "t") where options.timestamps && Self.equals(name, "timestamp"):
                newest.consider(value)
            default:
                break
            }
        }
        xmlTextReaderMoveToElement(reader)
    }

    /// `<tag k v/>`, `<center lat lon/>`, `<nd ref/>`, `<member type ref/>`.
    private func readChild(_ reader: xmlTextReaderPtr, name: UnsafePointer<UInt8>, into element: inout OSMElement) {
        switch name[0] {
        case UInt8(ascii: "t") where options.tags && Self.equals(name, "tag"):
            var key: String?
            var value: String?
            while xmlTextReaderMoveToNextAttribute(reader) == 1 {
                guard let attribute = xmlTextReaderConstLocalName(reader), let text = xmlTextReaderConstValue(reader)
                else { continue }
                if Self.equals(attribute, "k") {
                    key = String(cString: text)
                } else if Self.equals(attribute, "v") {
                    value = String(cString: text)
                }
            }
            xmlTextReaderMoveToElement(reader)
            if let key, let value { element.tags.append(key: key, value: value) }
        case UInt8(ascii: "n") where options.references && Self.equals(name, "nd"):
            if let ref = attributeInt64(reader, "ref") { element.nodeRefs.append(ref) }
        case UInt8(ascii: "m") where options.references && Self.equals(name, "member"):
            var ref: Int64?
            var type: OSMElement.Kind?
            while xmlTextReaderMoveToNextAttribute(reader) == 1 {
                guard let attribute = xmlTextReaderConstLocalName(reader), let text = xmlTextReaderConstValue(reader)
                else { continue }
                if Self.equals(attribute, "ref") {
                    ref = ASCIINumber.int64(text)
                } else if Self.equals(attribute, "type") {
                    type = Self.kind(text)
                }
            }
            xmlTextReaderMoveToElement(reader)
            if let ref {
                if type == .node { element.memberNodes.append(ref) }
                if type == .way { element.memberWays.append(ref) }
            }
        case UInt8(ascii: "c") where Self.equals(name, "center"):
            element.hasCenter = true
            var latitude: Double?
            var longitude: Double?
            while xmlTextReaderMoveToNextAttribute(reader) == 1 {
                guard let attribute = xmlTextReaderConstLocalName(reader), let text = xmlTextReaderConstValue(reader)
                else { continue }
                if Self.equals(attribute, "lat") {
                    latitude = ASCIINumber.double(text)
                } else if Self.equals(attribute, "lon") {
                    longitude = ASCIINumber.double(text)
                }
            }
            xmlTextReaderMoveToElement(reader)
            element.latitude = latitude
            element.longitude = longitude
        default:
            break
        }
    }

    /// `<bounds minlat minlon maxlat maxlon/>`, when all four are numbers.
    private static func bounds(_ reader: xmlTextReaderPtr) -> OSMBounds? {
        var values: [Double?] = [nil, nil, nil, nil]
        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
            guard let name = xmlTextReaderConstLocalName(reader), let text = xmlTextReaderConstValue(reader) else {
                continue
            }
            if equals(name, "minlat") {
                values[0] = ASCIINumber.double(text)
            } else if equals(name, "minlon") {
                values[1] = ASCIINumber.double(text)
            } else if equals(name, "maxlat") {
                values[2] = ASCIINumber.double(text)
            } else if equals(name, "maxlon") {
                values[3] = ASCIINumber.double(text)
            }
        }
        xmlTextReaderMoveToElement(reader)
        guard let minLatitude = values[0], let minLongitude = values[1], let maxLatitude = values[2],
            let maxLongitude = values[3]
        else { return nil }
        let bounds = OSMBounds(
            minLatitude: minLatitude,
            minLongitude: minLongitude,
            maxLatitude: maxLatitude,
            maxLongitude: maxLongitude
        )
        return bounds.isValid ? bounds : nil
    }

    /// An attribute of the current element as text.
    private static func attribute(_ reader: xmlTextReaderPtr, _ wanted: StaticString) -> String? {
        var result: String?
        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
            if let name = xmlTextReaderConstLocalName(reader), equals(name, wanted),
                let text = xmlTextReaderConstValue(reader)
            {
                result = String(cString: text)
            }
        }
        xmlTextReaderMoveToElement(reader)
        return result
    }

    private func attributeInt64(_ reader: xmlTextReaderPtr, _ wanted: StaticString) -> Int64? {
        var result: Int64?
        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
            if let attribute = xmlTextReaderConstLocalName(reader), Self.equals(attribute, wanted),
                let text = xmlTextReaderConstValue(reader)
            {
                result = ASCIINumber.int64(text)
            }
        }
        xmlTextReaderMoveToElement(reader)
        return result
    }

    /// Byte-wise comparison of a NUL-terminated name with a constant.
    @inline(__always)
    private static func equals(_ name: UnsafePointer<UInt8>, _ constant: StaticString) -> Bool {
        let bytes = constant.utf8Start
        let count = constant.utf8CodeUnitCount
        for index in 0..<count where name[index] != bytes[index] { return false }
        return name[count] == 0
    }
}

/// The newest element `timestamp` seen, compared as bytes: OSM writes them all in one fixed
/// ISO 8601 form (`2014-12-10T20:57:11Z`), in which byte order is time order.
private struct NewestTimestamp {
    private var bytes: [UInt8] = []

    mutating func consider(_ text: UnsafePointer<UInt8>) {
        let count = strlen(UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self))
        guard count > 0, count <= 64 else { return }
        let candidate = UnsafeBufferPointer(start: text, count: count)
        if bytes.lexicographicallyPrecedes(candidate) { bytes = Array(candidate) }
    }

    var text: String? { bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
}

/// Keeps libxml2's first error message for the exception text.
private final class ErrorCollector {
    private(set) var message: String?

    func record(_ error: xmlError) {
        guard message == nil, let text = error.message else { return }
        let trimmed = String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
        message = error.line > 0 ? "line \(error.line): \(trimmed)" : trimmed
    }
}

@available(*, unavailable)
extension OSMXMLReader: Sendable {}
