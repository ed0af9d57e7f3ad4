import Foundation
import VenuesCore

/// Every name of every record of one ``Deduplicator`` run, normalised and interned.
///
/// A record's names are its display name, the other names its provider gave (``Venue/names``:
/// other languages, alternative, short and old names, brands) and, for each, the form without
/// descriptors (``NameNormalizer/withoutDescriptors(_:)``) when that differs. Each becomes an
/// *entry*: a key (equal keys are equal names), the name it came from and its form. A record's
/// entries are `entryKey[entryStart[r]..<entryStart[r + 1]]`, its display name's key first and
/// each key once.
struct DeduplicatorNames {
    /// How an entry was derived from its name.
    enum Form: UInt8 {
        /// The name itself, normalised.
        case whole
        /// The name without its descriptors and tagline.
        case withoutDescriptors
    }

    /// Per record (in the index's order): where its entries start; one more than records.
    var entryStart: [Int32] = [0]
    /// Per entry: its interned key.
    var entryKey: [Int32] = []
    /// Per entry: the position of its name in the record's ``Venue/allNames``.
    var entryName: [Int32] = []
    var entryForm: [Form] = []
    /// Per entry: whether its name is a brand or chain name (``VenueName/isBrand``).
    var entryIsBrand: [Bool] = []
    /// Per record: the category groups its display name implies (a bit mask, see
    /// ``DeduplicatorIndex/bit(_:)``).
    var implied: [UInt8] = []
    /// Per record: a hash of its display name's words, generic ones included (equal hashes:
    /// the same words in the same order, but for a collision once in 2⁶⁴).
    var fullWords: [UInt64] = []
    /// Per key: its scalars (for Jaro-Winkler), its sorted distinct core word ids, and whether
    /// it is made of generic words only ("Ravintola").
    var keyScalars: [[UInt32]] = []
    var keyWords: [[Int32]] = []
    var keyIsGeneric: [Bool] = []
    /// Per key: its length in scalars, which of 32 buckets its letters fall in (a bit each:
    /// a–z, digits, the rest in four), and its first four scalars (two in each, 0 past its
    /// end), for ``similarityBound(_:_:)``.
    var keyLength: [Int32] = []
    var keyBuckets: [UInt32] = []
    var keyPrefix: [(UInt64, UInt64)] = []
    /// Per key: its core word ids in the order of the name (for a location suffix: "Café Aalto
    /// Kamppi" is "Café Aalto" and more words), and the sorted distinct ids of its words' first
    /// five letters (a shared word, inflected or not: "Kaisaniemi", "Kaisaniemen").
    var keyOrderedWords: [[Int32]] = []
    var keyStems: [[Int32]] = []
    /// Per word id: whether the word says what kind of place it is (a category word such as
    /// "kahvila", "bar").
    var wordIsKind: [Bool] = []
    /// Per record: the key of its display name without the words that are one typo from a
    /// generic word ("Kahvlia Aalto" → `aalto`), or -1 when it has none.
    var looseKey: [Int32] = []
    /// Per record: whether its display name says it is a building, square, office, mall or
    /// station (``ContainerWords``) and nothing of food, drink or lodging.
    var isContainer: [Bool] = []

    /// The distinct texts of the records' names, interned in input order: the first step,
    /// which needs neither the grid's order nor the normaliser.
    struct Texts: Sendable {
        /// Each distinct text.
        let strings: [String]
        /// Per input record: its display name's text.
        let display: [Int32]
        /// Per input record: each of its names (``Venue/allNames``) as a text, and whether it
        /// is a brand; `nil` when the record has no other names than its display name.
        let others: [[(text: Int32, brand: Bool)]?]

        init(_ venues: [Venue]) {
            var texts = StringInterner(capacity: venues.count)
            // Fields are read in place: copying a `Venue` retains every one of its fields.
            display = venues.indices.map { texts.intern(venues[$0].name).id }
            var others = [[(text: Int32, brand: Bool)]?](repeating: nil, count: venues.count)
            for input in venues.indices where !venues[input].names.isEmpty {
                others[input] = venues[input].allNames.map { (texts.intern($0.text).id, $0.isBrand) }
            }
            self.others = others
            strings = texts.strings
        }

        /// Each text normalised, on two threads when `parallel`.
        func analysed(normalizer: NameNormalizer, parallel: Bool) -> [Analysed] {
            DeduplicatorNames.analyse(strings, normalizer: normalizer, parallel: parallel)
        }
    }

