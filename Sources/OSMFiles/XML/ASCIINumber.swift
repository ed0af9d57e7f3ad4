/// Locale-independent parsing of the numbers in OSM XML attributes, straight from the bytes
/// libxml2 hands over (an attribute value's range of its input buffer), without making a
/// `String` first.
enum ASCIINumber {
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// A decimal integer such as `-123`; `nil` for anything else or more than 18 digits.
    static func int64(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
        var index = 0
        var negative = false
        if index < text.count, text[index] == UInt8(ascii: "-") {
            negative = true
            index = 1
        }
        var value: Int64 = 0
        var digits = 0
        while index < text.count, case let byte = text[index], byte >= 48, byte <= 57 {
            guard digits < 18 else { return nil }
            value = value * 10 + Int64(byte - 48)
            digits += 1
            index += 1
        }
        guard digits > 0, index == text.count else { return nil }
        return negative ? -value : value
    }

    /// A plain decimal such as `60.1716340` or `-7`; `nil` if malformed. Falls back to the
    /// standard library for exponents or more than 15 significant digits.
    static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        var negative = false
        if index < text.count, text[index] == UInt8(ascii: "-") {
            negative = true
            index = 1
        } else if index < text.count, text[index] == UInt8(ascii: "+") {
            index = 1
        }
        var mantissa: Int64 = 0
        var digits = 0
        var fractionDigits = 0
        var seenPoint = false
        while index < text.count {
            let byte = text[index]
            if byte >= 48, byte <= 57 {
                if digits >= 15 { return fallback(text) }
                mantissa = mantissa * 10 + Int64(byte - 48)
                digits += 1
                if seenPoint { fractionDigits += 1 }
            } else if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else {
                return fallback(text)
            }
            index += 1
        }
        guard digits > 0 else { return nil }
        let value = Double(mantissa) / powersOfTen[fractionDigits]
        return negative ? -value : value
    }

    private static func fallback(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else { return nil }
        return value
    }
}
