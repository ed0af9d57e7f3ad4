extension Venue {
    /// The ``extras`` key of the attribution a venue's data owes beyond its provider's own line
    /// (``ProviderProfile/attribution``), one line each, newline-separated: an Overture place
    /// credits the datasets it comes from. Listings show these lines with the providers'.
    public static let attributionKey = "attribution"

    /// The lines in ``extras`` under ``attributionKey``.
    public var attributionLines: [String] {
        guard let text = extras[Self.attributionKey] else { return [] }
        return text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }
}
