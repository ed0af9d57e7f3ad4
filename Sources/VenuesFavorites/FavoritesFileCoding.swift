public import Foundation

extension FavoritesFile {
    /// Reads a favourites file's bytes.
    ///
    /// An empty file (zero bytes, or only white space) is an empty list: there is nothing in it
    /// to lose, and `touch favorites.json` should not be an error. Anything else must be a
    /// version-1 favourites object.
    ///
    /// - Parameter path: the file's path, for error messages.
    /// - Throws: ``FavoritesError/corrupt(path:reason:)`` or
    ///   ``FavoritesError/unsupportedVersion(path:version:)``.
    public static func decode(_ data: Data, path: String) throws(FavoritesError) -> FavoritesFile {
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return FavoritesFile()
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            if let date = try? Date(text, strategy: .iso8601) { return date }
            if let date = try? Date(
                text,
                strategy: .iso8601.year().month().day().time(includingFractionalSeconds: true)
            ) {
                return date
            }
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "'\(text)' is not an ISO 8601 date such as 2026-11-22T08:00:00Z"
            )
        }
        // The version decides how to read the rest, so look at it first.
        let probe: VersionProbe
        do {
            probe = try decoder.decode(VersionProbe.self, from: data)
        } catch let error as DecodingError {
            throw .corrupt(path: path, reason: Self.explain(error, in: data))
        } catch {
            throw .corrupt(path: path, reason: "\(error)")
        }
        guard probe.version == currentVersion else {
            throw .unsupportedVersion(path: path, version: probe.version)
        }
        do {
            return try decoder.decode(FavoritesFile.self, from: data)
        } catch let error as DecodingError {
            throw .corrupt(path: path, reason: Self.explain(error, in: data))
        } catch {
            throw .corrupt(path: path, reason: "\(error)")
        }
    }

    /// The file's bytes: pretty-printed JSON with sorted keys, ISO 8601 dates, a final newline.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        do {
            var data = try encoder.encode(self)
            data.append(0x0A)
            return data
        } catch {
            // Every value here is a string, a finite number, a date or a container of them.
            preconditionFailure("encoding favourites cannot fail: \(error)")
        }
    }

    /// A one-line explanation of a decoding error, naming where in the file it is.
    static func explain(_ error: DecodingError, in data: Data) -> String {
        func location(_ path: [any CodingKey]) -> String {
            var text = ""
            for key in path {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
                }
            }
            return text.isEmpty ? "the top level" : text
        }
        switch error {
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return "not valid JSON (\(Self.syntaxError(in: data) ?? context.debugDescription))"
            }
            return "\(location(context.codingPath)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "\(location(context.codingPath + [key])) is missing"
        case .typeMismatch(let type, let context):
            return "\(location(context.codingPath)) has the wrong type (expected \(Self.typeName(type)))"
        case .valueNotFound(let type, let context):
            return "\(location(context.codingPath)) is null (expected \(Self.typeName(type)))"
        @unknown default:
            return "\(error)"
        }
    }

    /// Where JSON syntax goes wrong, as `JSONSerialization` explains it
    /// ("Unexpected end of file during JSON parse.", "Invalid value around character 15.").
    private static func syntaxError(in data: Data) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            return (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Double.Type, is Int.Type, is Int64.Type: "a number"
        case is Bool.Type: "true or false"
        case is [Any].Type: "an array"
        default:
            String(describing: type).hasPrefix("Array") ? "an array" : "an object"
        }
    }
}

/// The version number alone; anything else may differ between versions.
private struct VersionProbe: Decodable {
    var version: Int
}
