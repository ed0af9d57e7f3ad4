internal import CLibXML2
package import Foundation
package import OSMModel
import VenuesCompressedFiles
import VenuesCore

/// Streams OSM XML (an Overpass answer or an `.osm` extract) through libxml2's SAX2 push
/// parser, handing each `<node>`, `<way>` and `<relation>` to a visitor.
///
/// libxml2 calls back at each start and end tag with the attributes as byte ranges of its
/// input buffer, and numbers are parsed straight from those bytes. No tree is built — not even
/// the one-node tree per step of libxml2's pull reader (`xmlTextReader`), which made a pass
/// about twice as slow — and memory stays bounded by one element: the element buffer is
/// reused. `<center lat lon/>` children give ways and relations their coordinates, and
/// `<bounds …/>` children their extents (Overpass `out bb`); `<nd>` and
/// `<member>` references are collected only when asked for. Other top-level elements
/// (`<note>`, `<meta>`, `<bounds>`, `<remark>`, `<area>`) are passed over. ``OSMChangeFile``
/// reads OsmChange documents (`<osmChange>`) with the same pass.
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
        /// Read each element's `version` (``OSMElement/version``).
        package var versions = false

        package init(tags: Bool = true, references: Bool = false, timestamps: Bool = false, versions: Bool = false) {
            self.tags = tags
            self.references = references
            self.timestamps = timestamps
            self.versions = versions
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

    /// Bytes handed to libxml2 at a time.
    static let chunkSize = 256 * 1024

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
    /// Throws ``OSMFileError/malformed(_:)`` when the document has a DOCTYPE, is not well-formed
    /// XML or its root is not `<osm>`; ``OSMFileError/notFound(path:)``,
    /// ``OSMFileError/isDirectory(path:format:)`` or ``OSMFileError/unreadable(path:reason:)``
    /// when a file cannot be opened; and ``OSMFileError/cancelled`` when the cancellation flag is
    /// raised. A damaged or truncated compressed file is ``OSMFileError/malformed(_:)`` naming
    /// the compressed byte offset.
    package func read(
        _ source: Source,
        header: ((OSMHeader) -> Void)? = nil,
        progress: ((OSMReadProgress) -> Void)? = nil,
        visit: (inout OSMElement) -> Visit
    ) throws(OSMFileError) -> Summary {
        switch source {
        case .memory(let data):
            return try read(
                data,
                documentName: "response.xml",
                changes: nil,
                header: header,
                progress: progress,
                visit: visit
            )
        case .file(let url):
            return try read(url, changes: nil, header: header, progress: progress, visit: visit) { reason in
                let hint =
                    url.pathExtension.lowercased() == "pbf"
                    ? " (a .osm.pbf file? convert it to XML first: osmium cat FILE.osm.pbf -o FILE.osm)" : ""
                return "\(url.lastPathComponent) is not readable OSM XML: \(reason)\(hint)"
            }
        }
    }

    /// Reads a document in memory, named `documentName` in libxml2's messages: an `<osm>` one,
    /// or an `<osmChange>` one when `changes` follows its blocks. A malformed document throws
    /// ``OSMFileError/malformed(_:)`` with the bare reason, for the caller to name the document.
    func read(
        _ data: Data,
        documentName: String,
        changes: OSMChangeBlocks?,
        header: ((OSMHeader) -> Void)?,
        progress: ((OSMReadProgress) -> Void)?,
        visit: (inout OSMElement) -> Visit
    ) throws(OSMFileError) -> Summary {
        _ = LibXML2.initialised
        guard data.count < Int(Int32.max) else {
            throw .malformed("the XML document is larger than 2 GiB")
        }
        let result: Result<Summary, OSMFileError> = data.withUnsafeBytes { buffer in
            if case .refused(let reason) = XMLPrologGuard.verdict(for: buffer) {
                return .failure(.malformed(reason))
            }
            return Result { () throws(OSMFileError) in
                try parse(
                    documentName: documentName,
                    changes: changes,
                    header: header,
                    progress: progress,
                    visit: visit
                ) { pass throws(OSMFileError) in
                    var offset = 0
                    while offset < buffer.count, !pass.isHalted {
                        let end = min(offset + Self.chunkSize, buffer.count)
                        pass.feed(UnsafeRawBufferPointer(rebasing: buffer[offset..<end]))
                        offset = end
                    }
                }
            }
        }
        return try result.get()
    }

    /// Reads the file at `url` (plain, gzip or bzip2): an `<osm>` document, or an
    /// `<osmChange>` one when `changes` follows its blocks. `describe` turns the reason a
    /// document is malformed into the message thrown, naming the file.
    func read(
        _ url: URL,
        changes: OSMChangeBlocks?,
        header: ((OSMHeader) -> Void)?,
        progress: ((OSMReadProgress) -> Void)?,
        visit: (inout OSMElement) -> Visit,
        malformed describe: (String) -> String
    ) throws(OSMFileError) -> Summary {
        _ = LibXML2.initialised
        let descriptor = try OSMFileOpener.open(url, format: changes == nil ? "OSM XML" : "OsmChange")
        defer { close(descriptor) }
        let stream: any FileByteStream
        do {
            let compression = try FileCompression.detect(descriptor: descriptor)
            stream = try compression.stream(descriptor: descriptor)
            changes?.offsetsAreDecompressed = compression != .none
        } catch {
            throw .malformed("\(url.lastPathComponent) is not readable: \(error.message)")
        }
        let input = GuardedFileInput(stream: stream)
        defer { withExtendedLifetime(input) {} }
        do {
            let fileBytesRead = { input.fileBytesRead }
            let feedFile: (SAXPass) throws(OSMFileError) -> Void = { pass throws(OSMFileError) in
                let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: Self.chunkSize)
                defer { buffer.deallocate() }
                while !pass.isHalted {
                    let count = GuardedFileInput.readCallback(input.context, buffer, Int32(Self.chunkSize))
                    if count == 0 { break }
                    guard count > 0 else {
                        // The bytes themselves could not be read: a read error, damaged compressed data.
                        if let failure = input.failure { throw .readFailed(failure) }
                        throw .malformed(input.refusal ?? "the file could not be read")
                    }
                    pass.feed(UnsafeRawBufferPointer(start: buffer, count: Int(count)))
                }
            }
            return try parse(
                documentName: url.absoluteString,
                changes: changes,
                header: header,
                progress: progress,
                bytesRead: fileBytesRead,
                visit: visit,
                feed: feedFile
            )
        } catch .readFailed(let failure) {
            throw .malformed("\(url.lastPathComponent) is not readable: \(failure)")
        } catch .malformed(let reason) {
            throw .malformed(describe(reason))
        }
    }

    /// One pass of libxml2's push parser: `feed` hands it the document's bytes in order (and
    /// stops early once the pass ``SAXPass/isHalted``); the summary, or the first failure.
    private func parse(
        documentName: String,
        changes: OSMChangeBlocks?,
        header: ((OSMHeader) -> Void)?,
        progress: ((OSMReadProgress) -> Void)?,
        bytesRead: @escaping () -> Int = { 0 },
        visit: (inout OSMElement) -> Visit,
        feed: (SAXPass) throws(OSMFileError) -> Void
    ) throws(OSMFileError) -> Summary {
        try withoutActuallyEscaping(visit) { visit throws(OSMFileError) in
            let pass = SAXPass(
                options: options,
                cancellation: cancellation,
                changes: changes,
                visit: visit,
                header: header.map { header in { header($0) } },
                progress: progress.map { progress in { progress($0) } },
                bytesRead: bytesRead
            )
            var handler = SAXPass.makeHandler()
            guard
                let parser = xmlCreatePushParserCtxt(
                    &handler,
                    Unmanaged.passUnretained(pass).toOpaque(),
                    nil,
                    0,
                    documentName
                )
            else {
                throw .malformed("libxml2 could not create a parser")
            }
            defer {
                pass.parser = nil
                xmlFreeParserCtxt(parser)
            }
            xmlCtxtUseOptions(parser, LibXML2.readerOptions)
            pass.parser = parser
            try withExtendedLifetime(pass) { () throws(OSMFileError) in
                try feed(pass)
                if !pass.isHalted { pass.finish() }
            }
            return try pass.outcome()
        }
    }

    /// An attribute value's bytes as a string. Without entity substitution libxml2 hands every
    /// `&` of a value (written `&amp;` or `&#38;`) as the character reference `&#38;`, which is
    /// turned back into `&` here.
    @inline(__always)
    static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
        // `&#38;` → `&`. No other `&` can occur: libxml2 decoded every other reference.
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        let reference = Array("&#38;".utf8)
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "&"), index + reference.count <= bytes.count,
                reference.indices.allSatisfy({ bytes[index + $0] == reference[$0] })
            {
                decoded.append(UInt8(ascii: "&"))
                index += reference.count
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    static func kind(_ name: UnsafePointer<UInt8>) -> OSMElement.Kind? {
        if equals(name, "node") { return .node }
        if equals(name, "way") { return .way }
        if equals(name, "relation") { return .relation }
        return nil
    }

    /// The block of an OsmChange document that `name` opens.
    static func action(_ name: UnsafePointer<UInt8>) -> OSMChangeAction? {
        if equals(name, "create") { return .create }
        if equals(name, "modify") { return .modify }
        if equals(name, "delete") { return .delete }
        return nil
    }

    static func kind(_ bytes: UnsafeBufferPointer<UInt8>) -> OSMElement.Kind? {
        if equals(bytes, "node") { return .node }
        if equals(bytes, "way") { return .way }
        if equals(bytes, "relation") { return .relation }
        return nil
    }

    /// Byte-wise comparison of a NUL-terminated name with a constant.
    @inline(__always)
    static func equals(_ name: UnsafePointer<UInt8>, _ constant: StaticString) -> Bool {
        let bytes = constant.utf8Start
        let count = constant.utf8CodeUnitCount
        for index in 0..<count where name[index] != bytes[index] { return false }
        return name[count] == 0
    }

    /// Byte-wise comparison of a value's bytes with a constant.
    @inline(__always)
    static func equals(_ value: UnsafeBufferPointer<UInt8>, _ constant: StaticString) -> Bool {
        let count = constant.utf8CodeUnitCount
        guard value.count == count else { return false }
        let bytes = constant.utf8Start
        for index in 0..<count where value[index] != bytes[index] { return false }
        return true
    }
}

