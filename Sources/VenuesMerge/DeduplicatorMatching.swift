import Foundation
import VenuesCore

/// A pair of records judged to be the same place, and why.
struct MatchEdge: Sendable {
    enum Rule: UInt8, Sendable {
        case sameName, otherName, withoutDescriptors, similarName, samePhone, sameWebsite, nearestBranch, duplicate
        /// One record names the other among its sources (``Venue/sameAsKey``).
        case sameRecord
        /// Not a join: a record equally near two records of one name, joined to neither.
        case equallyNear

        /// The rule's name in `--explain` and in ``MergeReason/rule``.
        var name: String {
            switch self {
            case .sameName: "same-name"
            case .otherName: "other-name"
            case .withoutDescriptors: "descriptor"
            case .similarName: "similar-name"
            case .samePhone: "same-phone"
            case .sameWebsite: "same-website"
            case .nearestBranch: "nearest-branch"
            case .duplicate: "duplicate"
            case .sameRecord: "same-record"
            case .equallyNear: "equally-near"
            }
        }
    }

    var first: Int32
    var second: Int32
    var rule: Rule
    /// Higher is more certain: clustering joins the best pairs first.
    var score: Double
    /// The distance the rules used: between the coordinates, or from one record's coordinate
    /// to the other's extent when that is nearer (see ``extentOf``).
    var distance: Double
    /// The distance between the two coordinates.
    var centreDistance: Double
    var nameScore: Double
    /// The entries (``DeduplicatorNames``) whose keys are equal, or -1 when no names are equal.
    var firstEntry: Int32 = -1
    var secondEntry: Int32 = -1
    /// 0, or 1 / 2 when ``distance`` is to the first's / second's extent.
    var extentOf: UInt8 = 0
    /// Whether the pair is beyond the chain distance without a shared address or phone, so
    /// that it stands only if its names are not a chain's, or (for equal names) if each
    /// record is the other's nearest branch; see ``DeduplicatorIndex/resolveChains(_:rules:)``.
    var chainGuarded = false
    /// Whether the names are one edit apart (``NameSimilarity/isWithinOneEdit(_:_:)``), which
    /// is what made them similar.
    var oneEdit = false
    /// For `duplicate`: whether the names differ (a location suffix or a typo).
    var variant = false
}

extension DeduplicatorIndex {
    /// Every pair of records that the rules accept (before the chain guard is settled).
    ///
    /// Pairs within the match radius come from the grid's cell neighbourhoods (on two threads
    /// when ``parallel``); pairs farther apart whose distance to an extent is within it come
    /// from a search around each extent.
    func candidates(rules: Deduplicator.Rules) -> [MatchEdge] {
        let radius = rules.matchRadius
        let duplicateMask = providerMask(rules.duplicateProviders)
        // Eight ranges per thread, taken in turn: a dense city centre in one range does not
        // keep one thread busy while the other waits. Their edges are joined in range order.
        let parts = parallel ? 8 * min(2, ProcessInfo.processInfo.activeProcessorCount) : 1
        let ranges = grid.cellRanges(parts)
        let results = ranges.map { _ in EdgeBuffer() }
        DispatchQueue.concurrentPerform(iterations: ranges.count) { part in
            var edges: [MatchEdge] = []
            grid.forEachPair(cells: ranges[part], within: radius) { i, j, projectedSquared in
                if provider[i] != provider[j] {
                    if let edge = match(i, j, rules: rules, projectedSquared: projectedSquared) { edges.append(edge) }
                } else if provider[i] < 64, duplicateMask & (1 << UInt64(provider[i])) != 0,
                    let edge = duplicate(i, j, rules: rules)
                {
                    edges.append(edge)
                }
            }
            results[part].edges = edges
        }
        var edges = results[0].edges
        results[0].edges = []
        for part in results.dropFirst() {
            edges.append(contentsOf: part.edges)
            part.edges = []
        }
        edges.append(contentsOf: extentCandidates(rules: rules))
        return edges
    }

