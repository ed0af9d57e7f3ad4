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
            let bytes = word.utf8
            guard bytes.count > 6 else { continue }
            for ending in endingBytes
            where bytes.count > ending.count + 2 && bytes.suffix(ending.count).elementsEqual(ending) {
                return true
            }
        }
        return false
    }

    /// ``endings`` as UTF-8 bytes.
    private static let endingBytes: [[UInt8]] = endings.map { Array($0.utf8) }
}
