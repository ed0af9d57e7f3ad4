import Foundation

/// A size given on the command line: bytes, or a number with `k`, `M` or `G` (powers of 1024;
/// `KiB`, `MB`… are read the same way).
enum ByteSize {
    static let gibibyte = 1 << 30

    /// The size in bytes, or `nil` for text that is not a positive size.
    static func parse(_ text: String) -> Int? {
        var digits = text.trimmingCharacters(in: .whitespaces)
        var unit = 1
        for (suffixes, multiplier) in [
            (["kib", "kb", "k"], 1 << 10), (["mib", "mb", "m"], 1 << 20), (["gib", "gb", "g"], 1 << 30),
        ] {
            if let suffix = suffixes.first(where: { digits.lowercased().hasSuffix($0) }) {
                digits = String(digits.dropLast(suffix.count))
                unit = multiplier
                break
            }
        }
        if digits.lowercased().hasSuffix("b") { digits = String(digits.dropLast()) }
        guard let value = Double(digits.trimmingCharacters(in: .whitespaces)), value.isFinite, value > 0,
            value * Double(unit) < Double(Int.max / 2)
        else { return nil }
        return Int(value * Double(unit))
    }
}