    /// Pairs farther apart than the match radius whose distance from one record to the other's
    /// extent is within it.
    private func extentCandidates(rules: Deduplicator.Rules) -> [MatchEdge] {
        let radius = rules.matchRadius
        var edges: [MatchEdge] = []
        var seen = Set<Int64>()
        for owner in 0..<count where extentSlot[owner] >= 0 {
            let extent = extents[Int(extentSlot[owner])]
            let southWest = grid.project(latitude: extent.south, longitude: extent.west)
            let northEast = grid.project(latitude: extent.north, longitude: extent.east)
            grid.forEachPoint(
                inX: (southWest.x - radius)...(northEast.x + radius),
                y: (southWest.y - radius)...(northEast.y + radius)
            ) { other in
                guard other != owner, provider[other] != provider[owner] else { return }
                let dx = grid.xs[owner] - grid.xs[other]
                let dy = grid.ys[owner] - grid.ys[other]
                guard dx * dx + dy * dy > radius * radius else { return }
                let (i, j) = (min(owner, other), max(owner, other))
                if extentSlot[other] >= 0, !seen.insert(Self.pack(Int32(i), Int32(j))).inserted { return }
                if let edge = match(i, j, rules: rules) { edges.append(edge) }
            }
        }
        return edges
    }

    /// A bit per provider index (providers past the 64th are left out).
    private func providerMask(_ ids: Set<ProviderID>) -> UInt64 {
        var mask: UInt64 = 0
        for (index, id) in providerIDs.enumerated() where index < 64 && ids.contains(id) {
            mask |= 1 << UInt64(index)
        }
        return mask
    }

    /// The rule test for a pair of records of different providers; see ``Deduplicator`` for
    /// the rules and docs/merge.md for why. `projectedSquared` is the square of the pair's
    /// distance on the grid's projection (``SpatialGrid``), which is never more than the true
    /// one; 0 when unknown.
    func match(_ i: Int, _ j: Int, rules: Deduplicator.Rules, projectedSquared: Double = 0) -> MatchEdge? {
        if rules.categoryVeto, groups[i] != 0, groups[j] != 0, groups[i] & groups[j] == 0 {
            return nil
        }
        var (firstEntry, secondEntry) = equalNames(i, j)
        let sameKey = firstEntry >= 0
        let samePhone = phone[i] >= 0 && phone[i] == phone[j]
        let sameDomain = domain[i] >= 0 && domain[i] == domain[j]
        // Most pairs have different names and no contact in common, and stand farther apart
        // than `similar-name` reaches: the projected distance rules them out before the true
        // one is worked out (unless an extent brings one record nearer; the margin covers
        // rounding).
        let reach = rules.similarNameDistance + 1e-6
        if !sameKey, !samePhone, !sameDomain, extentSlot[i] < 0, extentSlot[j] < 0,
            projectedSquared > reach * reach
        {
            return nil
        }
        let centreDistance = distance(i, j)
        var distance = centreDistance
        var extentOf: UInt8 = 0
        if extentSlot[i] >= 0 || extentSlot[j] >= 0 {
            if let toFirst = self.distance(from: j, toExtentOf: i), toFirst < distance {
                distance = toFirst
                extentOf = 1
            }
            if let toSecond = self.distance(from: i, toExtentOf: j), toSecond < distance {
                distance = toSecond
                extentOf = 2
            }
        }
        guard distance <= rules.matchRadius else { return nil }
        // A building, square, office, mall or station never joins a venue of another kind
        // inside it by the words of its name ("Lasipalatsi" and "Café Lasipalatsi").
        if container[i] != container[j] {
            let (box, other) = container[i] ? (i, j) : (j, i)
            if groups[other] != 0, groups[box] & groups[other] == 0 { return nil }
        }

        let sameAddress = address[i] >= 0 && address[i] == address[j]
        // Jaro-Winkler only where a rule can use it (it is the costly part).
        guard sameKey || samePhone || sameDomain || distance <= rules.similarNameDistance else { return nil }
        // Without a shared name or contact, the pair stands only by `similar-name`: when no
        // names can be similar enough or contain each other, only one edit is left.
        if !sameKey, !samePhone, !sameDomain, !mayHaveSimilarNames(i, j, threshold: rules.similarNameThreshold),
            oneEditNames(i, j) == nil
        {
            return nil
        }
        var nameScore = 1.0
        var contained = false
        var oneEdit = false
        if !sameKey {
            let similar = similarNames(i, j, everyName: distance <= rules.similarNameDistance, rules: rules)
            nameScore = similar.score
            contained = similar.contained
            (firstEntry, secondEntry) = (similar.first, similar.second)
            if distance <= rules.similarNameDistance, nameScore < rules.similarNameThreshold, !contained,
                let entries = oneEditNames(i, j)
            {
                oneEdit = true
                (firstEntry, secondEntry) = entries
            }
        }

        let rule: MatchEdge.Rule
        if sameKey, distance <= rules.sameNameDistance {
            let wholeDisplayNames = firstEntry == names.entryStart[i] && secondEntry == names.entryStart[j]
            if wholeDisplayNames {
                rule = .sameName
            } else if names.entryForm[Int(firstEntry)] == .withoutDescriptors
                || names.entryForm[Int(secondEntry)] == .withoutDescriptors
            {
                rule = .withoutDescriptors
            } else {
                rule = .otherName
            }
        } else if distance <= rules.similarNameDistance, nameScore >= rules.similarNameThreshold || contained || oneEdit
        {
            // A shop whose name holds the name of the building it stands in is another place.
            if contained, container[i] != container[j] { return nil }
            rule = .similarName
        } else if samePhone || sameDomain, distance <= rules.contactDistance, sharesWord(i, j),
            contained || nameScore >= Self.contactNameThreshold || wordsCovered(i, j)
        {
            rule = samePhone ? .samePhone : .sameWebsite
        } else {
            return nil
        }

        var chainGuarded = false
        if distance > rules.chainDistance, !sameAddress, !samePhone {
            let mask = pairGroups(i, j)
            if sameKey, rule != .similarName {
                let key = names.entryKey[Int(firstEntry)]
                // A name made only of generic words ("Kahvila") is anybody's: like a chain's,
                // but with no branch to be nearest to.
                if names.keyIsGeneric[Int(key)] { return nil }
                chainGuarded =
                    names.entryIsBrand[Int(firstEntry)] || names.entryIsBrand[Int(secondEntry)]
                    || mayBeChain(key, groups: mask, rules: rules)
            } else {
                chainGuarded =
                    mayBeChain(nameKey[i], groups: mask, rules: rules)
                    || mayBeChain(nameKey[j], groups: mask, rules: rules)
            }
        }

        // Nearer, better evidenced pairs first; among equal names, the same category and the
        // same full name (generic words included) first: "Cafe Lasipalatsi" goes with the café,
        // not the restaurant "Lasipalatsi" next door.
        var score = nameScore - distance / 1000
        if samePhone { score += 0.5 }
        if sameDomain { score += 0.25 }
        if sameAddress { score += 0.25 }
        if categoryBits[i] & categoryBits[j] != 0 { score += 0.05 }
        if names.sameWords(i, j) { score += 0.05 }
        if rule == .otherName || rule == .withoutDescriptors { score -= 0.01 }
        return MatchEdge(
            first: Int32(i),
            second: Int32(j),
            rule: rule,
            score: score,
            distance: distance,
            centreDistance: centreDistance,
            nameScore: nameScore,
            firstEntry: firstEntry,
            secondEntry: secondEntry,
            extentOf: extentOf,
            chainGuarded: chainGuarded,
            oneEdit: oneEdit
        )
    }

