/// Whether a venue is open at an instant.
public enum HoursState: String, Sendable, Hashable, Codable {
    case open
    case closed
    /// The value cannot tell: `unknown` rules, open ends after their start, comment-only rules,
    /// and rules that need what the context lacks (school holidays, the country's public
    /// holidays, the position for sun times).
    case unknown
}
