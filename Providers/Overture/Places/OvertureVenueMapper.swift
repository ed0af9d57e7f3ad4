import Foundation
package import OSMIndex
package import OSMModel
package import VenuesCore

/// Turns a place's stored tags (``OvertureTags``) and position into a ``Venue``.
///
/// - id: `overture:ID`; name: `names.primary`; names: the common names per language, the
///   official, alternate and short names and the brand (as ``OSMVenueMapper/names(_:name:)``
///   reads them);
/// - address: the first address's freeform part, then postcode and locality
///   (`"Mannerheimintie 5, 00100 Helsinki"`);
/// - categories: the vocabulary's, from the mapped tag (``OvertureCategories``);
///   providerCategories: the place's own, primary first, then the alternates;
/// - phone, website: the first of each;
/// - extras: `confidence`, `operating_status`, `brand`, `brand:wikidata`, `basic_category`,
///   `websites`, `phones`, `emails`, `socials` (space-separated), `addresses` (when more than
///   one, `;`-separated), `datasets` (the source datasets, `, `-separated), `same_as` (the
///   records of other providers the place's sources name: `fsq:ID` for a Foursquare record,
///   `osm:node/ID` for an OpenStreetMap one, space-separated), `attribution` (a line per
///   dataset, ``OvertureAttribution``), `geometry` (when the position is a shape's centroid).
package enum OvertureVenueMapper {
    /// The venue, or `nil` when the tags have no name or no place id.
    package static func venue(coordinate: Coordinate, tags: OSMTags) -> Venue? {
        guard let name = tags.first("name"), let placeID = tags[OvertureTags.id],
            let id = try? VenueID(provider: .overture, native: placeID)
        else { return nil }
        var extras: [String: String] = [:]
        func copy(_ key: String, as name: String) {
            if let value = tags.first(key) { extras[name] = value }
        }
        copy(OvertureTags.confidence, as: "confidence")
        copy(OvertureTags.operatingStatus, as: "operating_status")
        copy("brand", as: "brand")
        copy("brand:wikidata", as: "brand:wikidata")
        copy(OvertureTags.basicCategory, as: "basic_category")
        copy(OvertureTags.geometry, as: "geometry")
        for (key, name) in [
            (OvertureTags.websites, "websites"), (OvertureTags.phones, "phones"), (OvertureTags.emails, "emails"),
            (OvertureTags.socials, "socials"),
        ] {
            if let value = tags[key] { extras[name] = value.split(separator: "\n").joined(separator: " ") }
        }
        let addresses = OvertureTags.lines(tags[OvertureTags.addresses]).map(addressText).filter { !$0.isEmpty }
        if addresses.count > 1 { extras["addresses"] = addresses.joined(separator: "; ") }
        let sources = OvertureTags.lines(tags[OvertureTags.sources])
        var datasets: [String] = []
        var lines: [String] = []
        var sameAs: [String] = []
        for source in sources {
            let dataset = source.first ?? ""
            guard !dataset.isEmpty else { continue }
            if !datasets.contains(dataset) { datasets.append(dataset) }
            let line = OvertureAttribution.line(dataset: dataset, license: source.count > 2 ? source[2] : nil)
            if !lines.contains(line) { lines.append(line) }
            if source.count > 1, let other = otherRecord(dataset: dataset, recordID: source[1]),
                !sameAs.contains(other.description)
            {
                sameAs.append(other.description)
            }
        }
        if !datasets.isEmpty { extras["datasets"] = datasets.joined(separator: ", ") }
        if !lines.isEmpty { extras["attribution"] = lines.joined(separator: "\n") }
        if !sameAs.isEmpty { extras[Venue.sameAsKey] = sameAs.joined(separator: " ") }
        var providerCategories: [String] = []
        if let primary = tags[OvertureTags.category] { providerCategories.append(primary) }
        for alternate in (tags[OvertureTags.alternates] ?? "").split(separator: ";") {
            if !providerCategories.contains(String(alternate)) { providerCategories.append(String(alternate)) }
        }
        return Venue(
            id: id,
            name: name,
            names: OSMVenueMapper.names(tags, name: name),
            coordinate: coordinate,
            address: addresses.first,
            categories: OSMVocabulary.categories(of: tags),
            providerCategories: providerCategories,
            phone: tags.first("phone"),
            website: tags.first("website"),
            extras: extras
        )
    }

    /// The venue with what a suggestion shows (id, name, position, categories) and what decides
    /// whether it is shown (confidence, operating status).
    package static func summary(coordinate: Coordinate, tags: OSMTags) -> Venue? {
        guard let name = tags.first("name"), let placeID = tags[OvertureTags.id],
            let id = try? VenueID(provider: .overture, native: placeID)
        else { return nil }
        var summary = Venue(
            id: id,
            name: name,
            coordinate: coordinate,
            categories: OSMVocabulary.categories(of: tags),
            providerCategories: tags[OvertureTags.category].map { [$0] } ?? []
        )
        // What ``OverturePlaceFilter`` decides by.
        if let confidence = tags.first(OvertureTags.confidence) { summary.extras["confidence"] = confidence }
        if let status = tags.first(OvertureTags.operatingStatus) { summary.extras["operating_status"] = status }
        return summary
    }

    /// How an index's rows become Overture venues.
    package static let indexMapper = IndexVenueMapper(
        provider: .overture,
        venue: { _, _, coordinate, tags, _ in venue(coordinate: coordinate, tags: tags) },
        summary: { _, _, coordinate, tags in summary(coordinate: coordinate, tags: tags) }
    )

    /// `freeform, postcode locality`, leaving out what is missing.
    private static func addressText(_ fields: [String]) -> String {
        func at(_ index: Int) -> String { index < fields.count ? fields[index] : "" }
        let locality = [at(2), at(1)].filter { !$0.isEmpty }.joined(separator: " ")
        return [at(0), locality].filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// The record of another provider a source names: a Foursquare place id, or an
    /// OpenStreetMap element written `n123@4`, `w123@4`, `r123@4` (type, id, version).
    package static func otherRecord(dataset: String, recordID: String) -> VenueID? {
        guard !recordID.isEmpty else { return nil }
        switch dataset.lowercased() {
        case "foursquare":
            return try? VenueID(provider: .foursquare, native: recordID)
        case "openstreetmap":
            let element = recordID.split(separator: "@").first ?? ""
            guard let type = element.first, let number = Int64(element.dropFirst()), number > 0 else { return nil }
            let kind: String
            switch type {
            case "n": kind = "node"
            case "w": kind = "way"
            case "r": kind = "relation"
            default: return nil
            }
            return try? VenueID(provider: .openStreetMap, native: "\(kind)/\(number)")
        default:
            return nil
        }
    }
}
