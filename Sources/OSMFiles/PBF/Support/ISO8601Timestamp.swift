import Foundation

/// Times in the form OSM XML writes them (`2019-04-21T09:50:14Z`), from PBF's numbers.
enum ISO8601Timestamp {
    /// The UTC time `milliseconds` after 1970, to the second; `nil` outside years 1–9999.
    static func text(milliseconds: Int64) -> String? {
        text(seconds: milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000)
    }

    /// The UTC time `seconds` after 1970; `nil` outside years 1–9999.
    static func text(seconds: Int64) -> String? {
        // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm), exact for any
        // Int64 in range without calling into the C library's time zone code.
        guard seconds > -62_135_596_800, seconds < 253_402_300_800 else { return nil }
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return
            "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))Z"
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
