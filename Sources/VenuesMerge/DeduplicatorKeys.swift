/// Comparable forms of phone numbers, web sites and addresses, for deduplication.
public enum ContactKeys {
    /// Country calling codes recognised after `+` or `00` (the ITU codes are prefix-free).
    /// Numbers with another code keep all their digits, so they still match themselves.
    static let callingCodes: Set<String> = [
        "1", "7", "20", "27", "30", "31", "32", "33", "34", "36", "39", "40", "41", "43", "44", "45",
        "46", "47", "48", "49", "51", "52", "54", "55", "61", "64", "65", "81", "82", "86", "90",
        "91", "351", "352", "353", "354", "356", "357", "358", "370", "371", "372", "380", "420", "421",
    ]

    /// The national significant number: digits only, without the international prefix and
    /// a recognised country code (`+358 9 632 223` → `9632223`) or without the national
    /// trunk `0` (`09 632 223` → `9632223`). `nil` when fewer than 6 digits remain, which is
    /// too short to tell places apart.
    public static func phone(_ text: String) -> String? {
        var digits: [UInt8] = []
        digits.reserveCapacity(16)
        var plus = false
        for byte in text.utf8 {
            if byte >= 0x30 && byte <= 0x39 {
                digits.append(byte)
            } else if byte == 0x2B && digits.isEmpty {
                plus = true
            }
        }
        var start = 0
        if plus || (digits.count > 2 && digits[0] == 0x30 && digits[1] == 0x30) {
            start = plus ? 0 : 2
            for length in 1...3 where digits.count - start > length {
                let code = String(decoding: digits[start..<(start + length)], as: UTF8.self)
                if callingCodes.contains(code) {
                    start += length
                    break
                }
            }
        } else if digits.first == 0x30 {
            start = 1
        }
        return digits.count - start >= 6 ? String(decoding: digits[start...], as: UTF8.self) : nil
    }

    /// Hosts of pages that many unrelated venues share (social networks, link and booking
    /// sites, site builders): their domain says nothing about which place it is.
    public static let sharedHosts: Set<String> = [
        "facebook.com", "fb.com", "instagram.com", "twitter.com", "x.com", "linkedin.com",
        "youtube.com", "tiktok.com", "google.com", "goo.gl", "business.site", "linktr.ee",
        "wixsite.com", "wordpress.com", "blogspot.com", "squarespace.com", "tripadvisor.com",
        "foursquare.com", "yelp.com", "booking.com", "wolt.com", "foodora.fi", "eat.fi",
        "sites.google.com", "weebly.com", "webnode.fi", "webnode.com", "carrd.co",
    ]

    /// Second-level labels under which registrations happen (`co.uk`, `com.au`).
    static let secondLevelLabels: Set<String> = ["co", "com", "org", "net", "ac", "gov", "edu", "ltd", "plc"]

    /// The registrable domain of a web address, lowercase, without `www`:
    /// `https://www3.hilton.com/en/…` → `hilton.com`, `http://shop.example.co.uk` → `example.co.uk`.
    /// `nil` for text without a host or for a host in ``sharedHosts``.
    public static func domain(_ text: String) -> String? {
        // Read as UTF-8 bytes: as characters, an address cost some 25,000 instructions.
        let bytes = Array(text.lowercased().utf8)
        var start = bytes.firstIndex { $0 != UInt8(ascii: " ") } ?? bytes.endIndex
        if let scheme = Self.firstSchemeSeparator(in: bytes, from: start) { start = scheme + 3 }
        let hostEnd = bytes[start...].firstIndex { Self.hostEnds.contains($0) } ?? bytes.endIndex
        let labels = bytes[start..<hostEnd].split(separator: UInt8(ascii: ".")).map {
            String(decoding: $0, as: UTF8.self)
        }
        guard labels.count >= 2 else { return nil }
        var take = 2
        if labels.count >= 3, labels[labels.count - 1].count == 2,
            secondLevelLabels.contains(labels[labels.count - 2])
        {
            take = 3
        }
        let registrable = labels.suffix(take).joined(separator: ".")
        if sharedHosts.contains(registrable) || sharedHosts.contains(labels.joined(separator: ".")) {
            return nil
        }
        return registrable
    }

    /// The bytes that end a host: a path, a query, a fragment, a port.
    private static let hostEnds: [UInt8] = Array("/?#:".utf8)

    /// Where the first `://` at or after `start` begins.
    private static func firstSchemeSeparator(in bytes: [UInt8], from start: Int) -> Int? {
        var at = start
        while at + 2 < bytes.count {
            if bytes[at] == UInt8(ascii: ":"), bytes[at + 1] == UInt8(ascii: "/"), bytes[at + 2] == UInt8(ascii: "/") {
                return at
            }
            at += 1
        }
        return nil
    }

    /// The street-and-number part of an address, folded: the first comma-separated part that
    /// names a street and a house number (``hasStreetAndNumber(_:)``).
    /// `Kaivokatu 1, 00100 Helsinki, Finland` → `kaivokatu 1`; `Asemahalli, Kaivokatu 1` →
    /// `kaivokatu 1`. `nil` when no part does: "Rautatientori" or "00100 Helsinki" is too vague to
    /// identify a place.
    public static func address(_ text: String) -> String? {
        for part in text.split(separator: ",") {
            let words = NameNormalizer.foldedWords(String(part))
            if isStreetAndNumber(words) { return words.joined(separator: " ") }
        }
        return nil
    }

    /// Whether some comma-separated part of the address is a street and a house number: a
    /// house number (1–4 digits, perhaps with a letter or two: `18`, `18a`) after a word
    /// (`Mikonkatu 18`, `Damrak 1-5`), or before a street word (`18 Main Street`, `5 rue Royale`).
    /// A postcode and town (`00100 Helsinki`, `1012 AB Amsterdam`) is not.
    public static func hasStreetAndNumber(_ text: String) -> Bool {
        address(text) != nil
    }

    /// Words that name a street when a house number comes first (`18 Main Street`).
    static let streetWords: Set<String> = [
        "street", "st", "road", "rd", "avenue", "ave", "lane", "ln", "drive", "dr", "boulevard", "blvd", "way",
        "place", "pl", "square", "sq", "court", "ct", "terrace", "crescent", "close", "row", "parade", "highway",
        "rue", "avenida", "via", "calle", "plaza", "piazza",
    ]

    private static func isStreetAndNumber(_ words: [String]) -> Bool {
        for (k, word) in words.enumerated() where isHouseNumber(word) {
            if k > 0, words[k - 1].contains(where: \.isLetter), !isHouseNumber(words[k - 1]) { return true }
            if k == 0, words.dropFirst().contains(where: streetWords.contains) { return true }
        }
        return false
    }

    /// 1–4 digits followed by at most two letters.
    private static func isHouseNumber(_ word: String) -> Bool {
        let digits = word.prefix { $0.isASCII && $0.isNumber }
        let rest = word.dropFirst(digits.count)
        return (1...4).contains(digits.count) && rest.count <= 2 && rest.allSatisfy(\.isLetter)
    }
}
