import Foundation

/// Numbers for people: `12,345`, `812 bytes`, `4.1 kB`, `10.8 MB`, `0.012 s`, `26.93`.
enum HumanNumbers {
    /// `12,345`: digits grouped by three.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return (value < 0 ? "-" : "") + result
    }

    /// A size: bytes under 1 kB, kB under 1 MB, then MB (decimal units), each to at most two
    /// significant figures below ten and whole numbers above.
    static func size(_ bytes: Int) -> String {
        switch bytes {
        case ..<1000: "\(bytes) \(bytes == 1 ? "byte" : "bytes")"
        case ..<1_000_000: "\(scaled(Double(bytes) / 1e3)) kB"
        default: "\(scaled(Double(bytes) / 1e6)) MB"
        }
    }

    /// A duration to two significant figures (`0.012 s`, `1.2 s`), whole seconds from 10 s on.
    static func seconds(_ value: Double) -> String {
        "\(significant(value)) s"
    }

    /// `value` to two significant figures, but whole from 10 on (`0.012`, `4.1`, `13`, `1205`).
    static func significant(_ value: Double) -> String {
        guard value.isFinite, value > 0 else { return "0" }
        if value >= 9.95 { return String(Int(value.rounded())) }
        let decimals = max(1, 1 - Int(floor(log10(value))))
        return String(format: "%.\(decimals)f", value)
    }

    /// A degree value with at most seven decimals (OSM's precision, about 1 cm) and no float
    /// noise or trailing zeros: `26.93`, `-0.1234567`, `24`.
    static func degrees(_ value: Double) -> String {
        var text = String(format: "%.7f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// Below ten: one decimal; from ten: whole.
    private static func scaled(_ value: Double) -> String {
        value >= 9.95 ? String(Int(value.rounded())) : String(format: "%.1f", value)
    }
}