    /// The entries of `i` and `j` whose names are one edit apart (both at least
    /// ``minimumEditLength`` letters), comparing every name with and without descriptors and
    /// the display names without a generic word's typo ("Kahvlia Aalto" and "Aalto"); `nil`
    /// when none are.
    func oneEditNames(_ i: Int, _ j: Int) -> (Int32, Int32)? {
        for a in names.entries(of: i) {
            let first = names.keyScalars[Int(names.entryKey[a])]
            guard first.count >= Self.minimumEditLength else { continue }
            for b in names.entries(of: j) {
                let second = names.keyScalars[Int(names.entryKey[b])]
                if second.count >= Self.minimumEditLength, NameSimilarity.isWithinOneEdit(first, second) {
                    return (Int32(a), Int32(b))
                }
            }
        }
        guard names.looseKey[i] >= 0 || names.looseKey[j] >= 0 else { return nil }
        let first = names.keyScalars[Int(names.looseKey[i] >= 0 ? names.looseKey[i] : nameKey[i])]
        let second = names.keyScalars[Int(names.looseKey[j] >= 0 ? names.looseKey[j] : nameKey[j])]
        guard min(first.count, second.count) >= Self.minimumEditLength, NameSimilarity.isWithinOneEdit(first, second)
        else { return nil }
        return (names.entryStart[i], names.entryStart[j])
    }

    /// The shortest names, in letters, that one edit may join: "Roba" and "Robe" may be one
    /// place, "Oak" and "Oat" are not.
    static let minimumEditLength = 4

