import Foundation
import VenuesCore

extension VenueLink {
    /// Whether the link may be shown: a web address (http or https) that carries no key in its
    /// query. What the detail's links and a listing's source pages both keep.
    var isShowable: Bool {
        guard let url = URL(string: url), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
            return false
        }
        return !(url.query ?? "").lowercased().contains("key=")
    }
}
