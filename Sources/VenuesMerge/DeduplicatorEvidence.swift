import Foundation
import VenuesCore

extension MatchEdge {
    /// The same pair seen from the other end.
    mutating func swapEnds() {
        swap(&first, &second)
        swap(&firstEntry, &secondEntry)
        if extentOf != 0 { extentOf = 3 - extentOf }
    }
}

/// What a rule saw, kept as facts and put in words only when ``MergeReason/evidence`` is read.
enum MergeEvidence: Sendable {
    /// Words given (or decoded from JSON).
    case text(String)
    case facts(MergeFacts)

    func text(first: VenueID, second: VenueID) -> String {
        switch self {
        case .text(let text): text
        case .facts(let facts): facts.text(first: first, second: second)
        }
    }
}

/// The facts behind one accepted pair; see ``MergeFacts/text(first:second:)``.
struct MergeFacts: Sendable {
    var rule: MatchEdge.Rule
    /// The names compared (equal, or the most similar), and whether each was compared
    /// without its descriptors.
    var firstName: VenueName?
    var firstWithoutDescriptors = false
    var secondName: VenueName?
    var secondWithoutDescriptors = false
    var firstPhone: String?
    var secondPhone: String?
    var website: String?
    var distance: Double
    var centreDistance: Double
    /// 0, or 1 / 2 when ``distance`` is to the first's / second's extent.
    var extentOf: UInt8
    var nameScore: Double
    /// Whether the names are one edit apart.
    var oneEdit = false
    /// For `equally-near`: the other record of that name, and how far it is.
    var alternative: VenueID?
    var alternativeDistance = 0.0

    /// E.g. `name:en "The Lantern Carriers" of osm:node/1 = displayName (en) "The Lantern
    /// Carriers" of google:abc, 7 m`; for each rule: the equal names (`=`), the similar names
    /// (`≈`, with the Jaro-Winkler similarity or "the words of one are all in the other"), the
    /// equal phones or the shared web domain, then the distance, to an extent when it was
    /// measured to one.
    func text(first: VenueID, second: VenueID) -> String {
        var text: String
        switch rule {
        case .sameName, .otherName, .withoutDescriptors, .nearestBranch:
            text =
                "\(describe(firstName, firstWithoutDescriptors, first)) = \(describe(secondName, secondWithoutDescriptors, second))"
        case .equallyNear:
            return
                "\(describe(firstName, false, first)) is \(Int(distance.rounded())) m from \(second) and "
                + "\(Int(alternativeDistance.rounded())) m from \(alternative.map(\.description) ?? ""), both "
                + "named \(quoted(secondName?.text)): equally near two places of one name, joined to neither"
        case .duplicate:
            let what =
                firstName != nil
                ? "\(describe(firstName, false, first)) \(nameScore == 1 ? "=" : "≈") \(describe(secondName, false, second))"
                : "phone \(quoted(firstPhone)) of \(first) = \(quoted(secondPhone)) of \(second), \(similarity)"
            text = "\(first.provider) lists the place twice: \(what)"
        case .similarName:
            text = "\(describe(firstName, false, first)) ≈ \(describe(secondName, false, second)) (\(similarity))"
        case .samePhone:
            text = "phone \(quoted(firstPhone)) of \(first) = \(quoted(secondPhone)) of \(second)"
        case .sameWebsite:
            text = "web domain \(website.flatMap(ContactKeys.domain) ?? "") of \(first) and \(second)"
        case .sameRecord:
            text = "one record names the other among its sources (\(first) = \(second)): the same record"
        }
        let metres = Int(distance.rounded())
        switch extentOf {
        case 1, 2:
            let owner = extentOf == 1 ? first : second
            text += ", \(metres) m from the extent of \(owner) (\(Int(centreDistance.rounded())) m from its centre)"
        default:
            text += ", \(metres) m"
        }
        if rule == .nearestBranch {
            text += "; a chain's name, and each is the other's nearest branch"
        }
        return text
    }

    private var similarity: String {
        oneEdit
            ? "one edit apart"
            : nameScore >= 0.9
                ? "Jaro-Winkler " + String(format: "%.2f", nameScore) : "the words of one name are all in the other"
    }

    private func describe(_ name: VenueName?, _ withoutDescriptors: Bool, _ id: VenueID) -> String {
        guard let name else { return "the name of \(id)" }
        return "\(name.label) \(quoted(name.text))\(withoutDescriptors ? " without its descriptors" : "") of \(id)"
    }

    private func quoted(_ text: String?) -> String {
        "\"\(text ?? "")\""
    }
}

extension DeduplicatorIndex {
    /// The facts of an accepted pair, for ``MergeReason/evidence``.
    func facts(_ edge: MatchEdge, venues: [Venue]) -> MergeFacts {
        let first = Int(source[Int(edge.first)])
        let second = Int(source[Int(edge.second)])
        var facts = MergeFacts(
            rule: edge.rule,
            distance: edge.distance,
            centreDistance: edge.centreDistance,
            extentOf: edge.extentOf,
            nameScore: edge.nameScore,
            oneEdit: edge.oneEdit
        )
        if edge.firstEntry >= 0 {
            facts.firstName = Self.name(at: Int(names.entryName[Int(edge.firstEntry)]), of: first, in: venues)
            facts.firstWithoutDescriptors = names.entryForm[Int(edge.firstEntry)] == .withoutDescriptors
            facts.secondName = Self.name(at: Int(names.entryName[Int(edge.secondEntry)]), of: second, in: venues)
            facts.secondWithoutDescriptors = names.entryForm[Int(edge.secondEntry)] == .withoutDescriptors
        }
        switch edge.rule {
        case .samePhone, .duplicate:
            facts.firstPhone = venues[first].phone
            facts.secondPhone = venues[second].phone
        case .sameWebsite:
            facts.website = venues[first].website
        default:
            break
        }
        return facts
    }

    /// `venues[index].allNames[position]`, read in place (copying a `Venue` retains all its
    /// fields) and without building the array for the common cases.
    static func name(at position: Int, of index: Int, in venues: [Venue]) -> VenueName {
        if venues[index].names.isEmpty {
            return VenueName(venues[index].name, source: "name")
        }
        if venues[index].names.first?.text == venues[index].name {
            return venues[index].names[position]
        }
        return venues[index].allNames[position]
    }
}
