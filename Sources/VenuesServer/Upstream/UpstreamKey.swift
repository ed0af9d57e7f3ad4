import Foundation
import VenuesCore

/// What identifies one provider request, normalised, so that requests asking a provider the
/// same thing share one upstream call and one cache entry.
///
/// Normalisation: the centre to millionths of a degree (≈ 0.1 m), categories sorted, the term trimmed,
/// with runs of white space made one space and folded to lower case; the per-request timeout
/// is left out (it bounds the wait, not the answer). A query filtered on opening hours gives
/// the providers that apply it the filter (`|f:` and its identity: the moment, to the minute on
/// the server), asks the other ones that hold the circle for all of it (`|all`), and asks for
/// the hours (`|hours`): another answer than the plain query's. The text starts with a format version, so
/// that a change of the cached form never reads an older entry.
struct UpstreamKey: Hashable, Sendable, CustomStringConvertible {
    /// The provider asked.
    let provider: ProviderID
    /// The normalised request, e.g. `v1|osm|nearby|60170000,24940000|r500|c:cafe|t:|n50|distance`.
    private(set) var text: String

    var description: String { text }

    /// The version of the cached form; bump it when ``CachedProviderAnswer`` changes shape.
    static let formatVersion = "v1"

    /// The key of a nearby or text search.
    init(provider: ProviderID, query: VenueQuery) {
        self.provider = provider
        let center =
            query.center.map { "\(Self.microdegrees($0.latitude)),\(Self.microdegrees($0.longitude))" } ?? "none"
        let categories = query.categories.map(\.rawValue).sorted().joined(separator: ",")
        let term = Self.normalisedTerm(query.term)
        let kind = query.isTextSearch ? "search" : "nearby"
        text = [
            Self.formatVersion, provider.rawValue, kind, center, "r\(query.radius)", "c:\(categories)", "t:\(term)",
            "n\(query.limit)", query.sort.rawValue,
        ].joined(separator: "|")
        if query.wantsWholeCircle { text += "|all" }
        if let prefilter = query.prefilter { text += "|f:\(prefilter.identity)" }
        if query.wantsOpeningHours { text += "|hours" }
    }

    /// The key of a lookup by id.
    init(lookup id: VenueID) {
        provider = id.provider
        text = [Self.formatVersion, id.provider.rawValue, "venue", id.description].joined(separator: "|")
    }

    /// Degrees to whole millionths (≈ 0.1 m), the precision of the key.
    static func microdegrees(_ degrees: Double) -> Int {
        Int((degrees * 1_000_000).rounded())
    }

    /// `"  Coffee   Roasters "` → `"coffee roasters"`.
    static func normalisedTerm(_ term: String?) -> String {
        (term ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
    }
}