    /// The least Jaro-Winkler similarity of two names that a shared phone or web site joins
    /// when neither name's words are all among the other's: "Feel Vegas" and "Fele Vegas" are
    /// one place, "Apollo Street Bar" and "Apollo Live Club" (0.66), one owner's two bars, are not.
    static let contactNameThreshold = 0.85

    /// Whether some name of `i` and some name of `j` share a word (its first five letters:
    /// "Kaisaniemi" and "Kaisaniemen" do): a shared phone or web site alone is not enough
    /// (a university's offices and its main building).
    func sharesWord(_ i: Int, _ j: Int) -> Bool {
        for a in names.entries(of: i) {
            let first = names.keyStems[Int(names.entryKey[a])]
            for b in names.entries(of: j) {
                let second = names.keyStems[Int(names.entryKey[b])]
                var (x, y) = (0, 0)
                while x < first.count, y < second.count {
                    if first[x] == second[y] { return true }
                    if first[x] < second[y] { x += 1 } else { y += 1 }
                }
            }
        }
        return false
    }

    /// Whether every word of some name of one record is a word of some name of the other (by
    /// its first five letters, as ``sharesWord(_:_:)``): "Ravintola Bank" and "Ravintola Bank —
    /// Ravintola & Baari" are one place by their shared web site, "Apollo Street Bar" and
    /// "Apollo Live Club", which share one word and the owner's web site, are two.
    func wordsCovered(_ i: Int, _ j: Int) -> Bool {
        for a in names.entries(of: i) {
            let first = names.keyStems[Int(names.entryKey[a])]
            guard !first.isEmpty else { continue }
            for b in names.entries(of: j) {
                let second = names.keyStems[Int(names.entryKey[b])]
                guard !second.isEmpty else { continue }
                let (small, large) = first.count <= second.count ? (first, second) : (second, first)
                var y = 0
                var covered = true
                for stem in small {
                    while y < large.count, large[y] < stem { y += 1 }
                    if y == large.count || large[y] != stem {
                        covered = false
                        break
                    }
                }
                if covered { return true }
            }
        }
        return false
    }

    /// The best pair of entries of `i` and `j` with equal keys, or (-1, -1): both display
    /// names whole first, then a display name and another name, then other names, each form
    /// without descriptors after the whole ones, and brand names last.
    @inline(__always)
    func equalNames(_ i: Int, _ j: Int) -> (Int32, Int32) {
        let first = names.entries(of: i)
        let second = names.entries(of: j)
        if nameKey[i] == nameKey[j] {
            return (Int32(first.lowerBound), Int32(second.lowerBound))
        }
        if first.count == 1 && second.count == 1 {
            return (-1, -1)
        }
        var best: (Int32, Int32) = (-1, -1)
        var bestRank = Int.max
        for a in first {
            for b in second where names.entryKey[a] == names.entryKey[b] {
                let rank = rank(a, display: first.lowerBound) + rank(b, display: second.lowerBound)
                if rank < bestRank {
                    bestRank = rank
                    best = (Int32(a), Int32(b))
                }
            }
        }
        return best
    }

    /// Whether some whole names of `i` and `j` (those ``similarNames(_:_:everyName:rules:)``
    /// compares) may be similar by `threshold` — their similarity bound
    /// (``DeduplicatorNames/similarityBound(_:_:)``) reaches it — or have the words of one
    /// among the other's: a cheap test that rules out most pairs of different places.
    func mayHaveSimilarNames(_ i: Int, _ j: Int, threshold: Double) -> Bool {
        for a in names.entries(of: i) where names.entryForm[a] == .whole {
            for b in names.entries(of: j) where names.entryForm[b] == .whole {
                let (keyA, keyB) = (names.entryKey[a], names.entryKey[b])
                if names.similarityBound(keyA, keyB) >= threshold - 1e-9 || wordsContained(keyA, keyB) { return true }
            }
        }
        return false
    }

