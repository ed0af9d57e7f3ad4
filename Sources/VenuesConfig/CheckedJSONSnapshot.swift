import Configuration
import Foundation
import VenuesCore

/// A configuration file as swift-configuration's `JSONSnapshot` reads it, refused when it is
/// not JSON or holds a key that `venues` does not know (see ``ConfigurationKeys``).
///
/// The library flattens the file into dotted keys and answers lookups; it has no notion of a
/// key nobody asks for, so this small check on top keeps a typo from silently doing nothing.
/// API keys are marked secret here, so the library never prints them.
struct CheckedJSONSnapshot: FileConfigSnapshot {
    /// JSON's options and the keys a file may hold.
    struct ParsingOptions: FileParsingOptions {
        var json: JSONSnapshot.ParsingOptions = .default
        var keys: ConfigurationKeys = ConfigurationKeys(catalog: ProviderCatalog([]))

        static var `default`: ParsingOptions { ParsingOptions() }
    }

    private let upstream: JSONSnapshot

    init(data: RawSpan, providerName: String, parsingOptions: ParsingOptions) throws {
        let bytes = data.withUnsafeBytes { Data($0) }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: bytes)
        } catch {
            throw ConfigurationError.invalid(path: "", reason: "not valid JSON")
        }
        guard let fields = object as? [String: Any] else {
            throw ConfigurationError.invalid(path: "", reason: "top level: expected an object")
        }
        if let problem = parsingOptions.keys.problem(in: fields) {
            throw ConfigurationError.invalid(path: "", reason: problem)
        }
        var options = parsingOptions.json
        options.secretsSpecifier = .specific(parsingOptions.keys.secrets)
        upstream = try JSONSnapshot(data: data, providerName: providerName, parsingOptions: options)
    }

    var providerName: String { upstream.providerName }

    func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
        try upstream.value(forKey: key, type: type)
    }

    var description: String { upstream.description }

    var debugDescription: String { upstream.debugDescription }
}
