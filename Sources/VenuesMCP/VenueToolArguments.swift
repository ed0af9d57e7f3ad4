public import MCP
import VenuesCore
import VenuesEngine
import VenuesOpenState

/// A tool's arguments read into a ``VenueToolCall`` by the rules the CLI and the server use
/// (``QueryParameters``, ``HoursRequest``), each refusal naming the argument as the tool's
/// schema does: `radius -5 is out of range: …`.
public enum VenueToolArguments {
    /// The call `arguments` make of tool `name`; throws the reason when they are refused.
    public static func call(
        _ name: VenueToolCatalog.Name,
        arguments: [String: Value]
    ) throws(VenueToolFailure) -> VenueToolCall {
        var reader = Reader(arguments: arguments, tool: name)
        let call: VenueToolCall
        switch name {
        case .nearby, .search:
            call = try listing(&reader, search: name == .search)
        case .place:
            let id = try venueID(reader.requiredString("id"))
            let timeout = try reader.number("timeout")
            if let timeout, !VenueQuery.timeoutRange.contains(timeout) {
                throw refused(QueryParameterError(.timeout, .timeoutOutOfRange(timeout)))
            }
            call = .place(id: id, timeout: timeout)
        case .favoritesList:
            let near = try reader.coordinate()
            let radius = try reader.integer("radius")
            if let radius {
                guard near != nil else { throw VenueToolFailure("radius needs latitude and longitude") }
                guard VenueQuery.radiusRange.contains(radius) else {
                    throw refused(QueryParameterError(.radius, .radiusOutOfRange(radius)))
                }
            }
            call = .favorites(near: near, radius: radius)
        case .favoriteAdd:
            let note = try reader.string("note")
            if let note, note.count > 1000 {
                throw VenueToolFailure("note is \(note.count) characters long: at most 1000 are accepted")
            }
            call = .addFavorite(id: try venueID(reader.requiredString("id")), note: note)
        case .favoriteRemove:
            call = .removeFavorite(id: try venueID(reader.requiredString("id")))
        case .providers:
            call = .providers
        case .hours:
            let value = try reader.requiredString("value")
            let at = try reader.string("at")
            if let at {
                do {
                    _ = try HoursTime.parse(at)
                } catch {
                    throw VenueToolFailure("at \(error.message)")
                }
            }
            call = .hours(
                HoursToolRequest(
                    value: value,
                    at: at,
                    near: try reader.coordinate(),
                    timeZone: try reader.string("time_zone"),
                    country: try reader.string("country")
                )
            )
        }
        try reader.refuseUnread()
        return call
    }

    private static func listing(_ reader: inout Reader, search: Bool) throws(VenueToolFailure) -> VenueToolCall {
        let term: String? = if search { try reader.requiredString("term") } else { nil }
        let near = try reader.coordinate()
        var parameters = QueryParameters(
            near: near.map { "\($0.latitude),\($0.longitude)" },
            radius: try reader.integer("radius"),
            term: term,
            providers: try reader.strings("providers").map { [$0.joined(separator: ",")] } ?? [],
            categories: try reader.strings("categories") ?? [],
            limit: try reader.integer("limit"),
            sort: try reader.string("sort"),
            timeout: try reader.number("timeout")
        )
        if let providers = parameters.providers.first, providers.isEmpty { parameters.providers = [] }
        do {
            try parameters.validate()
            if let term = parameters.term { parameters.term = try QueryParameters.checkedTerm(term) }
        } catch {
            throw refused(error)
        }
        let hours = HoursRequest(
            openNow: try reader.flag("open_now"),
            openAt: try reader.string("open_at"),
            openFor: try reader.string("open_for"),
            includeUnknown: try reader.flag("include_unknown"),
            country: try reader.string("country")
        )
        do {
            try hours.validate()
        } catch {
            throw VenueToolFailure(error.message(naming: argumentName))
        }
        return .listing(parameters: parameters, hours: hours, explain: try reader.flag("explain"))
    }

    /// How a tool names an hours parameter: `open_at`.
    static func argumentName(_ parameter: HoursRequest.Parameter) -> String {
        switch parameter {
        case .openNow: "open_now"
        case .openAt: "open_at"
        case .openFor: "open_for"
        case .includeUnknown: "include_unknown"
        case .country: "country"
        }
    }

    private static func refused(_ error: QueryParameterError) -> VenueToolFailure {
        let name =
            switch error.parameter {
            case .near: "latitude/longitude"
            case .category: "categories"
            default: error.parameter.rawValue
            }
        return VenueToolFailure(error.message(naming: name))
    }

    private static func venueID(_ text: String) throws(VenueToolFailure) -> VenueID {
        let id: VenueID
        do {
            id = try VenueID(parsing: text.trimmingCharacters(in: .whitespaces))
        } catch {
            throw VenueToolFailure("id: \(error.description)")
        }
        guard ProviderRegistry.knownIDs.contains(id.provider) else {
            throw VenueToolFailure(
                "id '\(text.prefix(100))' names provider '\(id.provider)', which is not known: expected an id starting with "
                    + ProviderRegistry.knownIDs.map { "\($0.rawValue):" }.joined(separator: ", ")
            )
        }
        return id
    }

