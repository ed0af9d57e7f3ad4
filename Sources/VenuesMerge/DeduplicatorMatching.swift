import VenuesCore

/// A pair of records judged to be the same place, and why.
struct MatchEdge {
    enum Rule: UInt8 {
        case sameName, similarName, samePhone, sameWebsite

        var name: String {
            switch self {
            case .sameName: "same-name"
            case .similarName: "similar-name"
            case .samePhone: "same-phone"
            case .sameWebsite: "same-website"
            }
        }
    }

    var first: Int32
    var second: Int32
    var rule: Rule
    /// Higher is more certain: clustering joins the best pairs first.
    var score: Double
    var distance: Double
    var nameScore: Double
}

extension DeduplicatorIndex {
    /// Every pair of records from different providers that the rules accept.
    func matches(rules: Deduplicator.Rules) -> [MatchEdge] {
        let radius = rules.matchRadius
        // No rule matches beyond `radius` (at most the candidate radius), so cells of that
        // size are enough and keep the neighbourhoods small.
        let grid = SpatialGrid(coordinates, cellSize: rules.cellSize)
        var edges: [MatchEdge] = []
        grid.forEachPair { i, j, projectedSquared in
            guard projectedSquared <= radius * radius, provider[i] != provider[j] else { return }
            if let edge = match(i, j, rules: rules) {
                edges.append(edge)
            }
        }
        return edges
    }

    /// The rule test for one pair (DESIGN §5); see ``Deduplicator`` for the list.
    func match(_ i: Int, _ j: Int, rules: Deduplicator.Rules) -> MatchEdge? {
        if rules.categoryVeto, groups[i] != 0, groups[j] != 0, groups[i] & groups[j] == 0 {
            return nil
        }
        let distance = distance(i, j)
        guard distance <= rules.matchRadius else { return nil }

        let sameName = nameKey[i] == nameKey[j]
        let samePhone = phone[i] >= 0 && phone[i] == phone[j]
        let sameDomain = domain[i] >= 0 && domain[i] == domain[j]
        let sameAddress = address[i] >= 0 && address[i] == address[j]
        // Jaro-Winkler only where a rule can use it (it is the costly part).
        guard sameName || samePhone || sameDomain || distance <= rules.similarNameDistance else { return nil }
        let nameScore =
            sameName ? 1 : NameSimilarity.jaroWinkler(keyScalars[Int(nameKey[i])], keyScalars[Int(nameKey[j])])

        let chain = isChain[Int(nameKey[i])] || isChain[Int(nameKey[j])]
        if chain, distance > rules.chainDistance, !sameAddress, !samePhone {
            return nil
        }

        let rule: MatchEdge.Rule
        if sameName, distance <= rules.sameNameDistance {
            rule = .sameName
        } else if distance <= rules.similarNameDistance,
            nameScore >= rules.similarNameThreshold || wordsContained(nameKey[i], nameKey[j])
        {
            rule = .similarName
        } else if samePhone, distance <= rules.contactDistance {
            rule = .samePhone
        } else if sameDomain, distance <= rules.contactDistance {
            rule = .sameWebsite
        } else {
            return nil
        }
        var score = nameScore - distance / 1000
        if samePhone { score += 0.5 }
        if sameDomain { score += 0.25 }
        if sameAddress { score += 0.25 }
        return MatchEdge(
            first: Int32(i),
            second: Int32(j),
            rule: rule,
            score: score,
            distance: distance,
            nameScore: nameScore
        )
    }
}
