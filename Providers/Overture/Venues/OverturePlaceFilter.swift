import VenuesCore

/// Which places an answer shows: those with a confidence of at least the minimum (or none
/// given), and — unless closed places are asked for — those whose `operating_status` is `open`
/// or not given.
struct OverturePlaceFilter: Sendable {
    var minimumConfidence: Double
    var includeClosed: Bool

    /// Whether `venue` (made by ``OvertureVenueMapper``) is shown.
    func admits(_ venue: Venue) -> Bool {
        if let text = venue.extras["confidence"], let confidence = Double(text), confidence < minimumConfidence {
            return false
        }
        if !includeClosed, let status = venue.extras["operating_status"], status != "open" { return false }
        return true
    }

    /// What was left out, for the notes; `nil` when nothing was.
    func note(leftOut count: Int) -> String? {
        guard count > 0 else { return nil }
        let closed = includeClosed ? "" : " or not open (--include-closed shows them)"
        return "left out \(count) place(s) with a confidence below \(minimumConfidence)\(closed)"
    }
}