    /// The most similar names of `i` and `j`: the display names' Jaro-Winkler similarity and
    /// word containment, and with `everyName` the best over every pair of whole names (other
    /// languages, alternative names). The entries are those of the best pair, or those where
    /// one name's words are all in the other's.
    func similarNames(
        _ i: Int,
        _ j: Int,
        everyName: Bool,
        rules: Deduplicator.Rules
    ) -> (score: Double, contained: Bool, first: Int32, second: Int32) {
        let first = names.entries(of: i)
        let second = names.entries(of: j)
        var score = NameSimilarity.jaroWinkler(names.keyScalars[Int(nameKey[i])], names.keyScalars[Int(nameKey[j])])
        var best = (Int32(first.lowerBound), Int32(second.lowerBound))
        let contained = wordsContained(nameKey[i], nameKey[j])
        guard everyName, !contained, score < rules.similarNameThreshold, first.count > 1 || second.count > 1 else {
            return (score, contained, best.0, best.1)
        }
        for a in first where names.entryForm[a] == .whole {
            for b in second where names.entryForm[b] == .whole && (a != first.lowerBound || b != second.lowerBound) {
                let (keyA, keyB) = (names.entryKey[a], names.entryKey[b])
                let similarity = NameSimilarity.jaroWinkler(names.keyScalars[Int(keyA)], names.keyScalars[Int(keyB)])
                if wordsContained(keyA, keyB) {
                    return (max(score, similarity), true, Int32(a), Int32(b))
                }
                if similarity > score {
                    score = similarity
                    best = (Int32(a), Int32(b))
                }
            }
        }
        return (score, false, best.0, best.1)
    }

    private func rank(_ entry: Int, display: Int) -> Int {
        var rank = entry == display ? 0 : 1
        if names.entryForm[entry] == .withoutDescriptors { rank += 2 }
        if names.entryIsBrand[entry] { rank += 8 }
        return rank
    }

    /// Whether some provider has `key` among the names of several of its records that could
    /// be the kind of place the pair is (category groups `mask`).
    @inline(__always)
    func mayBeChain(_ key: Int32, groups mask: UInt8, rules: Deduplicator.Rules) -> Bool {
        for p in 0..<Int32(providerIDs.count) where count(of: key, in: p) >= rules.chainMinimumCount {
            if compatibleCount(of: key, in: p, groups: mask) >= rules.chainMinimumCount { return true }
        }
        return false
    }

    /// The duplicate rule for two records of one provider within
    /// ``Deduplicator/Rules/duplicateDistance``, of the same category (or both of none): the same name
    /// after normalising (a name that is not only generic words, that this provider gives to
    /// exactly these two records and no other provider to more than one — counting only
    /// records that could be the same kind of place); or the same name but for a location
    /// suffix ("Café Aalto" and "Café Aalto (Kamppi)", "…, Mannerheimintie", "… - Kamppi",
    /// "… Kamppi") or one typo ("Cafe Alato"), when neither name is a chain's
    /// (``isOwnName(_:of:and:groups:)``); or the same phone given to exactly these two
    /// records, with similar names.
    func duplicate(_ i: Int, _ j: Int, rules: Deduplicator.Rules) -> MatchEdge? {
        if rules.categoryVeto, groups[i] != 0, groups[j] != 0, groups[i] & groups[j] == 0 {
            return nil
        }
        // Two records of one provider with different categories are two places.
        if categoryBits[i] & categoryBits[j] == 0, categoryBits[i] | categoryBits[j] != 0 { return nil }
        let distance = distance(i, j)
        guard distance <= rules.duplicateDistance else { return nil }
        let key = nameKey[i]
        var sameName = false
        let mask = pairGroups(i, j)
        if key == nameKey[j], !names.keyIsGeneric[Int(key)],
            compatibleCount(of: key, in: provider[i], groups: mask) == 2
        {
            sameName = true
            for p in 0..<Int32(providerIDs.count)
            where p != provider[i] && compatibleCount(of: key, in: p, groups: mask) > 1 {
                sameName = false
            }
        }
        let variant = !sameName && key != nameKey[j] && isNameVariant(i, j, groups: mask)
        let samePhone = rawPhone[i] >= 0 && rawPhone[i] == rawPhone[j] && rawPhoneCount[i] == 2
        guard sameName || variant || samePhone else { return nil }
        let nameScore =
            sameName ? 1 : NameSimilarity.jaroWinkler(names.keyScalars[Int(key)], names.keyScalars[Int(nameKey[j])])
        guard sameName || variant || nameScore >= rules.similarNameThreshold || wordsContained(key, nameKey[j]) else {
            return nil
        }
        if key != nameKey[j], anotherProviderSeparates(i, j, within: rules.sameNameDistance) { return nil }
        let named = sameName || variant
        return MatchEdge(
            first: Int32(i),
            second: Int32(j),
            rule: .duplicate,
            score: 2 + nameScore - distance / 1000,
            distance: distance,
            centreDistance: distance,
            nameScore: nameScore,
            firstEntry: named ? names.entryStart[i] : -1,
            secondEntry: named ? names.entryStart[j] : -1,
            variant: variant
        )
    }

