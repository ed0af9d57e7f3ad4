package import VenuesCore

/// Turns an OSM element's tags and position into a ``Venue``.
///
/// - name: `name` (trimmed); elements without one are not venues;
/// - names: `name` and every other name in the tags (``otherNameKeys``, `name:LANG`), each
///   value of a `;` list, with its key as source (values equal to `name` left out); empty when
///   there is no other name;
/// - extent: the element's bounding box, when the caller knows it (ways and relations);
/// - address: `addr:street` + `addr:housenumber`, then `addr:postcode` + `addr:city`
///   (`"Mannerheimintie 5, 00100 Helsinki"`), or `addr:full`;
/// - phone: `phone`, else `contact:phone`; website: `website`, `contact:website`, `url`;
/// - opening hours: `opening_hours`, as text and as the source's ``VenueHours`` (checked on
///   `check_date:opening_hours`, else `check_date`);
/// - categories: the shared vocabulary (``OSMVocabulary``) plus raw `amenity=cafe` labels;
/// - extras: `cuisine`, `brand`, `wheelchair`, `operator`, `email`, `wikidata`, `wikipedia`,
///   `outdoor_seating`, `takeaway`, `diet:vegan`, `diet:vegetarian`, `level`, `name:en`, `name:fi`,
///   `name:sv` when present;
/// - links: the element's page on openstreetmap.org.
package enum OSMVenueMapper {
    /// Tags copied into ``Venue/extras`` when present.
    package static let extraKeys = [
        "cuisine", "brand", "wheelchair", "operator", "email", "wikidata", "wikipedia", "outdoor_seating",
        "takeaway", "diet:vegan", "diet:vegetarian", "level", "name:en", "name:fi", "name:sv",
    ]

    /// Keys that name the element otherwise (OSM wiki, Key:name and Names), besides `name:LANG`.
    package static let otherNameKeys: Set<String> = [
        "alt_name", "short_name", "official_name", "old_name", "loc_name", "int_name", "reg_name", "nat_name", "brand",
    ]

    /// The venue, or `nil` when the element has no usable name.
    package static func venue(
        kind: OSMElement.Kind,
        id: Int64,
        coordinate: Coordinate,
        tags: OSMTags,
        extent: BoundingBox? = nil
    ) -> Venue? {
        guard let name = tags.first("name"), let venueID = kind.venueID(id)
        else { return nil }
        var extras: [String: String] = [:]
        for key in extraKeys {
            if let value = tags.first(key) { extras[key] = value }
        }
        return Venue(
            id: venueID,
            name: name,
            names: names(tags, name: name),
            coordinate: coordinate,
            extent: extent,
            address: address(tags),
            categories: OSMVocabulary.categories(of: tags),
            providerCategories: OSMVocabulary.providerCategories(of: tags),
            phone: tags.first("phone", "contact:phone"),
            website: tags.first("website", "contact:website", "url"),
            openingHours: tags.first("opening_hours"),
            hours: hours(tags),
            links: [
                VenueLink(
                    kind: .providerPage,
                    url: "https://www.openstreetmap.org/\(kind.name)/\(id)",
                    title: "OpenStreetMap"
                )
            ],
            extras: extras
        )
    }

    /// The `opening_hours` value as the source's hours, with the date it was last checked.
    static func hours(_ tags: OSMTags) -> [VenueHours] {
        guard let value = tags.first("opening_hours") else { return [] }
        return [
            VenueHours(
                provider: .openStreetMap,
                specification: value,
                checked: tags.first("check_date:opening_hours", "check_date")
            )
        ]
    }

    /// The tags ``hoursSummary(kind:id:coordinate:tags:)`` reads.
    package static let hoursSummaryKeys: Set<String> = [
        "name", "opening_hours", "check_date:opening_hours", "check_date",
    ]

    /// The venue with only its id, name, position and opening hours, or `nil` exactly when
    /// ``venue(kind:id:coordinate:tags:extent:)`` gives none: enough to judge its hours
    /// (``VenuePrefilter/readsHoursOnly``) before the rest of its row is read.
    package static func hoursSummary(kind: OSMElement.Kind, id: Int64, coordinate: Coordinate, tags: OSMTags) -> Venue?
    {
        // Reads only ``hoursSummaryKeys``.
        guard let name = tags.first("name"), let venueID = kind.venueID(id)
        else { return nil }
        return Venue(id: venueID, name: name, coordinate: coordinate, hours: hours(tags))
    }

    /// The tags ``summary(kind:id:coordinate:tags:)`` reads: the name and the keys of the
    /// categories (``OSMVocabulary/venueKeys``, which hold every key of the category rules).
    package static let summaryKeys: Set<String> = Set(["name"] + OSMVocabulary.venueKeys)

    /// The venue with only what a suggestion shows — id, name, position, categories — or `nil`
    /// when the element has no usable name: cheaper than ``venue(kind:id:coordinate:tags:extent:)``
    /// for answers given at every keystroke.
    package static func summary(kind: OSMElement.Kind, id: Int64, coordinate: Coordinate, tags: OSMTags) -> Venue? {
        // Reads only ``summaryKeys``.
        guard let name = tags.first("name"), let venueID = kind.venueID(id)
        else { return nil }
        return Venue(
            id: venueID,
            name: name,
            coordinate: coordinate,
            categories: OSMVocabulary.categories(of: tags),
            providerCategories: OSMVocabulary.providerCategories(of: tags)
        )
    }

    /// `name`, then every other name: `name:LANG` (LANG a language code such as `en`, `sv`,
    /// `zh-Hant`) and the ``otherNameKeys``, in tag order, each value of a `;` list once;
    /// empty when the element has no name but `name`.
    package static func names(_ tags: OSMTags, name: String) -> [VenueName] {
        var names = [VenueName(name, source: "name")]
        for pair in tags.pairs {
            var language: String?
            if pair.key.hasPrefix("name:") {
                let code = pair.key.dropFirst(5)
                guard isLanguageCode(code) else { continue }
                language = String(code)
            } else if !otherNameKeys.contains(pair.key) {
                continue
            }
            for part in pair.value.split(separator: ";") {
                let text = OSMTags.trimmed(part)
                guard !text.isEmpty, text != name, !names.contains(where: { $0.text == text && $0.source == pair.key })
                else { continue }
                names.append(VenueName(text, source: pair.key, language: language))
            }
        }
        return names.count > 1 ? names : []
    }

    /// `en`, `sv`, `fil`, `zh-Hant`, `sr-Latn`: two or three letters, then optional subtags.
    private static func isLanguageCode(_ code: Substring) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLowercase })
        else { return false }
        return parts.dropFirst().allSatisfy {
            (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    /// `street housenumber, postcode city`, leaving out what is missing; `addr:full` otherwise.
    package static func address(_ tags: OSMTags) -> String? {
        let street = [tags.first("addr:street", "addr:place"), tags.first("addr:housenumber")]
            .compactMap { $0 }.joined(separator: " ")
        let locality = [tags.first("addr:postcode"), tags.first("addr:city")]
            .compactMap { $0 }.joined(separator: " ")
        let parts = [street, locality].filter { !$0.isEmpty }
        if parts.isEmpty || (street.isEmpty && tags.first("addr:full") != nil) {
            return tags.first("addr:full") ?? (parts.isEmpty ? nil : parts.joined(separator: ", "))
        }
        return parts.joined(separator: ", ")
    }
}