    /// Interns the keys and words of the analysed texts, then lists the names of the records
    /// `order[0]`, `order[1]`, … (input indices).
    ///
    /// Keys and words are interned in the order of the texts, so the result does not depend on
    /// the threads that analysed them.
    init(_ texts: Texts, analysed: [Analysed], order: [Int], normalizer: NameNormalizer) {
        // Keys and words interned.
        var keys = StringInterner(capacity: analysed.count)
        var words = StringInterner()
        var stems = StringInterner()
        func intern(_ normalized: Normalized) -> Int32 {
            let key = normalized.key
            let (id, isNew) = keys.intern(key)
            guard isNew else { return id }
            let scalars = key.unicodeScalars.map(\.value)
            keyScalars.append(scalars)
            var wordIDs = normalized.coreWords.map { word in
                let (id, isNew) = words.intern(word)
                if isNew {
                    wordIsKind.append(normalizer.categoryWords[word] != nil)
                }
                return id
            }
            keyOrderedWords.append(wordIDs)
            var stemIDs = normalized.coreWords.map { stems.intern(String($0.unicodeScalars.prefix(5))).id }
            stemIDs.sort()
            keyStems.append(stemIDs)
            if wordIDs.count > 1 {
                wordIDs.sort()
                var kept = 1
                for k in 1..<wordIDs.count where wordIDs[k] != wordIDs[kept - 1] {
                    wordIDs[kept] = wordIDs[k]
                    kept += 1
                }
                wordIDs.removeLast(wordIDs.count - kept)
            }
            keyWords.append(wordIDs)
            keyIsGeneric.append(normalized.isGeneric)
            keyLength.append(Int32(scalars.count))
            keyBuckets.append(scalars.reduce(UInt32(0)) { $0 | 1 << Self.bucket($1) })
            func pair(_ k: Int) -> UInt64 {
                (k < scalars.count ? UInt64(scalars[k]) : 0)
                    | (k + 1 < scalars.count ? UInt64(scalars[k + 1]) << 32 : 0)
            }
            keyPrefix.append((pair(0), pair(2)))
            return id
        }
        let whole = analysed.map { intern($0.whole) }
        let stripped = analysed.indices.map { t -> Int32 in
            guard let form = analysed[t].withoutDescriptors else { return -1 }
            let id = intern(form)
            return id == whole[t] ? -1 : id
        }
        let loose = analysed.map { $0.loose.map(intern) ?? -1 }

        // Each record's entries.
        implied.reserveCapacity(order.count)
        entryStart.reserveCapacity(order.count + 1)
        entryKey.reserveCapacity(order.count)
        // What a record takes from its display name's analysis, in compact arrays: the records
        // come in grid order, and the analyses are large.
        let textImplied = analysed.map(\.implied)
        let textIsContainer = analysed.map(\.container)
        let textFullWords = analysed.map(\.fullWords)
        for input in order {
            let display = Int(texts.display[input])
            implied.append(textImplied[display])
            looseKey.append(loose[display])
            isContainer.append(textIsContainer[display])
            fullWords.append(textFullWords[display])
            let first = entryKey.count
            func add(_ key: Int32, name: Int, form: Form, brand: Bool) {
                guard key >= 0, !entryKey[first...].contains(key) else { return }
                entryKey.append(key)
                entryName.append(Int32(name))
                entryForm.append(form)
                entryIsBrand.append(brand)
            }
            if let others = texts.others[input] {
                for (position, name) in others.enumerated() {
                    // Another name made only of generic words ("Ravintola") says nothing.
                    let key = whole[Int(name.text)]
                    guard position == 0 || !keyIsGeneric[Int(key)] else { continue }
                    add(key, name: position, form: .whole, brand: name.brand)
                }
                for (position, name) in others.enumerated() {
                    add(stripped[Int(name.text)], name: position, form: .withoutDescriptors, brand: name.brand)
                }
            } else {
                add(whole[display], name: 0, form: .whole, brand: false)
                add(stripped[display], name: 0, form: .withoutDescriptors, brand: false)
            }
            entryStart.append(Int32(entryKey.count))
        }
    }

    /// One text normalised: whole, without descriptors (when that leaves a name of at least
    /// three letters that is not only generic words), the groups it implies, and the hash of
    /// its words.
    struct Analysed: Sendable {
        var whole: Normalized
        var withoutDescriptors: Normalized?
        var implied: UInt8
        var fullWords: UInt64
        /// Without the words one typo from a generic word, when it has some and more words.
        var loose: Normalized?
        var container: Bool
    }

    /// What interning needs of a ``NormalizedName`` (kept small: one per distinct text).
    struct Normalized: Sendable {
        var key: String
        var coreWords: [String]
        var isGeneric: Bool

        init(_ name: NormalizedName) {
            key = name.key
            coreWords = name.coreWords
            isGeneric = name.isOnlyGenericWords
        }

        init(coreWords: [String]) {
            key = coreWords.joined()
            self.coreWords = coreWords
            isGeneric = false
        }
    }

