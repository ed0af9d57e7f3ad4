/// A venue's identity at one provider: the provider and its native id.
///
/// Printed and parsed as `provider:native`, for example `fsq:4b0588f4f964a520bdc522e3`,
/// `google:ChIJ53I1Yn2AhYAR_Vl1vNygfMg` or `osm:node/59622323`. OpenStreetMap ids always
/// name the element type (`node`, `way` or `relation`) because the numbers overlap.
public struct VenueID: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The provider that issued the id.
    public let provider: ProviderID
    /// The provider's own id, as the provider spells it.
    public let native: String

    /// Creates an id, checking that both parts are well formed.
    public init(provider: ProviderID, native: String) throws(VenueIDError) {
        guard ProviderID.isWellFormed(provider.rawValue) else {
            throw .malformedProvider(provider.rawValue)
        }
        guard !native.isEmpty,
            Self.isPrintableWithoutSpaces(native)
        else {
            throw .malformedNative(provider: provider, native: native)
        }
        if provider == .openStreetMap, !VenueID.isOpenStreetMapElement(native) {
            throw .malformedNative(provider: provider, native: native)
        }
        self.provider = provider
        self.native = native
    }

    /// An id whose parts are well formed by construction (made from a checked element type and
    /// a positive number, never read from outside): not checked again, as the index's listings
    /// make one per venue.
    package init(provider: ProviderID, wellFormedNative native: String) {
        self.provider = provider
        self.native = native
    }

    /// Parses `provider:native`.
    public init(parsing text: String) throws(VenueIDError) {
        guard let colon = text.firstIndex(of: ":") else {
            throw .missingProvider(text)
        }
        let provider = ProviderID(rawValue: String(text[..<colon]))
        try self.init(provider: provider, native: String(text[text.index(after: colon)...]))
    }

    /// No control character and no space: ASCII checked byte by byte (ids are almost always
    /// ASCII, and reading Unicode properties was most of a stored favourite's decoding time),
    /// anything else by its Unicode category.
    private static func isPrintableWithoutSpaces(_ native: String) -> Bool {
        if native.utf8.allSatisfy({ $0 < 0x80 }) {
            return native.utf8.allSatisfy { $0 > 0x20 && $0 != 0x7F }
        }
        return native.unicodeScalars.allSatisfy { $0.properties.generalCategory != .control && $0 != " " }
    }

    /// `node/123`, `way/123` or `relation/123` with a positive decimal number (digits only, at
    /// most `UInt64.max`). Read byte by byte: every venue an index or extract answers with is
    /// checked here.
    private static func isOpenStreetMapElement(_ native: String) -> Bool {
        let utf8 = native.utf8
        guard let slash = utf8.firstIndex(of: UInt8(ascii: "/")) else { return false }
        let kind = utf8[..<slash]
        guard kind.elementsEqual("node".utf8) || kind.elementsEqual("way".utf8) || kind.elementsEqual("relation".utf8)
        else { return false }
        var number: UInt64 = 0
        var digits = 0
        for byte in utf8[utf8.index(after: slash)...] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return false }
            let (tenfold, overflowed) = number.multipliedReportingOverflow(by: 10)
            let (sum, carried) = tenfold.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !overflowed, !carried else { return false }
            number = sum
            digits += 1
        }
        return digits > 0 && number > 0
    }

    public var description: String { "\(provider.rawValue):\(native)" }

    public static func < (lhs: VenueID, rhs: VenueID) -> Bool { lhs.description < rhs.description }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: error.description)
            )
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// Why a venue id was rejected.
public enum VenueIDError: Error, Sendable, Equatable, CustomStringConvertible {
    case missingProvider(String)
    case malformedProvider(String)
    case malformedNative(provider: ProviderID, native: String)

    public var description: String {
        let accepted =
            "expected PROVIDER:ID such as fsq:4b0588f4f964a520bdc522e3, google:ChIJ…, osm:node/123, osm:way/123 or osm:relation/123"
        switch self {
        case .missingProvider(let text):
            return "'\(text)' is not a venue id: \(accepted)"
        case .malformedProvider(let provider):
            return "'\(provider)' is not a provider name: \(accepted)"
        case .malformedNative(let provider, let native):
            return "'\(provider):\(native)' is not a valid \(provider) id: \(accepted)"
        }
    }
}