/// The state of one parse: libxml2's SAX2 callbacks (``makeHandler()``) find it through the
/// parser's user-data pointer and turn start and end tags into ``OSMElement``s for the visitor.
///
/// Depths follow the document: the root `<osm>` is 0, nodes, ways and relations 1, their
/// `<tag>`, `<nd>`, `<member>` and `<center>` 2.
///
/// An `<osmChange>` document (when the pass has ``OSMChangeBlocks``) puts its elements one
/// level deeper, in `<create>`, `<modify>` and `<delete>` blocks. Those blocks are not counted
/// in the depth: their elements are at 1 and their children at 2, as in `<osm>`, so both
/// documents share one element path, and an `<osm>` pass does no work for change files but a
/// test for a missing ``OSMChangeBlocks`` per element.
private final class SAXPass {
    typealias Visitor = (inout OSMElement) -> OSMXMLReader.Visit

    private let options: OSMXMLReader.Options
    private let cancellation: CancellationFlag?
    /// The block an `<osmChange>` pass is in; `nil` for an `<osm>` pass.
    private let changes: OSMChangeBlocks?
    private let visit: Visitor
    private let header: ((OSMHeader) -> Void)?
    private let progress: ((OSMReadProgress) -> Void)?
    private let bytesRead: () -> Int
    /// The file's header, gathered from the root and a `<bounds>` before the first element.
    private var fileHeader = OSMHeader()
    private var headerSent: Bool
    private var newest = NewestTimestamp()
    /// The parser, while it exists: for stopping it from a callback.
    var parser: xmlParserCtxtPtr?

