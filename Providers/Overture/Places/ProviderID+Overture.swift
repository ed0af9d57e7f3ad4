public import VenuesCore

extension ProviderID {
    /// Overture Maps places (`overture:ID`, the place's GERS id).
    public static let overture: ProviderID = "overture"
}
