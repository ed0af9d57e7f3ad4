/// The version of the `venues` package, as sent in the User-Agent.
public enum VenuesVersion {
    /// The current version, `major.minor.patch`.
    public static let current = "0.1.0"

    /// The User-Agent sent when a request names none:
    /// `venues/<version> (+https://github.com/venues-cli/venues)`.
    public static let userAgent = "venues/\(current) (+https://github.com/venues-cli/venues)"
}
