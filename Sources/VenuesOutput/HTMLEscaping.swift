/// Escapes text for HTML and the SVG inside it: in element content and in quoted attribute
/// values alike, nothing of the text can open a tag, end an attribute or start an entity.
public enum HTMLEscaping {
    /// The text with control and invisible format characters removed (``TextSanitizer``:
    /// bidirectional overrides and isolates among them, so no name can reorder the page around
    /// it) and `&`, `<`, `>`, `"`, `'` written as character references.
    public static func escaped(_ text: String) -> String {
        let clean = TextSanitizer.clean(text)
        guard clean.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 })
        else { return clean }
        var result = ""
        result.reserveCapacity(clean.utf8.count + 16)
        for character in clean.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
