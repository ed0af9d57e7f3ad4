/// UTC times to the second as OpenStreetMap writes them (`2019-04-21T09:50:14Z`: OSM XML, PBF
/// headers, replication state files), read and written with integer arithmetic only: no
/// formatter, no calendar, no C library time zone code.
package enum UTCTimestamp {
    /// The seconds after 1970-01-01T00:00:00Z of the earliest and the latest time written (years
    /// 1–9999).
    package static let secondsInRange: ClosedRange<Int64> = -62_135_596_800...253_402_300_799

    /// The UTC time `milliseconds` after 1970 (PBF's element times), to the second; `nil` outside
    /// years 1–9999.
    package static func text(milliseconds: Int64) -> String? {
        text(seconds: milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000)
    }

    /// The UTC time `seconds` after 1970 as `YYYY-MM-DDTHH:MM:SSZ`; `nil` outside years 1–9999.
    package static func text(seconds: Int64) -> String? {
        var bytes: [UInt8] = []
        guard append(wallClock: seconds, offset: 0, to: &bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the wall-clock time `wallClock` seconds after 1970-01-01T00:00 (a UTC time plus
    /// `offset`) as ISO 8601 with its offset: `YYYY-MM-DDTHH:MM:SS`, then `Z` for an offset of
    /// 0, else `+HH:MM` or `-HH:MM` (minutes of the offset; its seconds are not written). Appends
    /// nothing and returns `false` outside years 1–9999.
    ///
    /// Bytes, not a string: this is on the path of every time `venues hours` and the listings
    /// write, several per value.
    @discardableResult
    package static func append(wallClock: Int64, offset: Int, to bytes: inout [UInt8]) -> Bool {
        guard secondsInRange.contains(wallClock) else { return false }
        let days = wallClock >= 0 ? wallClock / 86_400 : (wallClock - 86_399) / 86_400
        let secondOfDay = Int(wallClock - days * 86_400)
        // Days since 1970-01-01 to a civil date (Howard Hinnant's `civil_from_days`).
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
        let month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
        let year = Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0))
        // Written into a buffer of its final size, then appended at once.
        let length = offset == 0 ? 20 : 25
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { text in
            func put(_ value: Int, at start: Int) {
                text[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 10)
                text[start + 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
            }
            put(year / 100, at: 0)
            put(year % 100, at: 2)
            text[4] = UInt8(ascii: "-")
            put(month, at: 5)
            text[7] = UInt8(ascii: "-")
            put(day, at: 8)
            text[10] = UInt8(ascii: "T")
            put(secondOfDay / 3600, at: 11)
            text[13] = UInt8(ascii: ":")
            put(secondOfDay / 60 % 60, at: 14)
            text[16] = UInt8(ascii: ":")
            put(secondOfDay % 60, at: 17)
            if offset == 0 {
                text[19] = UInt8(ascii: "Z")
            } else {
                let magnitude = abs(offset)
                text[19] = offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
                put(magnitude / 3_600 % 100, at: 20)
                text[22] = UInt8(ascii: ":")
                put(magnitude % 3_600 / 60, at: 23)
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[0..<length]))
        }
        return true
    }

    /// The seconds after 1970 of the time `text` names, or `nil` unless it is exactly
    /// `YYYY-MM-DDTHH:MM:SSZ` with a real date and time (years 1–9999; no fraction, no offset, no
    /// leap second).
    package static func seconds(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            bytes[19] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for byte in bytes[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            year >= 1, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour < 24,
            minute < 60, second < 60
        else { return nil }
        return daysSinceEpoch(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
    }

    /// Days from 1970-01-01 to the civil date (Howard Hinnant's `days_from_civil`).
    private static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
