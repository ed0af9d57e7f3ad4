internal import CLibXML2

/// libxml2's process-wide set-up, run once from a lazy global before the first reader.
enum LibXML2 {
    /// Touch this before creating a reader: runs `xmlInitParser()` exactly once.
    static let initialised: Void = {
        xmlInitParser()
    }()

    /// Reader options: no network access for external resources, no entity substitution, no
    /// DTD loading (the XXE class of attacks), no messages on stderr, and ignorable whitespace
    /// dropped (fewer reader steps).
    static let readerOptions = Int32(
        XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_NOBLANKS.rawValue | XML_PARSE_COMPACT.rawValue
    )
}
