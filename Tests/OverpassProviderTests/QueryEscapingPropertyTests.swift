import Foundation
import Testing
import VenuesCore

@testable import OverpassProvider

/// Random terms never let the query escape its string literal.
///
/// For each term the query is built, and a small tokenizer that follows the Overpass rules
/// (a string ends at the first quote not preceded by a backslash escape; `\n`, `\t`, `\uXXXX`
/// and `\c` are escapes) reads every `["name"~"…",i]` literal. The test checks that each
/// literal decodes to the escaped regex, that the regex, read back as a regex, is the term
/// itself, and that the query with each literal replaced by a placeholder is exactly the
/// query built for a harmless term.
@Suite("Overpass query escaping (property)")
struct QueryEscapingPropertyTests {
    /// A deterministic generator (SplitMix64), so failures can be reproduced.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let pieces: [String] = [
        "\"", "'", "\\", "\\\\", "\"];out;", "\"];", "]", "[", "(", ")", "{", "}", "*", "+", "?", ".", "^", "$",
        "|", ";", "~", ",i", "\n", "\t", " ", "a", "Z", "é", "ä", "Å", "\u{301}", "日本", "🙂", "\u{2028}", "\\u0022",
        "\\n", "out;", "//", "/*", "%", "&", "=", "%22", "+",
    ]

    @Test func randomTermsNeverBreakOutOfTheString() throws {
        var generator = SeededGenerator(state: 20_261_122)
        let reference = try queryParts(for: "placeholder")
        for _ in 0..<2000 {
            var term = ""
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
                term += Self.pieces.randomElement(using: &generator)!
            }
            guard let checked = try? OSMSelection.checkedTerm(term) else { continue }  // blank terms
            let parts = try queryParts(for: term)
            #expect(parts.skeleton == reference.skeleton, "term \(term.debugDescription)")
            #expect(parts.literals.count == reference.literals.count)
            for literal in parts.literals {
                #expect(unescapeRegex(literal) == checked, "term \(term.debugDescription)")
            }
        }
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
        let safe = try OSMSelection(categories: [.cafe, .shop], term: "placeholder")
        let query = OverpassQueryBuilder.query(center: OverpassTest.helsinki, radius: 250, selection: safe, timeout: 7)
        let broken = parts(of: query.replacingOccurrences(of: "placeholder", with: #"x",i];out;(nwr["a"~"y"#))
        #expect(broken.skeleton != reference.skeleton)
        let unescapedRegex = parts(of: query.replacingOccurrences(of: "placeholder", with: "a.b"))
        #expect(!unescapedRegex.literals.isEmpty)
        #expect(unescapedRegex.literals.allSatisfy { unescapeRegex($0) == nil })
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

    /// Reads a regex made only of literal characters and `\`-escaped metacharacters back into
    /// the text it matches; an unescaped metacharacter is a failure.
    func unescapeRegex(_ regex: String) -> String? {
        var result = ""
        var scalars = Array(regex.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\\" {
                guard let next = scalars.popFirst(), OverpassQueryBuilder.regexMetacharacters.contains(next) else {
                    return nil
                }
                result.unicodeScalars.append(next)
            } else if OverpassQueryBuilder.regexMetacharacters.contains(scalar) {
                return nil
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
