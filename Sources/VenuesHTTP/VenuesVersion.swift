/// The version of `venues`, sent in the User-Agent and printed by `venues --version`.
public enum VenuesVersion {
    public static let current = "0.1.0"
}
