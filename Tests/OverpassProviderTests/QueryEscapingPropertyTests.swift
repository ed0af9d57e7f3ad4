import Foundation
import OSMModel
import Testing
import VenuesCore
import VenuesTestSupport

@testable import OverpassProvider

/// Random terms never let the query escape its string literal.
///
/// For each term the query is built, and a small tokenizer that follows the Overpass rules
/// (a string ends at the first quote not preceded by a backslash escape; `\n`, `\t`, `\uXXXX`
/// and `\c` are escapes) reads every `["name"~"…",i]` literal. The test checks that each
/// literal decodes to the escaped regex, that the regex, read back as a regex, is the term
/// itself (in composed form, NFC), each character either literal, a `\`-escaped
/// metacharacter, or a bracket expression of letters only that contains it and nothing that
/// folds to another letter, and that the query with each literal replaced by a placeholder is
/// exactly the query built for a harmless term.
@Suite("Overpass query escaping (property)")
struct QueryEscapingPropertyTests {

    static let pieces: [String] = [
        "\"", "'", "\\", "\\\\", "\"];out;", "\"];", "]", "[", "(", ")", "{", "}", "*", "+", "?", ".", "^", "$",
        "|", ";", "~", ",i", "\n", "\t", " ", "a", "Z", "é", "ä", "Å", "\u{301}", "日本", "🙂", "\u{2028}", "\\u0022",
        "\\n", "out;", "//", "/*", "%", "&", "=", "%22", "+", "É", "ø", "Ø", "e\u{301}", "ç", "ñ", "İ", "ı", "ß",
        "[eé]", "-", ":", "[:alpha:]",
    ]

    /// Seconds of computation: run on a thread of its own, so that the loopback servers of the
    /// tests running beside it keep answering.
    @Test func randomTermsNeverBreakOutOfTheString() async throws {
        let broken = try await offCooperativePool { () throws -> [String] in
            var generator = SeededGenerator(state: 20_261_122)
            let reference = try queryParts(for: "placeholder")
            var broken: [String] = []
            for _ in 0..<2000 {
                var term = ""
                for _ in 0..<Int.random(in: 1...12, using: &generator) {
                    term += Self.pieces.randomElement(using: &generator)!
                }
                guard let checked = try? OSMSelection.checkedTerm(term) else { continue }  // blank terms
                let parts = try queryParts(for: term)
                if parts.skeleton != reference.skeleton || parts.literals.count != reference.literals.count
                    || !parts.literals.allSatisfy({ matchesTheFoldedTerm($0, checked) })
                {
                    broken.append(term.debugDescription)
                }
            }
            return broken
        }
        #expect(broken.isEmpty, "terms that break out of the string: \(broken.prefix(10))")
    }

    /// The query with every string literal replaced by `"…"`, and the decoded literals that
    /// follow a `~` (the regexes).
    func queryParts(for term: String) throws -> (skeleton: String, literals: [String]) {
        let selection = try OSMSelection(categories: [.cafe, .shop], term: term)
        let query = OverpassQueryBuilder.query(
            center: OverpassTest.helsinki,
            radius: 250,
            selection: selection,
            timeout: 7
        )
        return parts(of: query)
    }