    /// Reads arguments by name and type, remembering which were read, so that an argument no
    /// tool takes is refused by name instead of ignored.
    private struct Reader {
        let arguments: [String: Value]
        let tool: VenueToolCatalog.Name
        var read: Set<String> = []

        init(arguments: [String: Value], tool: VenueToolCatalog.Name) {
            self.arguments = arguments
            self.tool = tool
        }

        private mutating func value(_ name: String) -> Value? {
            read.insert(name)
            guard let value = arguments[name], !value.isNull else { return nil }
            return value
        }

        mutating func string(_ name: String) throws(VenueToolFailure) -> String? {
            guard let value = value(name) else { return nil }
            guard let text = value.stringValue else { throw wrongType(name, "a string", value) }
            return text
        }

        mutating func requiredString(_ name: String) throws(VenueToolFailure) -> String {
            guard let text = try string(name) else {
                throw VenueToolFailure("\(name) is required: \(Self.help(name))")
            }
            return text
        }

        mutating func integer(_ name: String) throws(VenueToolFailure) -> Int? {
            guard let value = value(name) else { return nil }
            if let integer = value.intValue { return integer }
            if let double = value.doubleValue, double.rounded() == double, abs(double) < 1e15 { return Int(double) }
            throw wrongType(name, "a whole number", value)
        }

        mutating func number(_ name: String) throws(VenueToolFailure) -> Double? {
            guard let value = value(name) else { return nil }
            if let double = value.doubleValue, double.isFinite { return double }
            if let integer = value.intValue { return Double(integer) }
            throw wrongType(name, "a number", value)
        }

        mutating func flag(_ name: String) throws(VenueToolFailure) -> Bool {
            guard let value = value(name) else { return false }
            guard let flag = value.boolValue else { throw wrongType(name, "true or false", value) }
            return flag
        }

        mutating func strings(_ name: String) throws(VenueToolFailure) -> [String]? {
            guard let value = value(name) else { return nil }
            if let text = value.stringValue { return [text] }
            guard let items = value.arrayValue else { throw wrongType(name, "a list of strings", value) }
            var texts: [String] = []
            for item in items {
                guard let text = item.stringValue else { throw wrongType(name, "a list of strings", value) }
                texts.append(text)
            }
            return texts
        }

        /// `latitude` and `longitude`, both or neither, each in range; or `near` as the CLI
        /// takes it (`"60.17,24.94"`), not with them.
        mutating func coordinate() throws(VenueToolFailure) -> Coordinate? {
            let latitude = try number("latitude")
            let longitude = try number("longitude")
            if let near = try string("near") {
                guard latitude == nil, longitude == nil else {
                    throw VenueToolFailure("near is given with latitude or longitude: give one or the other")
                }
                do {
                    return try Coordinate(parsing: near)
                } catch {
                    throw VenueToolFailure(QueryParameterError(.near, .coordinate(error)).message(naming: "near"))
                }
            }
            switch (latitude, longitude) {
            case (nil, nil):
                return nil
            case (let latitude?, let longitude?):
                guard (-90...90).contains(latitude) else {
                    throw VenueToolFailure(
                        "latitude \(Self.shown(latitude)) is out of range: expected -90 to 90 degrees (latitude comes first: north-south)"
                    )
                }
                guard (-180...180).contains(longitude) else {
                    throw VenueToolFailure(
                        "longitude \(Self.shown(longitude)) is out of range: expected -180 to 180 degrees (east-west)"
                    )
                }
                do {
                    return try Coordinate(latitude: latitude, longitude: longitude)
                } catch {
                    throw VenueToolFailure("latitude/longitude: \(error)")
                }
            case (nil, _?):
                throw VenueToolFailure("longitude is given without latitude: give both, in decimal degrees")
            case (_?, nil):
                throw VenueToolFailure("latitude is given without longitude: give both, in decimal degrees")
            }
        }

        /// Refuses the arguments no one read: names the tool does not take.
        func refuseUnread() throws(VenueToolFailure) {
            let unknown = arguments.keys.filter { !read.contains($0) }.sorted()
            guard let first = unknown.first else { return }
            let known = VenueToolCatalog.tool(tool).inputSchema.objectValue?["properties"]?.objectValue?.keys.sorted()
            throw VenueToolFailure(
                "\(tool.rawValue) takes no argument '\(first.prefix(60))': it takes "
                    + ((known ?? []).isEmpty ? "none" : (known ?? []).joined(separator: ", "))
            )
        }

        private func wrongType(_ name: String, _ expected: String, _ value: Value) -> VenueToolFailure {
            VenueToolFailure("\(name) must be \(expected), not \(String(describing: value).prefix(60))")
        }

        private static func shown(_ number: Double) -> String {
            number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
        }

        private static func help(_ name: String) -> String {
            switch name {
            case "term": "what to look for, e.g. \"sushi\" or a place's name"
            case "id": "a venue id from a listing, e.g. osm:node/59622323"
            case "value": "an opening_hours value, e.g. \"Mo-Fr 09:00-17:00\""
            default: "see the tool's input schema"
            }
        }
    }
}
