/// String similarity used to compare normalised venue names.
public enum NameSimilarity {
    /// Jaro-Winkler similarity, 0 (nothing in common) … 1 (equal).
    ///
    /// Jaro similarity with the usual matching window (`max(len) / 2 − 1`), boosted by
    /// Winkler's common-prefix bonus (scale 0.1, prefix of up to 4 characters) when the Jaro
    /// similarity exceeds 0.7. Compares Unicode scalars; the result does not depend on the
    /// order of the arguments. `MARTHA`/`MARHTA` = 0.961, `DIXON`/`DICKSONX` ≈ 0.813.
    public static func jaroWinkler(_ first: String, _ second: String) -> Double {
        jaroWinkler(Array(first.unicodeScalars.map(\.value)), Array(second.unicodeScalars.map(\.value)))
    }

    /// Jaro-Winkler over scalar values; see ``jaroWinkler(_:_:)-(String,String)``.
    public static func jaroWinkler(_ first: [UInt32], _ second: [UInt32]) -> Double {
        // Scan from the shorter string so that the result is symmetric.
        let firstIsA =
            first.count != second.count ? first.count < second.count : !second.lexicographicallyPrecedes(first)
        let (a, b) = firstIsA ? (first, second) : (second, first)
        if a.isEmpty {
            return b.isEmpty ? 1 : 0
        }
        if a == b {
            return 1
        }
        let window = max(0, b.count / 2 - 1)
        return withUnsafeTemporaryAllocation(of: Bool.self, capacity: a.count + b.count) { flags in
            flags.initialize(repeating: false)
            var matches = 0
            for i in 0..<a.count {
                let low = max(0, i - window)
                let high = min(b.count - 1, i + window)
                if low > high { continue }
                for j in low...high where !flags[a.count + j] && b[j] == a[i] {
                    flags[i] = true
                    flags[a.count + j] = true
                    matches += 1
                    break
                }
            }
            if matches == 0 {
                return 0
            }
            var transpositions = 0
            var k = 0
            for i in 0..<a.count where flags[i] {
                while !flags[a.count + k] { k += 1 }
                if a[i] != b[k] { transpositions += 1 }
                k += 1
            }
            let m = Double(matches)
            let jaro = (m / Double(a.count) + m / Double(b.count) + (m - Double(transpositions) / 2) / m) / 3
            guard jaro > 0.7 else { return jaro }
            var prefix = 0
            while prefix < min(4, a.count), a[prefix] == b[prefix] { prefix += 1 }
            return jaro + Double(prefix) * 0.1 * (1 - jaro)
        }
    }

    /// Whether two names are equal or one edit apart by the Damerau (optimal string alignment)
    /// distance: one letter dropped, added (a doubled letter), replaced (a neighbouring key), or
    /// two adjacent letters swapped. An edit that involves a digit does not count: "Kino 1" and
    /// "Kino 2" are two places. A true edit distance, not a similarity threshold: "alato" and
    /// "aalto" are one swap apart whatever their length.
    public static func isWithinOneEdit(_ first: [UInt32], _ second: [UInt32]) -> Bool {
        let (a, b) = first.count <= second.count ? (first, second) : (second, first)
        guard b.count - a.count <= 1 else { return false }
        var start = 0
        while start < a.count, a[start] == b[start] { start += 1 }
        if start == a.count {
            // Equal, or `b` has one more letter at the end.
            return a.count == b.count || !isDigit(b[b.count - 1])
        }
        if a.count == b.count {
            // One replaced letter, or two adjacent letters swapped.
            if a[(start + 1)...] == b[(start + 1)...] {
                return !isDigit(a[start]) && !isDigit(b[start])
            }
            return start + 1 < a.count && a[start] == b[start + 1] && a[start + 1] == b[start]
                && a[(start + 2)...] == b[(start + 2)...]
        }
        // One letter more in `b` at `start`.
        return !isDigit(b[start]) && a[start...] == b[(start + 1)...]
    }

    private static func isDigit(_ scalar: UInt32) -> Bool {
        scalar >= 0x30 && scalar <= 0x39
    }
}
