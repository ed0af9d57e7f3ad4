/// Words that name a place other venues stand in: a building, a square, an office, a mall or a
/// station, in the five languages of ``NameNormalizer``.
///
/// A café or pub inside such a place often carries its name ("Café Lasipalatsi" in
/// Lasipalatsi, "Kauppatorin Kahvila" on Kauppatori); the deduplicator never joins a container
/// to a venue of another kind by word containment (docs/merge.md, rule 3).
enum ContainerWords {
    /// Whole words (folded): "Forum Shopping Centre", "Asema", "Kamppi Office".
    static let words: Set<String> = [
        // buildings
        "building", "talo", "rakennus", "huset", "gebouw", "gebaude",
        // squares
        "square", "tori", "aukio", "torget", "torg", "plein", "platz", "plaza", "piazza",
        // offices
        "office", "offices", "toimisto", "kontor", "kantoor", "buro",
        // malls
        "mall", "kauppakeskus", "ostoskeskus", "galleria", "winkelcentrum", "einkaufszentrum", "shopping",
        // stations
        "station", "asema", "metroasema", "rautatieasema", "bahnhof", "stationen", "terminal",
    ]

    /// Endings of compound words (folded), longer than the ending: "Musiikkitalo",
    /// "Kauppatori", "Rautatieasema", "Kauppakeskus", "Stadshuset", "Sampo-toimisto".
    static let endings: [String] = [
        "talo", "tori", "aukio", "asema", "keskus", "toimisto", "rakennus", "torget", "huset",
    ]

    /// Whether the folded words of a name name a container.
    static func names(_ words: [String]) -> Bool {
        for word in words {
            if self.words.contains(word) { return true }
            if hasEnding(word) { return true }
        }
        return false
    }

    /// Whether a word of more than six letters ends in one of ``endings``, with at least
    /// three letters before it.
    private static func hasEnding(_ word: String) -> Bool {
        func check(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard bytes.count > 6 else { return false }
            return endingBytes.contains { ending in
                bytes.count > ending.count + 2 && bytes[(bytes.count - ending.count)...].elementsEqual(ending)
            }
        }
        return word.utf8.withContiguousStorageIfAvailable(check)
            ?? Array(word.utf8).withUnsafeBufferPointer(check)
    }

    /// ``endings`` as UTF-8 bytes.
    private static let endingBytes: [[UInt8]] = endings.map { Array($0.utf8) }
}