    /// Whether the display names of two records of one provider are one name, but for a
    /// location suffix (the core words of one begin with all those of the other) or one typo,
    /// and neither name is a chain's.
    private func isNameVariant(_ i: Int, _ j: Int, groups mask: UInt8) -> Bool {
        let (first, second) = (nameKey[i], nameKey[j])
        guard !names.keyIsGeneric[Int(first)], !names.keyIsGeneric[Int(second)] else { return false }
        let (short, long) =
            names.keyOrderedWords[Int(first)].count <= names.keyOrderedWords[Int(second)].count
            ? (first, second) : (second, first)
        let shortWords = names.keyOrderedWords[Int(short)]
        let longWords = names.keyOrderedWords[Int(long)]
        // The suffix says where ("Kamppi", "Mannerheimintie"), not what ("Kaupunkipyöräasema").
        let suffixed =
            shortWords.count < longWords.count && longWords.starts(with: shortWords)
            && names.keyScalars[Int(short)].count >= 3
            && !longWords[shortWords.count...].contains { names.wordIsKind[Int($0)] }
        let (a, b) = (names.keyScalars[Int(first)], names.keyScalars[Int(second)])
        let typo = min(a.count, b.count) >= Self.minimumEditLength + 1 && NameSimilarity.isWithinOneEdit(a, b)
        guard suffixed || typo else { return false }
        return isOwnName(short, of: i, and: j, groups: mask) && isOwnName(long, of: i, and: j, groups: mask)
    }

    /// Whether another provider lists records `i` and `j` (of one provider, named differently)
    /// as two places: one record of it is named like the one and not like the other, and
    /// another record the other way round, both within `radius` of `i` ("Barbarossa" and
    /// "Barbarossa Pizza & Kebab", mapped 10 m apart: two restaurants, not one listed twice).
    /// Names compare by their keys, with and without descriptors.
    private func anotherProviderSeparates(_ i: Int, _ j: Int, within radius: Double) -> Bool {
        let firstKeys = names.entries(of: i).map { names.entryKey[$0] }
        let secondKeys = names.entries(of: j).map { names.entryKey[$0] }
        let others = (0..<Int32(providerIDs.count)).filter { p in
            p != provider[i] && firstKeys.contains { count(of: $0, in: p) > 0 }
                && secondKeys.contains { count(of: $0, in: p) > 0 }
        }
        guard !others.isEmpty else { return false }
        // Per provider: whether a nearby record is named like the first only, like the second only.
        var likeFirst = Set<Int32>()
        var likeSecond = Set<Int32>()
        grid.forEachPoint(
            inX: (grid.xs[i] - radius)...(grid.xs[i] + radius),
            y: (grid.ys[i] - radius)...(grid.ys[i] + radius)
        ) { r in
            let p = provider[r]
            guard others.contains(p), distance(i, r) <= radius else { return }
            let keys = names.entries(of: r).map { names.entryKey[$0] }
            let first = keys.contains { firstKeys.contains($0) }
            let second = keys.contains { secondKeys.contains($0) }
            if first, !second { likeFirst.insert(p) }
            if second, !first { likeSecond.insert(p) }
        }
        return !likeFirst.isDisjoint(with: likeSecond)
    }

    /// Whether `key` is no chain's name around records `i` and `j` of one provider: no brand
    /// among their names, no other record of that provider with it, and at most one of each
    /// other provider (its own record of the place) — counting records that could be the same
    /// kind of place.
    private func isOwnName(_ key: Int32, of i: Int, and j: Int, groups mask: UInt8) -> Bool {
        var own: Int32 = 0
        for r in [i, j] {
            for e in names.entries(of: r) {
                if names.entryIsBrand[e] { return false }
                if names.entryKey[e] == key { own += 1 }
            }
        }
        for p in 0..<Int32(providerIDs.count) {
            let limit = p == provider[i] ? own : 1
            if compatibleCount(of: key, in: p, groups: mask) > limit { return false }
        }
        return true
    }
}

/// Edges found by one thread.
private final class EdgeBuffer: @unchecked Sendable {
    var edges: [MatchEdge] = []
}