    fileprivate static func analyse(_ texts: [String], normalizer: NameNormalizer, parallel: Bool) -> [Analysed] {
        let generic = normalizer.genericWords.map { $0.unicodeScalars.map(\.value) }.filter { $0.count >= 5 }
        @Sendable func analyse(_ text: String) -> Analysed {
            let normalized = normalizer.normalize(text)
            var stripped: Normalized?
            if let shorter = NameNormalizer.withoutDescriptors(text) {
                let form = Normalized(normalizer.normalize(shorter))
                if form.key.unicodeScalars.count >= 3, !form.isGeneric { stripped = form }
            }
            // ``NameNormalizer/impliedGroups(_:)`` as a bit mask, without building its set.
            let implied = normalized.words.reduce(UInt8(0)) { mask, word in
                normalizer.categoryWords[word].map { mask | DeduplicatorIndex.bit($0) } ?? mask
            }
            var loose: Normalized?
            if !normalized.isOnlyGenericWords, normalized.coreWords.count > 1 {
                let kept = normalized.coreWords.filter { !typoOfGenericWord($0, generic: generic) }
                if !kept.isEmpty, kept.count < normalized.coreWords.count { loose = Normalized(coreWords: kept) }
            }
            return Analysed(
                whole: Normalized(normalized),
                withoutDescriptors: stripped,
                implied: implied,
                fullWords: hash(normalized.words),
                loose: loose,
                container: implied & 3 == 0 && ContainerWords.names(normalized.words)
            )
        }
        return parallelMap(texts.count, parallel: parallel) { analyse(texts[$0]) }
    }

    /// Whether a word of at least five letters is one typo from a generic word of at least five
    /// ("kahvlia", "ravintloa"): the generic-word removal must not hide a typo.
    private static func typoOfGenericWord(_ word: String, generic: [[UInt32]]) -> Bool {
        let length = word.utf8.count
        guard length >= 5 else { return false }
        let scalars = word.unicodeScalars.map(\.value)
        guard scalars.count >= 5 else { return false }
        for candidate in generic where abs(candidate.count - scalars.count) <= 1 {
            if NameSimilarity.isWithinOneEdit(scalars, candidate) { return true }
        }
        return false
    }

    /// The bucket of a scalar for ``keyBuckets``: `a`–`z` one each, the digits one, the rest
    /// four by their value.
    private static func bucket(_ scalar: UInt32) -> UInt32 {
        switch scalar {
        case 0x61...0x7A: scalar - 0x61
        case 0x30...0x39: 26
        default: 28 + scalar % 4
        }
    }

    /// An upper bound of the Jaro-Winkler similarity of keys `a` and `b`
    /// (``NameSimilarity/jaroWinkler(_:_:)-([UInt32],[UInt32])``), from their lengths, the
    /// buckets of their letters and their common prefix: much cheaper than the similarity, and
    /// below the thresholds for most pairs of different names.
    ///
    /// Jaro-Winkler is `j + p · 0.1 · (1 − j)`, rising with the Jaro similarity
    /// `j = (m / |a| + m / |b| + (m − t / 2) / m) / 3`, where `t ≥ 0` and `p` is at most the
    /// common prefix of four. The letters matched, `m`, exclude at least one letter of `a` for
    /// each of its buckets that `b` lacks, and the other way round.
    func similarityBound(_ a: Int32, _ b: Int32) -> Double {
        let (lengthA, lengthB) = (Int(keyLength[Int(a)]), Int(keyLength[Int(b)]))
        let (bucketsA, bucketsB) = (keyBuckets[Int(a)], keyBuckets[Int(b)])
        let matched = min(
            lengthA - (bucketsA & ~bucketsB).nonzeroBitCount,
            lengthB - (bucketsB & ~bucketsA).nonzeroBitCount
        )
        guard matched > 0 else { return lengthA == 0 && lengthB == 0 ? 1 : 0 }
        let m = Double(matched)
        let jaro = (m / Double(lengthA) + m / Double(lengthB) + 1) / 3
        let (prefixA, prefixB) = (keyPrefix[Int(a)], keyPrefix[Int(b)])
        let prefix: Double =
            if UInt32(truncatingIfNeeded: prefixA.0) != UInt32(truncatingIfNeeded: prefixB.0) {
                0
            } else if prefixA.0 != prefixB.0 {
                1
            } else if UInt32(truncatingIfNeeded: prefixA.1) != UInt32(truncatingIfNeeded: prefixB.1) {
                2
            } else if prefixA.1 != prefixB.1 {
                3
            } else {
                4
            }
        return jaro + prefix * 0.1 * (1 - jaro)
    }

    /// The entries of record `r`.
    @inline(__always)
    func entries(of r: Int) -> Range<Int> {
        Int(entryStart[r])..<Int(entryStart[r + 1])
    }

    /// 64-bit FNV-1a of the words, each followed by a space.
    private static func hash(_ words: [String]) -> UInt64 {
        var hash = FNV1a()
        for word in words {
            hash.add(word)
            hash.add(0x20)
        }
        return hash.value
    }

    /// Whether the display names of `a` and `b` have the same words, generic ones included.
    @inline(__always)
    func sameWords(_ a: Int, _ b: Int) -> Bool {
        fullWords[a] == fullWords[b]
    }

    /// The key of record `r`'s display name.
    @inline(__always)
    func displayKey(_ r: Int) -> Int32 {
        entryKey[Int(entryStart[r])]
    }
}