    private var summary = OSMXMLReader.Summary()
    private var element = OSMElement()
    private var depth = 0
    private var inElement = false
    private var sawRoot = false
    private var lastKind: OSMElement.Kind = .node
    /// Why the pass ended before the document did: the visitor said stop, or a failure.
    private var failure: OSMFileError?
    /// libxml2's first error message, with its line.
    private var firstError: String?
    /// Where libxml2 was in the XML when it reported its first error.
    private var firstErrorOffset: Int?
    /// Whether libxml2 reported an error or the pass was stopped; no more input is wanted.
    private(set) var isHalted = false
    private var parseStatus: Int32 = 0

    init(
        options: OSMXMLReader.Options,
        cancellation: CancellationFlag?,
        changes: OSMChangeBlocks?,
        visit: @escaping Visitor,
        header: ((OSMHeader) -> Void)?,
        progress: ((OSMReadProgress) -> Void)?,
        bytesRead: @escaping () -> Int
    ) {
        self.options = options
        self.cancellation = cancellation
        self.changes = changes
        self.visit = visit
        self.header = header
        self.progress = progress
        self.bytesRead = bytesRead
        headerSent = header == nil
    }

    /// Hands the header to its callback, once.
    private func sendHeader() {
        guard !headerSent else { return }
        headerSent = true
        header?(fileHeader)
    }

