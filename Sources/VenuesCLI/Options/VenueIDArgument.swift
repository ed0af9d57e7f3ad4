import ArgumentParser
import VenuesCore
import VenuesEngine

/// Parses a venue id argument (`fsq:…`, `google:…`, `osm:node/N`), as a usage error when malformed.
enum VenueIDArgument {
    static func parse(_ text: String) throws -> VenueID {
        let id: VenueID
        do {
            id = try VenueID(parsing: text.trimmingCharacters(in: .whitespaces))
        } catch {
            throw ValidationError(error.description)
        }
        guard ProviderRegistry.knownIDs.contains(id.provider) else {
            throw ValidationError(
                "'\(text)' names provider '\(id.provider)', which is not known: expected an id starting with \(ProviderRegistry.knownIDs.map { "\($0.rawValue):" }.joined(separator: ", "))"
            )
        }
        return id
    }
}
