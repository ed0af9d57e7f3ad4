import OSMModel
import VenuesCore

/// What an index was built with, so a reader can tell whether the stored category bits and
/// folded names still mean what this build means by them.
enum VenueRules {
    /// The categories in bit order (`venue.categories` bit i = `categoryOrder[i]`), as stored
    /// in meta `category_bits`.
    static let categoryOrder: [Category] = Category.allCases

    /// The bit mask of the categories an element with these tags belongs to.
    static func categoryMask(of tags: OSMTags) -> Int64 {
        var mask: Int64 = 0
        for category in OSMVocabulary.categories(of: tags) {
            if let bit = categoryOrder.firstIndex(of: category) { mask |= 1 << Int64(bit) }
        }
        return mask
    }

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
