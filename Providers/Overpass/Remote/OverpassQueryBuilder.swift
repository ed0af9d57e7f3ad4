import Foundation
import OSMModel
import VenuesCore

/// Builds Overpass QL for a search. Pure: no I/O, unit-tested.
///
/// A nearby search for no categories is:
///
/// ```
/// [out:xml][timeout:10];
/// (
///   nwr(around:500,60.171634,24.944295)["name"]["amenity"];
///   nwr(around:500,60.171634,24.944295)["name"]["shop"];
///   nwr(around:500,60.171634,24.944295)["name"]["tourism"];
///   nwr(around:500,60.171634,24.944295)["name"]["leisure"];
/// );
/// out bb tags;
/// ```
///
/// `out bb tags` prints each way's and relation's bounding box (`<bounds …/>`) — the extent
/// the merge measures distances to — in place of its `<center>`, which is the box's centre;
/// nodes keep their `lat`/`lon` (Overpass `print.cc`/`output_xml.cc`: bounds and center are
/// alternatives, the last one given wins).
///
/// A text search adds, per rule, one statement for each of `name`, `brand` and `cuisine`:
/// `["name"~"TERM",i]`, where TERM is the term as a diacritic-folding regex (letters with
/// accented forms as bracket expressions, every regex metacharacter escaped) written as an
/// Overpass string literal (see ``foldingRegex(_:)`` and ``stringLiteral(_:)``): `café` is
/// sent as `"[cçÇ][aáàâäåÁÀÂÄÅ]f[eéèêëÉÈÊË]"`.
enum OverpassQueryBuilder {
    /// The query for a nearby search (`term == nil`) or a text search; with `limit`, the server
    /// prints at most that many elements (`out bb tags N;`).
    static func query(
        center: Coordinate,
        radius: Int,
        selection: OSMSelection,
        timeout: Double,
        limit: Int? = nil
    ) -> String {
        let around = "nwr(around:\(radius),\(decimal(center.latitude)),\(decimal(center.longitude)))"
        var statements: [String] = []
        for rule in selection.rules {
            if let term = selection.term {
                let pattern = stringLiteral(foldingRegex(term))
                for field in OSMSelection.termFields {
                    let nameFilter = field == "name" ? "" : "[\"name\"]"
                    statements.append("\(around)\(nameFilter)[\"\(field)\"~\(pattern),i]\(rule.overpassFilter);")
                }
            } else {
                statements.append("\(around)[\"name\"]\(rule.overpassFilter);")
            }
        }
        return "[out:xml][timeout:\(serverTimeout(timeout))];\n(\n"
            + statements.map { "  \($0)\n" }.joined()
            + ");\nout bb tags\(limit.map { " \($0)" } ?? "");\n"
    }

    /// The query for one element by id: `node(N);out bb tags;`.
    static func lookupQuery(type: String, id: Int64, timeout: Double) -> String {
        "[out:xml][timeout:\(serverTimeout(timeout))];\n\(type)(\(id));\nout bb tags;\n"
    }

    /// The whole seconds for `[timeout:N]`: the caller's timeout rounded up, at least 1.
    static func serverTimeout(_ seconds: Double) -> Int {
        guard seconds.isFinite, seconds > 1 else { return 1 }
        return Int(min(seconds, 3600).rounded(.up))
    }

    /// A degree value in plain decimal notation with at most 7 decimals (about 1 cm), no exponent.
    static func decimal(_ value: Double) -> String {
        var text = String(format: "%.7f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// The characters with a meaning in POSIX extended and PCRE regular expressions, outside
    /// bracket expressions. `]` and `}` are literal there and are left alone.
    static let regexMetacharacters: Set<Unicode.Scalar> = ["\\", ".", "[", "(", ")", "*", "+", "?", "{", "|", "^", "$"]

    /// The term as a regular expression that matches exactly the term: every metacharacter
    /// preceded by a backslash.
    static func regexLiteral(_ term: String) -> String {
        var result = ""
        result.reserveCapacity(term.utf8.count)
        for scalar in term.unicodeScalars {
            if regexMetacharacters.contains(scalar) { result.unicodeScalars.append("\\") }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    /// The term as a regular expression that matches it with diacritics folded: the term is
    /// put in canonical composed form (NFC); each character whose base letter
    /// (``OSMTextFolding/base(of:)``) has accented forms becomes the bracket expression of
    /// those forms (`é` and `e` → `[eéèêëÉÈÊË]`; a typed accented letter not in the list, such
    /// as `ā`, is added to its class); every other character is as in ``regexLiteral(_:)``. The
    /// bracket expressions hold only letters, so the escaping guarantees of
    /// ``regexLiteral(_:)`` and ``stringLiteral(_:)`` are unchanged.
    static func foldingRegex(_ term: String) -> String {
        var result = ""
        result.reserveCapacity(term.utf8.count)
        for scalar in term.precomposedStringWithCanonicalMapping.unicodeScalars {
            if let base = OSMTextFolding.base(of: scalar), let forms = OSMTextFolding.accentedForms[base] {
                // A typed accented letter outside the list (`ā`, `İ`) is added to its class.
                let typed = scalar.isASCII || forms.unicodeScalars.contains(scalar) ? "" : String(scalar)
                result += "[" + forms + typed + "]"
            } else {
                result += regexLiteral(String(scalar))
            }
        }
        return result
    }

    /// The text as an Overpass QL string literal in double quotes.
    ///
    /// The Overpass tokenizer ends a string at the first unescaped quote, and decodes `\n`,
    /// `\t`, `\uXXXX` and `\c` (any other character c stands for itself). So backslash and
    /// both quote kinds get a backslash, newline and tab become `\n` and `\t`. Other control
    /// characters are rejected before this point (``OSMSelection/checkedTerm(_:)``).
    static func stringLiteral(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "'": result += "\\'"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