    /// The summary with what is only known at the end.
    private func finished() -> OSMXMLReader.Summary {
        var result = summary
        result.newestTimestamp = newest.text
        result.bytesRead = bytesRead()
        return result
    }

    /// Hands the next bytes of the document to libxml2.
    func feed(_ bytes: UnsafeRawBufferPointer) {
        guard let parser, !isHalted, let base = bytes.baseAddress else { return }
        record(xmlParseChunk(parser, base.assumingMemoryBound(to: CChar.self), Int32(bytes.count), 0))
    }

    /// Tells libxml2 the document is complete (it reports a truncated one).
    func finish() {
        guard let parser, !isHalted else { return }
        record(xmlParseChunk(parser, nil, 0, 1))
    }

    private func record(_ status: Int32) {
        if status != 0 {
            parseStatus = status
            isHalted = true
        }
    }

    /// The summary of a complete (or visitor-stopped) pass, or why there is none.
    func outcome() throws(OSMFileError) -> OSMXMLReader.Summary {
        if let failure { throw failure }
        if summary.stoppedEarly { return finished() }
        if parseStatus != 0 || parser?.pointee.wellFormed == 0 {
            let error = firstError ?? "libxml2 reported an error"
            if let changes {
                throw .malformed("malformed XML\(changes.position(firstErrorOffset)) (\(error))")
            }
            throw .malformed("malformed XML: \(error)")
        }
        guard sawRoot else {
            throw .malformed(changes == nil ? "not OSM XML: the document is empty" : "the document is empty")
        }
        sendHeader()
        if cancellation?.isCancelled == true { throw .cancelled }
        return finished()
    }

    /// How many bytes of the XML libxml2 has consumed, when it can tell.
    private var consumed: Int? {
        guard let parser else { return nil }
        let count = xmlByteConsumed(parser)
        return count >= 0 ? Int(count) : nil
    }

    /// Ends the pass from inside a callback.
    private func halt(_ failure: OSMFileError?) {
        if let failure, self.failure == nil { self.failure = failure }
        isHalted = true
        if let parser { xmlStopParser(parser) }
    }

    // MARK: Callbacks

