import VenuesCore

/// The body of `GET /v1/suggest`. Written by hand (``json()``), as `JSONEncoder` with sorted keys
/// and unescaped slashes writes it: a suggestion is answered at every keystroke, and the encoder
/// cost as much as a fifth of the search itself.
struct SuggestionDocument: Encodable {
    struct Center: Encodable {
        var latitude: Double
        var longitude: Double
    }

    struct Suggestion: Encodable {
        var id: String
        var name: String
        var category: String?
        /// Metres from the centre, to a decimetre.
        var distance: Double
        var match: VenueMatch?
    }

    var q: String
    var center: Center
    var radius: Int
    var suggestions: [Suggestion]
    /// Why suggestions may be missing (a circle wider than the remote server is asked for);
    /// `nil`, and left out, when there is none.
    var warnings: [String]?

    /// The document as JSON: the keys sorted, optional members left out when absent, numbers
    /// and strings as `JSONEncoder` writes them.
    func json() -> String {
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
