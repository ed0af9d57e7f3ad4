import Foundation
import OSMModel
import VenuesCore

/// What an index was built with, so a reader can tell whether the stored category bits and
/// folded names still mean what this build means by them.
enum VenueRules {
    /// The categories in bit order (`venue.categories` bit i = `categoryOrder[i]`), as stored
    /// in meta `category_bits`.
    static let categoryOrder: [Category] = Category.allCases

    /// The bit of `venue.categories` set when the venue has opening hours (an `opening_hours`
    /// value that is not blank), so that a listing filtered on hours counts the venues without
    /// them from the R-tree's candidates without reading their rows. Far above the categories'
    /// bits; trusted only where meta says it is kept (``OSMIndexInfo/hoursBit``).
    static let hoursBitIndex = 62

    /// The mask of ``hoursBitIndex``.
    static let hoursBit: Int64 = 1 << Int64(hoursBitIndex)

    /// Whether `value`, the first `opening_hours` of an element, gives the venue hours: the OSM
    /// mapper reads it when it is not blank once trimmed (as ``OSMTags/first(_:)`` trims).
    static func givesHours(_ value: String) -> Bool {
        guard let first = value.unicodeScalars.first, let last = value.unicodeScalars.last else { return false }
        guard first.properties.isWhitespace || last.properties.isWhitespace else { return true }
        return !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    /// The bit mask of the categories an element with these tags belongs to: the categories of
    /// ``OSMVocabulary/categories(of:)``, found through a table of the rules' keys and values.
    /// An import finds the same bits tag by tag (``VenueRowEncoder``).
    static func categoryMask(of tags: OSMTags) -> Int64 {
        var mask: Int64 = 0
        for (key, table) in maskTables {
            guard let value = tags[key] else { continue }
            mask |= table.anyValue | (table.byValue[value] ?? 0)
        }
        return mask
    }

    /// The index of the category rules' table for `key`, or `nil` when no rule reads the key.
    static func maskTableIndex(of key: String) -> Int? {
        maskTables.firstIndex { $0.key == key }
    }

    /// The bits that the value `value` of the key of table `index` selects (the first value of
    /// that key in an element's tags).
    static func maskBits(table index: Int, value: String) -> Int64 {
        let table = maskTables[index].table
        return table.anyValue | (table.byValue[value] ?? 0)
    }

    /// For each key the category rules use: the bits of the categories any value selects, and
    /// of those each value selects.
    private static let maskTables: [(key: String, table: (anyValue: Int64, byValue: [String: Int64]))] = {
        var tables: [String: (anyValue: Int64, byValue: [String: Int64])] = [:]
        for (category, rules) in OSMVocabulary.categoryRules {
            guard let index = categoryOrder.firstIndex(of: category) else { continue }
            let bit = Int64(1) << Int64(index)
            for rule in rules {
                var table = tables[rule.key] ?? (0, [:])
                if let values = rule.values {
                    for value in values { table.byValue[value, default: 0] |= bit }
                } else {
                    table.anyValue |= bit
                }
                tables[rule.key] = table
            }
        }
        // An import marks the tables it has read in a 64-bit set (``VenueRowEncoder``).
        precondition(tables.count <= 64, "more keys in the category rules than an import can track")
        return tables.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }()

    /// A text naming the venue keys, every category's tag rules and the folding, stored in
    /// meta `venue_rules`: when it differs from this build's, the index was built by other
    /// rules, and the reader checks categories and terms on the stored tags instead of trusting
    /// the stored bits and folded text.
    static var fingerprint: String {
        let keys = OSMVocabulary.venueKeys.joined(separator: ",")
        let categories = OSMVocabulary.categoryRules.sorted { $0.key.rawValue < $1.key.rawValue }.map {
            category,
            rules in
            let text = rules.map { rule in rule.key + "=" + (rule.values?.joined(separator: "|") ?? "*") }
            return category.rawValue + ":" + text.joined(separator: ";")
        }
        return
            "keys=\(keys) categories=\(categories.joined(separator: ",")) folding=\(OSMTextFolding.folded(foldingProbe))"
    }

    /// Letters that exercise every rule of ``OSMTextFolding/folded(_:)`` (case, composed and
    /// decomposed accents, `ø`, letters without a decomposition, other scripts): a change of
    /// the folding changes their folded form, and so the fingerprint.
    static let foldingProbe = "AÀÉêÎõüÇñØøŁßİĲǅΆΌДЁ e\u{301} 한글 ＡＢ"
}