    private static func from(_ context: UnsafeMutableRawPointer?) -> SAXPass? {
        context.map { Unmanaged<SAXPass>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Start and end tags, errors, and a DOCTYPE (refused; unreachable behind
    /// ``XMLPrologGuard``, kept so that a DTD never goes unnoticed). Everything else — text,
    /// comments, entity declarations — has no handler.
    static func makeHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = { context, name, _, _, _, _, count, _, attributes in
            guard let pass = SAXPass.from(context), let name else { return }
            pass.start(name, attributes: attributes, count: Int(count))
        }
        handler.endElementNs = { context, _, _, _ in
            SAXPass.from(context)?.end()
        }
        handler.internalSubset = { context, _, _, _ in
            SAXPass.from(context)?.halt(
                .malformed("the document has a DOCTYPE declaration, which OSM XML never has")
            )
        }
        handler.serror = { context, error in
            guard let pass = SAXPass.from(context), let error, pass.firstError == nil, let text = error.pointee.message
            else {
                return
            }
            let message = String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
            pass.firstError = error.pointee.line > 0 ? "line \(error.pointee.line): \(message)" : message
            pass.firstErrorOffset = pass.consumed
        }
        return handler
    }

    /// The attributes of a start tag: five pointers each (local name, prefix, URI, value,
    /// end of value).
    private struct Attributes {
        let base: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
        let count: Int

        /// The local name (NUL-terminated) and value bytes of attribute `index`.
        @inline(__always)
        subscript(index: Int) -> (name: UnsafePointer<UInt8>, value: UnsafeBufferPointer<UInt8>)? {
            guard let base, let name = base[index * 5], let start = base[index * 5 + 3],
                let end = base[index * 5 + 4]
            else { return nil }
            return (name, UnsafeBufferPointer(start: start, count: end - start))
        }
    }

    private func start(
        _ name: UnsafePointer<UInt8>,
        attributes base: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
        count: Int
    ) {
        let attributes = Attributes(base: base, count: count)
        let level = depth
        depth += 1
        if level == 2, inElement {
            readChild(name, attributes)
        } else if level == 1 {
            guard let kind = OSMXMLReader.kind(name) else {
                if !headerSent, OSMXMLReader.equals(name, "bounds") { fileHeader.bounds = Self.bounds(attributes) }
                if let changes, changes.action == nil, let action = OSMXMLReader.action(name) {
                    // A block: not counted, so that its elements are at depth 1.
                    changes.action = action
                    depth = 1
                }
                return
            }
            sendHeader()
            element.reset(kind: kind)
            for index in 0..<attributes.count {
                guard let (attribute, value) = attributes[index] else { continue }
                switch attribute[0] {
                case UInt8(ascii: "i") where OSMXMLReader.equals(attribute, "id"):
                    element.id = ASCIINumber.int64(value) ?? 0
                case UInt8(ascii: "l") where OSMXMLReader.equals(attribute, "lat"):
                    element.latitude = ASCIINumber.double(value)
                case UInt8(ascii: "l") where OSMXMLReader.equals(attribute, "lon"):
                    element.longitude = ASCIINumber.double(value)
                case UInt8(ascii: "t") where options.timestamps && OSMXMLReader.equals(attribute, "timestamp"):
                    newest.consider(value)
                case UInt8(ascii: "v") where options.versions && OSMXMLReader.equals(attribute, "version"):
                    element.version = ASCIINumber.int64(value)
                default:
                    break
                }
            }
            if let changes, !accepts(changes, attributes) { return }
            if kind.rawValue < lastKind.rawValue { summary.typeOrdered = false }
            lastKind = kind
            inElement = true
        } else if level == 0 {
            if changes != nil {
                startChangeRoot(name)
                return
            }
            guard OSMXMLReader.equals(name, "osm") else {
                let hint =
                    OSMXMLReader.equals(name, "osmChange")
                    ? " (an OsmChange file: apply it to an index with venues osm update NAME FILE)" : ""
                halt(.malformed("not OSM XML: the document's root element is <\(String(cString: name))>\(hint)"))
                return
            }
            sawRoot = true
            if !headerSent {
                for index in 0..<attributes.count {
                    guard let (attribute, value) = attributes[index] else { continue }
                    if OSMXMLReader.equals(attribute, "generator") {
                        fileHeader.generator = OSMXMLReader.text(value)
                    } else if OSMXMLReader.equals(attribute, "timestamp") {
                        fileHeader.timestamp = OSMXMLReader.text(value)
                    }
                }
            }
        }
    }

    // MARK: OsmChange

    /// The root of an `<osmChange>` pass: refuses any other document, naming what it is.
    private func startChangeRoot(_ name: UnsafePointer<UInt8>) {
        if OSMXMLReader.equals(name, "osmChange") {
            sawRoot = true
        } else if OSMXMLReader.equals(name, "osm") {
            halt(
                .malformed(
                    "not an OsmChange document: its root element is <osm>, so it is an OSM extract or an Overpass answer, not a change file (whose root is <osmChange>)"
                )
            )
        } else {
            halt(
                .malformed(
                    "not an OsmChange document: its root element is <\(String(cString: name))>, not <osmChange>"
                )
            )
        }
    }

    /// Whether the element just started (its attributes read) may be handed on as a change: it
    /// must be in a block, have an id and a numeric version if any, and a node created or
    /// modified must have its position. Halts the pass, naming the byte offset, when not.
    private func accepts(_ changes: OSMChangeBlocks, _ attributes: Attributes) -> Bool {
        let kind = element.kind.name
        guard let action = changes.action else {
            halt(changes.failure("<\(kind)> outside a <create>, <modify> or <delete> block", at: consumed))
            return false
        }
        let what = "<\(kind)> in <\(action.name)>"
        if element.id == 0 {
            let id = Self.value(of: "id", in: attributes)
            halt(
                changes.failure(
                    id.map { "\(what) has id=\"\($0)\", not an OSM id" } ?? "\(what) has no id",
                    at: consumed
                )
            )
            return false
        }
        if element.version == nil, let version = Self.value(of: "version", in: attributes) {
            halt(
                changes.failure(
                    "\(kind) \(element.id) in <\(action.name)> has version=\"\(version)\", not a number",
                    at: consumed
                )
            )
            return false
        }
        if element.kind == .node, action != .delete, element.latitude == nil || element.longitude == nil {
            halt(changes.failure("node \(element.id) in <\(action.name)> has no lat and lon", at: consumed))
            return false
        }
        return true
    }

    /// The text of attribute `name`, shortened for a message; `nil` when the element has none.
    private static func value(of name: StaticString, in attributes: Attributes) -> String? {
        for index in 0..<attributes.count {
            guard let (attribute, text) = attributes[index], OSMXMLReader.equals(attribute, name) else { continue }
            let value = OSMXMLReader.text(text)
            return value.count > 40 ? value.prefix(40) + "…" : value
        }
        return nil
    }

    /// `<bounds minlat minlon maxlat maxlon/>`, when all four are numbers.
    private static func bounds(_ attributes: Attributes) -> OSMBounds? {
        var values: [Double?] = [nil, nil, nil, nil]
        for index in 0..<attributes.count {
            guard let (attribute, text) = attributes[index] else { continue }
            if OSMXMLReader.equals(attribute, "minlat") {
                values[0] = ASCIINumber.double(text)
            } else if OSMXMLReader.equals(attribute, "minlon") {
                values[1] = ASCIINumber.double(text)
            } else if OSMXMLReader.equals(attribute, "maxlat") {
                values[2] = ASCIINumber.double(text)
            } else if OSMXMLReader.equals(attribute, "maxlon") {
                values[3] = ASCIINumber.double(text)
            }
        }
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

    private func end() {
        depth -= 1
        guard inElement, depth == 1 else {
            if depth == 0, let changes, changes.action != nil {
                // The end of a block, which was not counted.
                changes.action = nil
                depth = 1
            }
            return
        }
        inElement = false
        summary.elements += 1
        if summary.elements & 0x3FF == 0, cancellation?.isCancelled == true {
            halt(.cancelled)
            return
        }
        if summary.elements & (OSMXMLReader.progressInterval - 1) == 0 {
            progress?(OSMReadProgress(elements: summary.elements, bytesRead: bytesRead()))
        }
        if visit(&element) == .stop {
            summary.stoppedEarly = true
            halt(nil)
        }
    }

    /// `<tag k v/>`, `<center lat lon/>`, `<bounds minlat minlon maxlat maxlon/>`, `<nd ref/>`,
    /// `<member type ref/>`.
    private func readChild(_ name: UnsafePointer<UInt8>, _ attributes: Attributes) {
        switch name[0] {
        case UInt8(ascii: "t") where options.tags && OSMXMLReader.equals(name, "tag"):
            var key: String?
            var value: String?
            for index in 0..<attributes.count {
                guard let (attribute, text) = attributes[index] else { continue }
                if OSMXMLReader.equals(attribute, "k") {
                    key = OSMXMLReader.text(text)
                } else if OSMXMLReader.equals(attribute, "v") {
                    value = OSMXMLReader.text(text)
                }
            }
            if let key, let value { element.tags.append(key: key, value: value) }
        case UInt8(ascii: "n") where options.references && OSMXMLReader.equals(name, "nd"):
            var ref: Int64?
            for index in 0..<attributes.count {
                if let (attribute, text) = attributes[index], OSMXMLReader.equals(attribute, "ref") {
                    ref = ASCIINumber.int64(text)
                }
            }
            if let ref { element.nodeRefs.append(ref) }
        case UInt8(ascii: "m") where options.references && OSMXMLReader.equals(name, "member"):
            var ref: Int64?
            var type: OSMElement.Kind?
            for index in 0..<attributes.count {
                guard let (attribute, text) = attributes[index] else { continue }
                if OSMXMLReader.equals(attribute, "ref") {
                    ref = ASCIINumber.int64(text)
                } else if OSMXMLReader.equals(attribute, "type") {
                    type = OSMXMLReader.kind(text)
                }
            }
            if let ref {
                if type == .node { element.memberNodes.append(ref) }
                if type == .way { element.memberWays.append(ref) }
            }
        case UInt8(ascii: "c") where OSMXMLReader.equals(name, "center"):
            element.hasCenter = true
            var latitude: Double?
            var longitude: Double?
            for index in 0..<attributes.count {
                guard let (attribute, text) = attributes[index] else { continue }
                if OSMXMLReader.equals(attribute, "lat") {
                    latitude = ASCIINumber.double(text)
                } else if OSMXMLReader.equals(attribute, "lon") {
                    longitude = ASCIINumber.double(text)
                }
            }
            element.latitude = latitude
            element.longitude = longitude
        case UInt8(ascii: "b") where OSMXMLReader.equals(name, "bounds"):
            var edges: [Double?] = [nil, nil, nil, nil]
            for index in 0..<attributes.count {
                guard let (attribute, text) = attributes[index] else { continue }
                if OSMXMLReader.equals(attribute, "minlat") {
                    edges[0] = ASCIINumber.double(text)
                } else if OSMXMLReader.equals(attribute, "minlon") {
                    edges[1] = ASCIINumber.double(text)
                } else if OSMXMLReader.equals(attribute, "maxlat") {
                    edges[2] = ASCIINumber.double(text)
                } else if OSMXMLReader.equals(attribute, "maxlon") {
                    edges[3] = ASCIINumber.double(text)
                }
            }
            if let south = edges[0], let west = edges[1], let north = edges[2], let east = edges[3] {
                element.bounds = try? BoundingBox(south: south, west: west, north: north, east: east)
            }
        default:
            break
        }
    }
}

/// The newest element `timestamp` seen, compared as bytes: OSM writes them all in one fixed
/// ISO 8601 form (`2014-12-10T20:57:11Z`), in which byte order is time order.
private struct NewestTimestamp {
    private var bytes: [UInt8] = []

    mutating func consider(_ value: UnsafeBufferPointer<UInt8>) {
        guard !value.isEmpty, value.count <= 64 else { return }
        if bytes.lexicographicallyPrecedes(value) { bytes = Array(value) }
    }

    var text: String? { bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
}

@available(*, unavailable)
extension OSMXMLReader: Sendable {}

@available(*, unavailable)
extension SAXPass: Sendable {}