    /// The checker itself catches a term pasted in without escaping.
    @Test func checkerDetectsAnUnescapedTerm() throws {
        let reference = try queryParts(for: "placeholder")
        // A term without letters that have accented forms is sent as typed.
        let safe = try OSMSelection(categories: [.cafe, .shop], term: "qwxqwx")
        let query = OverpassQueryBuilder.query(center: OverpassTest.helsinki, radius: 250, selection: safe, timeout: 7)
        #expect(query.contains("\"qwxqwx\""))
        let broken = parts(of: query.replacingOccurrences(of: "qwxqwx", with: #"x",i];out;(nwr["a"~"y"#))
        #expect(broken.skeleton != reference.skeleton)
        let unescapedRegex = parts(of: query.replacingOccurrences(of: "qwxqwx", with: "a.b"))
        #expect(!unescapedRegex.literals.isEmpty)
        #expect(unescapedRegex.literals.allSatisfy { readRegex($0) == nil })
    }

    /// The checker also catches bracket expressions that are not letters only, not closed, or
    /// that do not stand for the term's letter.
    @Test func checkerDetectsBrokenBracketExpressions() throws {
        let selection = try OSMSelection(categories: [.cafe], term: "café")
        let query = OverpassQueryBuilder.query(
            center: OverpassTest.helsinki,
            radius: 250,
            selection: selection,
            timeout: 7
        )
        let good = parts(of: query)
        #expect(!good.literals.isEmpty)
        #expect(good.literals.allSatisfy { matchesTheFoldedTerm($0, "café") })
        for (class_, replacement) in [
            ("[cçÇ]", "[c.]"), ("[cçÇ]", "[c\\\\]"), ("[cçÇ]", "[^c]"), ("[cçÇ]", "[a-z]"), ("[cçÇ]", "[c"),
            ("[eéèêëÉÈÊË]", "[aá]"), ("[eéèêëÉÈÊË]", "[eéa]"), ("[cçÇ]", "[[:alpha:]]"),
        ] {
            let broken = parts(of: query.replacingOccurrences(of: class_, with: replacement))
            #expect(!broken.literals.isEmpty)
            #expect(
                broken.literals.allSatisfy { !matchesTheFoldedTerm($0, "café") },
                "\(replacement) must be rejected"
            )
        }
    }

    func parts(of query: String) -> (skeleton: String, literals: [String]) {
        var skeleton = ""
        var literals: [String] = []
        var scalars = Array(query.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\"" else {
                skeleton.unicodeScalars.append(scalar)
                continue
            }
            let isRegex = skeleton.hasSuffix("~")
            var decoded = ""
            var closed = false
            while let next = scalars.popFirst() {
                if next == "\"" {
                    closed = true
                    break
                }
                if next == "\\" {
                    guard let escaped = scalars.popFirst() else { break }
                    switch escaped {
                    case "n": decoded += "\n"
                    case "t": decoded += "\t"
                    case "u": Issue.record("unexpected \\u escape")
                    default: decoded.unicodeScalars.append(escaped)
                    }
                } else {
                    decoded.unicodeScalars.append(next)
                }
            }
            #expect(closed, "unterminated string in \(query.debugDescription)")
            if isRegex, !decoded.hasPrefix("^(") {
                literals.append(decoded)
                skeleton += "\"…\""
            } else {
                skeleton += "\"" + decoded + "\""
            }
        }
        return (skeleton, literals)
    }

    /// One position of a regex: a character matched as itself, or a bracket expression.
    enum RegexAtom: Equatable {
        case literal(Unicode.Scalar)
        case oneOf(Set<Unicode.Scalar>)
    }

    /// Reads a regex made only of literal characters, `\`-escaped metacharacters and bracket
    /// expressions of letters (no `^`, `-`, `\`, `[`, `:` or other non-letter inside, where
    /// they could have a meaning); anything else, such as an unescaped metacharacter, is a failure.
    func readRegex(_ regex: String) -> [RegexAtom]? {
        var atoms: [RegexAtom] = []
        var scalars = Array(regex.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\\" {
                guard let next = scalars.popFirst(), OverpassQueryBuilder.regexMetacharacters.contains(next) else {
                    return nil
                }
                atoms.append(.literal(next))
            } else if scalar == "[" {
                var members = Set<Unicode.Scalar>()
                var closed = false
                while let member = scalars.popFirst() {
                    if member == "]" {
                        closed = true
                        break
                    }
                    guard member.properties.isAlphabetic, !"^-\\[:.=".unicodeScalars.contains(member) else {
                        return nil
                    }
                    members.insert(member)
                }
                guard closed, !members.isEmpty else { return nil }
                atoms.append(.oneOf(members))
            } else if OverpassQueryBuilder.regexMetacharacters.contains(scalar) {
                return nil
            } else {
                atoms.append(.literal(scalar))
            }
        }
        return atoms
    }

    /// Whether the regex matches the term (in NFC) character by character, each bracket
    /// expression holding the term's character (an ASCII capital: its lower case, the query
    /// has `,i`) and only letters that fold (Foundation's case and diacritic folding, and `ø`
    /// as `o`) to the same letter.
    func matchesTheFoldedTerm(_ regex: String, _ term: String) -> Bool {
        guard let atoms = readRegex(regex) else { return false }
        let scalars = Array(term.precomposedStringWithCanonicalMapping.unicodeScalars)
        guard atoms.count == scalars.count else { return false }
        func fold(_ scalar: Unicode.Scalar) -> String {
            String(scalar).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                .replacingOccurrences(of: "ø", with: "o")
        }
        for (atom, scalar) in zip(atoms, scalars) {
            switch atom {
            case .literal(let literal):
                guard literal == scalar else { return false }
            case .oneOf(let members):
                // The typed character itself, or (for ASCII capitals) its lower case and the `,i` flag.
                let lower = Unicode.Scalar(scalar.value | 0x20)!
                guard
                    members.contains(scalar)
                        || (scalar.properties.isUppercase && scalar.isASCII && members.contains(lower))
                else { return false }
                guard members.allSatisfy({ fold($0) == fold(scalar) }) else { return false }
            }
        }
        return true
    }
}
