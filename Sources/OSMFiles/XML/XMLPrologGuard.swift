/// Reads the bytes of an XML document's prolog (what comes before the root element) before
/// libxml2 sees them, and refuses a document type declaration.
///
/// OSM XML and Overpass answers never have a `<!DOCTYPE …>`. A DTD is the only place entities
/// can be declared, so refusing it before libxml2 parses it means no entity (internal,
/// external `SYSTEM`, or a billion-laughs chain) is ever declared, loaded or expanded, and no
/// byte of such a document reaches libxml2 (whose parser hook for a DOCTYPE, also set, is the
/// second line of defence).
///
/// The guard follows the prolog byte by byte: an optional UTF-8 byte order mark, white space,
/// processing instructions (`<?…?>`, including the XML declaration) and comments
/// (`<!--…-->`). It says ``Verdict/safe`` at the first `<` followed by a name character (the
/// root element: a DOCTYPE cannot come after it), and refuses any other `<!` and any byte that
/// has no place in an ASCII-compatible prolog (a UTF-16 or UTF-32 byte order mark, a NUL byte,
/// EBCDIC): in those encodings the bytes `<!DOCTYPE` would not be visible to a byte scan. The
/// reader also ignores the XML declaration's `encoding` (``LibXML2/readerOptions``), so
/// libxml2 decodes the bytes as UTF-8 and sees the same structure as the guard.
package struct XMLPrologGuard {
    /// What the bytes seen so far allow.
    package enum Verdict: Equatable {
        /// Still inside the prolog: feed the next bytes.
        case undecided
        /// The root element has started; the rest of the document needs no check.
        case safe
        /// The document must not be parsed, for this reason.
        case refused(String)
    }

    private enum State {
        case byteOrderMark(matched: Int)
        case between
        case markupStart
        case processingInstruction
        case processingInstructionQuestionMark
        case declarationStart
        case commentStart
        case comment
        case commentDash
        case commentDashDash
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    private var state = State.byteOrderMark(matched: 0)
    /// The verdict once it is no longer ``Verdict/undecided``.
    package private(set) var verdict = Verdict.undecided
    private var offset = 0

    /// A guard that has seen no byte yet.
    package init() {}

    /// Inspects the next bytes of the document and returns the verdict so far. Once the verdict
    /// is ``Verdict/safe`` or ``Verdict/refused(_:)`` it no longer changes.
    @discardableResult
    package mutating func inspect(_ bytes: UnsafeRawBufferPointer) -> Verdict {
        guard verdict == .undecided else { return verdict }
        for byte in bytes {
            step(byte)
            offset += 1
            if verdict != .undecided { break }
        }
        return verdict
    }

    /// The verdict for a whole document in memory: ``Verdict/undecided`` means it ended inside
    /// the prolog (libxml2 reports that as malformed).
    package static func verdict(for bytes: UnsafeRawBufferPointer) -> Verdict {
        var check = XMLPrologGuard()
        return check.inspect(bytes)
    }

    private mutating func step(_ byte: UInt8) {
        switch state {
        case .byteOrderMark(let matched):
            if byte == Self.byteOrderMark[matched] {
                state = matched == 2 ? .between : .byteOrderMark(matched: matched + 1)
            } else if matched == 0 {
                state = .between
                step(byte)
            } else {
                refuseUnexpected(byte)
            }
        case .between:
            if Self.isSpace(byte) { return }
            if byte == UInt8(ascii: "<") {
                state = .markupStart
            } else {
                refuseUnexpected(byte)
            }
        case .markupStart:
            if byte == UInt8(ascii: "?") {
                state = .processingInstruction
            } else if byte == UInt8(ascii: "!") {
                state = .declarationStart
            } else if Self.isNameStart(byte) {
                verdict = .safe
            } else {
                refuseUnexpected(byte)
            }
        case .processingInstruction:
            if byte == UInt8(ascii: "?") { state = .processingInstructionQuestionMark }
        case .processingInstructionQuestionMark:
            if byte == UInt8(ascii: ">") {
                state = .between
            } else if byte != UInt8(ascii: "?") {
                state = .processingInstruction
            }
        case .declarationStart:
            if byte == UInt8(ascii: "-") {
                state = .commentStart
            } else if byte == UInt8(ascii: "D") {
                verdict = .refused(
                    "the document has a DOCTYPE declaration (<!DOCTYPE …>), which OSM XML never has; documents with a DTD are refused so that no entity is declared or expanded"
                )
            } else {
                verdict = .refused(
                    "the document has a <!… declaration before its root element; only comments, processing instructions and the XML declaration may come before <osm>"
                )
            }
        case .commentStart:
            if byte == UInt8(ascii: "-") {
                state = .comment
            } else {
                refuseUnexpected(byte)
            }
        case .comment:
            if byte == UInt8(ascii: "-") { state = .commentDash }
        case .commentDash:
            state = byte == UInt8(ascii: "-") ? .commentDashDash : .comment
        case .commentDashDash:
            if byte == UInt8(ascii: ">") {
                state = .between
            } else if byte != UInt8(ascii: "-") {
                state = .comment
            }
        }
    }

    private mutating func refuseUnexpected(_ byte: UInt8) {
        let shown =
            (0x21...0x7E).contains(byte)
            ? "'\(Character(Unicode.Scalar(byte)))'"
            : "0x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        verdict = .refused(
            "not OSM XML: unexpected byte \(shown) at offset \(offset) before the root element (OSM XML is UTF-8 and starts with '<')"
        )
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// An XML name's first character: an ASCII letter, `_`, `:` or (in UTF-8) a non-ASCII one.
    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0xC2
    }
}
