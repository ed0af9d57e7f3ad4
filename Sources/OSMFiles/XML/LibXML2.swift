internal import CLibXML2

/// libxml2's process-wide set-up, run once from a lazy global before the first reader.
enum LibXML2 {
    /// Touch this before creating a reader: runs `xmlInitParser()` exactly once.
    static let initialised: Void = {
        xmlInitParser()
    }()

    /// Reader options: no network access for external resources, no entity substitution
    /// option (`XML_PARSE_NOENT` is absent), no DTD loading, no messages on stderr, ignorable
    /// whitespace dropped (fewer reader steps), and the XML declaration's `encoding` ignored
    /// (`XML_PARSE_IGNORE_ENC`: OSM XML is UTF-8, and a declared encoding such as UTF-7 could
    /// hide a `<!DOCTYPE` from ``XMLPrologGuard``).
    ///
    /// These options alone do not stop libxml2 from expanding entities declared in an internal
    /// DTD subset: ``XMLPrologGuard`` refuses any document with a DOCTYPE before it is parsed.
    static let readerOptions = Int32(
        XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_NOBLANKS.rawValue | XML_PARSE_COMPACT.rawValue | XML_PARSE_IGNORE_ENC.rawValue
    )
}
