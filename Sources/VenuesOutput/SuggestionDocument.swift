public import VenuesCore

/// The body of `GET /v1/suggest`. Written by hand (``json()``), as `JSONEncoder` with sorted keys
/// and unescaped slashes writes it: a suggestion is answered at every keystroke, and the encoder
/// cost as much as a fifth of the search itself.
public struct SuggestionDocument: Encodable, Sendable {
    /// The centre the suggestions are around.
    public struct Center: Encodable, Sendable {
        /// Degrees north.
        public var latitude: Double
        /// Degrees east.
        public var longitude: Double

        /// A centre.
        public init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    /// One venue suggested.
    public struct Suggestion: Encodable, Sendable {
        /// The venue's id (`osm:node/123`).
        public var id: String
        /// Its name.
        public var name: String
        /// Its kind, when it has one.
        public var category: String?
        /// Metres from the centre, to a decimetre.
        public var distance: Double
        /// How the text matched it.
        public var match: VenueMatch?

        /// A suggestion.
        public init(id: String, name: String, category: String?, distance: Double, match: VenueMatch?) {
            self.id = id
            self.name = name
            self.category = category
            self.distance = distance
            self.match = match
        }
    }

    /// The text typed.
    public var q: String
    /// The centre.
    public var center: Center
    /// The radius in metres.
    public var radius: Int
    /// The venues suggested, best first.
    public var suggestions: [Suggestion]
    /// Why suggestions may be missing (a circle wider than the remote server is asked for);
    /// `nil`, and left out, when there is none.
    public var warnings: [String]?

    /// A document.
    public init(q: String, center: Center, radius: Int, suggestions: [Suggestion], warnings: [String]? = nil) {
        self.q = q
        self.center = center
        self.radius = radius
        self.suggestions = suggestions
        self.warnings = warnings
    }

    /// The document as JSON: the keys sorted, optional members left out when absent, numbers
    /// and strings as `JSONEncoder` writes them.
    public func json() -> String {
        var text = JSONText()
        text.append(#"{"center":{"latitude":"#)
        text.append(center.latitude)
        text.append(#","longitude":"#)
        text.append(center.longitude)
        text.append(#"},"q":"#)
        text.append(string: q)
        text.append(#","radius":"#)
        text.append(String(radius))
        text.append(#","suggestions":["#)
        for (index, suggestion) in suggestions.enumerated() {
            if index > 0 { text.append(",") }
            text.append("{")
            if let category = suggestion.category {
                text.append(#""category":"#)
                text.append(string: category)
                text.append(",")
            }
            text.append(#""distance":"#)
            text.append(suggestion.distance)
            text.append(#","id":"#)
            text.append(string: suggestion.id)
            if let match = suggestion.match {
                text.append(#","match":{"edits":"#)
                text.append(String(match.edits))
                text.append(#","field":"#)
                text.append(string: match.field.rawValue)
                text.append(#","score":"#)
                text.append(String(match.score))
                text.append("}")
            }
            text.append(#","name":"#)
            text.append(string: suggestion.name)
            text.append("}")
        }
        text.append("]")
        if let warnings {
            text.append(#","warnings":["#)
            for (index, warning) in warnings.enumerated() {
                if index > 0 { text.append(",") }
                text.append(string: warning)
            }
            text.append("]")
        }
        text.append("}")
        return text.value
    }
}
