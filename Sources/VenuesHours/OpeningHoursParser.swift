/// Reads the text of an `opening_hours` value into rules (the OSM wiki specification, with the
/// leniencies of opening-hours-rs and opening_hours.js listed in docs/hours.md).
///
/// A recursive-descent reader over Unicode scalars. It never traps: every unexpected input
/// ends in an ``OpeningHoursSyntaxError`` that names the place.
struct OpeningHoursParser {
    private let scalars: [UInt32]
    private var position = 0
    /// Comments met so far; index 0 is "no comment".
    private(set) var comments: [String] = [""]

    init(_ text: String) {
        // Most values are ASCII: their bytes are their scalars, with nothing to read otherwise.
        var text = text
        if let ascii = text.withUTF8({ utf8 in utf8.allSatisfy { $0 < 0x80 } ? utf8.map(UInt32.init) : nil }) {
            scalars = ascii
            return
        }
        scalars = text.unicodeScalars.map { scalar in
            switch scalar.value {
            case 0x2013, 0x2014: 0x2D  // en and em dash read as '-'
            case 0xA0: 0x20  // no-break space reads as a space
            default: scalar.value
            }
        }
    }

    /// The rules of the whole text.
    mutating func parseRules() throws(OpeningHoursSyntaxError) -> [Rule] {
        skipSpaces()
        if isAtEnd { throw OpeningHoursSyntaxError("the value is empty", at: 0) }
        var rules: [Rule] = []
        var separator = RuleOperator.normal
        while true {
            rules.append(Rule(try parseRule(), separator: separator))
            skipSpaces()
            if isAtEnd { break }
            let separatorStart = position
            if consume(";") {
                separator = .normal
            } else if consume("||") {
                separator = .fallback
            } else if consume(",") {
                separator = .additional
            } else {
                throw OpeningHoursSyntaxError("unexpected \(describeCurrent())", at: position)
            }
            skipSpaces()
            if isAtEnd {
                throw OpeningHoursSyntaxError("expected a rule after the separator", at: separatorStart)
            }
        }
        return rules
    }

    // MARK: Rules

    private mutating func parseRule() throws(OpeningHoursSyntaxError) -> RuleDraft {
        var rule = RuleDraft()
        let start = position
        var hasSelector = false
        if consume("24/7") {
            hasSelector = true
        } else {
            if peek() == quote, let label = try parseLabelComment() {
                rule.comment = label
                hasSelector = true
            }
            if isYearSelectorStart() {
                rule.years = try parseYearSelector()
                hasSelector = true
                skipSpaces()
            }
            if isMonthdayStart() {
                rule.monthdays = try parseMonthdaySelector()
                hasSelector = true
                skipSpaces()
            }
            if isKeyword("week") {
                rule.weeks = try parseWeekSelector()
                hasSelector = true
            }
            if hasSelector, peek() == colon {
                position += 1
            }
            skipSpaces()
            if isWeekdaySelectorStart() {
                try parseWeekdaySelector(into: &rule)
                hasSelector = true
                let beforeSpaces = position
                skipSpaces()
                if position == beforeSpaces, isTimeStart() {
                    throw OpeningHoursSyntaxError("expected a space between the weekdays and the time", at: position)
                }
            }
            if isTimeStart() {
                rule.times = try parseTimeSelector()
                hasSelector = true
            }
        }
        skipSpaces()
        var hasKind = false
        if let kind = parseKind() {
            rule.kind = kind
            hasKind = true
            skipSpaces()
        }
        var hasComment = false
        if peek() == quote {
            rule.comment = try parseComment()
            hasComment = true
        }
        if !hasSelector && !hasKind && !hasComment {
            throw OpeningHoursSyntaxError("expected a rule, found \(describeCurrent())", at: start)
        }
        if !hasSelector && !hasKind {
            // A comment alone ("by appointment") says nothing certain: unknown, as opening_hours.js.
            rule.kind = .unknown
        }
        return rule
    }

    private mutating func parseKind() -> RuleKind? {
        if consumeKeyword("open") { return .open }
        if consumeKeyword("closed") || consumeKeyword("off") { return .closed }
        if consumeKeyword("unknown") { return .unknown }
        return nil
    }

    /// `"text":` before the selectors; nil (and nothing consumed) when the comment is no label.
    private mutating func parseLabelComment() throws(OpeningHoursSyntaxError) -> Int? {
        let save = position
        let savedComments = comments
        let index = try parseComment()
        skipSpaces()
        if consume(":") {
            skipSpaces()
            return index
        }
        position = save
        comments = savedComments
        return nil
    }

    private mutating func parseComment() throws(OpeningHoursSyntaxError) -> Int {
        let start = position
        position += 1
        var text = String.UnicodeScalarView()
        while let c = peek(), c != quote {
            if let scalar = Unicode.Scalar(c) { text.append(scalar) }
            position += 1
        }
        if isAtEnd { throw OpeningHoursSyntaxError("a comment is not closed with '\"'", at: start) }
        position += 1
        if text.isEmpty { throw OpeningHoursSyntaxError("a comment is empty", at: start) }
        let comment = String(text)
        if let existing = comments.firstIndex(of: comment) { return existing }
        comments.append(comment)
        return comments.count - 1
    }

    // MARK: Years

    private func isYearSelectorStart() -> Bool {
        guard isYearAt(position) else { return false }
        // A year followed by a month or `easter` starts a date, not a year selector.
        var next = position + 4
        while scalar(at: next) == space { next += 1 }
        return monthAt(next) == nil && !keywordAt(next, "easter")
    }

    private func isYearAt(_ index: Int) -> Bool {
        guard (0..<4).allSatisfy({ isDigit(scalar(at: index + $0)) }) else { return false }
        if isDigit(scalar(at: index + 4)) || scalar(at: index + 4) == colon { return false }
        let first = scalar(at: index)!
        return first >= 0x31 && !(first == 0x31 && scalar(at: index + 1)! != 0x39)
    }

    private mutating func parseYear() throws(OpeningHoursSyntaxError) -> Int {
        guard isYearAt(position) else { throw OpeningHoursSyntaxError("expected a year (1900-9999)", at: position) }
        let year = (0..<4).reduce(0) { $0 * 10 + Int(scalar(at: position + $1)! - 0x30) }
        position += 4
        return year
    }

    private mutating func parseYearSelector() throws(OpeningHoursSyntaxError) -> [YearRange] {
        var ranges: [YearRange] = []
        repeat {
            let start = try parseYear()
            var range = YearRange(start: start, end: start)
            if consume("+") {
                range.end = nil
            } else if peek() == dash, isYearAt(position + 1) {
                position += 1
                let end = try parseYear()
                if end < start { throw OpeningHoursSyntaxError("a year range ends before it starts", at: position - 4) }
                range.end = end
                if consume("/") { range.step = try parsePositiveNumber() }
            }
            ranges.append(range)
        } while peek() == comma && isYearAt(position + 1) && consume(",")
        return ranges
    }

    // MARK: Months and dates

    private func isMonthdayStart() -> Bool {
        var index = position
        if isYearAt(index) {
            index += 4
            while scalar(at: index) == space { index += 1 }
        }
        return monthAt(index) != nil || keywordAt(index, "easter")
    }

    private mutating func parseMonthdaySelector() throws(OpeningHoursSyntaxError) -> [MonthdayRange] {
        var ranges = [try parseMonthdayRange()]
        while peek() == comma {
            let save = position
            position += 1
            skipSpaces()
            guard isMonthdayStart() else {
                position = save
                break
            }
            ranges.append(try parseMonthdayRange())
        }
        return ranges
    }

    private mutating func parseMonthdayRange() throws(OpeningHoursSyntaxError) -> MonthdayRange {
        var year: Int?
        if isYearAt(position) {
            year = try parseYear()
            skipSpaces()
        }
        var from: DateSpec
        if consumeKeyword("easter") {
            from = DateSpec(year: year, anchor: .easter)
        } else {
            let month = try parseMonth()
            // `Jan-Mar`
            if peek() == dash, monthAt(position + 1) != nil {
                position += 1
                return .months(year: year, from: month, to: try parseMonth())
            }
            guard let anchor = try parseDayOfMonth(month: month) else {
                return .months(year: year, from: month, to: month)
            }
            from = DateSpec(year: year, anchor: anchor)
        }
        try parseDateOffset(into: &from)
        let save = position
        skipSpaces()
        if consume("-") {
            skipSpaces()
            var to = try parseDateTo(after: from)
            try parseDateOffset(into: &to)
            return .dates(from: from, to: to, openEnded: false)
        }
        position = save
        if peek() == plus, !isDigit(scalar(at: position + 1)) {
            position += 1
            return .dates(from: from, to: nil, openEnded: true)
        }
        return .dates(from: from, to: nil, openEnded: false)
    }

    /// After `Dec`: ` 24` or ` Su[-1]`; nil (nothing consumed) when the month stands alone.
    private mutating func parseDayOfMonth(month: Int) throws(OpeningHoursSyntaxError) -> DateSpec.Anchor? {
        let save = position
        skipSpaces()
        if let day = parseDayNumber() {
            return .fixed(month: month, day: day)
        }
        if let weekday = weekdayAt(position), scalar(at: position + 2) == openBracket {
            position += 3
            let negative = consume("-")
            guard let n = parseDigit(), (1...5).contains(n) else {
                throw OpeningHoursSyntaxError("expected a number 1-5 in '[…]'", at: position)
            }
            guard consume("]") else { throw OpeningHoursSyntaxError("expected ']'", at: position) }
            return .nthWeekday(month: month, weekday: weekday, nth: negative ? -n : n)
        }
        position = save
        return nil
    }

    private mutating func parseDateTo(after from: DateSpec) throws(OpeningHoursSyntaxError) -> DateSpec {
        if let day = parseDayNumber() {
            guard case .fixed(let month, _) = from.anchor else {
                throw OpeningHoursSyntaxError("expected a month before the day", at: position)
            }
            return DateSpec(year: from.year, anchor: .fixed(month: month, day: day))
        }
        var year: Int?
        if isYearAt(position) {
            year = try parseYear()
            skipSpaces()
        }
        if consumeKeyword("easter") { return DateSpec(year: year, anchor: .easter) }
        let month = try parseMonth()
        guard let anchor = try parseDayOfMonth(month: month) else {
            throw OpeningHoursSyntaxError("expected a day after the month", at: position)
        }
        return DateSpec(year: year, anchor: anchor)
    }

    /// `+Mo`, `-Su`, ` +2 days` after a date.
    private mutating func parseDateOffset(into spec: inout DateSpec) throws(OpeningHoursSyntaxError) {
        let save = position
        skipSpaces()
        if let sign = peek(), sign == plus || sign == dash, let weekday = weekdayAt(position + 1),
            !isLetter(scalar(at: position + 3))
        {
            position += 3
            spec.weekdayOffset = (sign == plus ? 1 : -1, weekday)
        } else {
            position = save
        }
        if let days = parseDayOffset() { spec.dayOffset = days }
    }

    /// ` +1 day`, ` -2 days`; nil (nothing consumed) when none follows.
    private mutating func parseDayOffset() -> Int? {
        let save = position
        skipSpaces()
        guard let sign = peek(), sign == plus || sign == dash else {
            position = save
            return nil
        }
        position += 1
        var value = 0
        var digits = 0
        while let c = peek(), isDigit(c), digits < 4 {
            value = value * 10 + Int(c - 0x30)
            digits += 1
            position += 1
        }
        skipSpaces()
        guard digits > 0, consumeKeyword("days") || consumeKeyword("day") else {
            position = save
            return nil
        }
        return sign == plus ? value : -value
    }

    private mutating func parseMonth() throws(OpeningHoursSyntaxError) -> Int {
        guard let month = monthAt(position) else { throw OpeningHoursSyntaxError("expected a month", at: position) }
        position += 3
        return month
    }

    /// A day 1-31 not followed by `:` (which would make it an hour).
    private mutating func parseDayNumber() -> Int? {
        guard isDigit(peek()) else { return nil }
        let twoDigits = isDigit(scalar(at: position + 1))
        let length = twoDigits ? 2 : 1
        let next = scalar(at: position + length)
        if isDigit(next) || next == colon || next == dot { return nil }
        let value = twoDigits ? Int(peek()! - 0x30) * 10 + Int(scalar(at: position + 1)! - 0x30) : Int(peek()! - 0x30)
        guard (1...31).contains(value) else { return nil }
        position += length
        return value
    }

    // MARK: Weeks

    private mutating func parseWeekSelector() throws(OpeningHoursSyntaxError) -> [WeekRange] {
        _ = consumeKeyword("week")
        skipSpaces()
        var ranges: [WeekRange] = []
        repeat {
            let start = try parseWeekNumber()
            var range = WeekRange(start: start, end: start)
            if consume("-") {
                range.end = try parseWeekNumber()
                if consume("/") { range.step = try parsePositiveNumber() }
            }
            ranges.append(range)
        } while peek() == comma && isDigit(scalar(at: position + 1)) && consume(",")
        skipSpaces()
        return ranges
    }

    private mutating func parseWeekNumber() throws(OpeningHoursSyntaxError) -> Int {
        guard let first = parseDigit() else { throw OpeningHoursSyntaxError("expected a week number", at: position) }
        var value = first
        if let second = parseDigit() { value = value * 10 + second }
        guard (1...53).contains(value) else {
            throw OpeningHoursSyntaxError("a week number must be 01-53", at: position - 2)
        }
        return value
    }

    // MARK: Weekdays and holidays

    private func isWeekdaySelectorStart() -> Bool {
        weekdayAt(position) != nil || holidayAt(position) != nil
    }

    private func holidayAt(_ index: Int) -> String? {
        if keywordAt(index, "ph") { return "PH" }
        if keywordAt(index, "sh") { return "SH" }
        return nil
    }

    private mutating func parseWeekdaySelector(into rule: inout RuleDraft) throws(OpeningHoursSyntaxError) {
        while true {
            let lastWasHoliday = holidayAt(position) != nil
            if let holiday = holidayAt(position) {
                position += 2
                if holiday == "PH" {
                    rule.holidays.append(.publicHoliday(dayOffset: parseDayOffset() ?? 0))
                } else {
                    rule.holidays.append(.schoolHoliday)
                }
            } else if let weekday = weekdayAt(position) {
                position += 2
                rule.weekdays.append(try parseWeekdayRange(from: weekday))
            } else {
                throw OpeningHoursSyntaxError("expected a weekday or PH/SH", at: position)
            }
            // Items are joined by ',', or by a space between holidays and weekdays (`PH Mo-Fr`).
            var next = position
            let hasComma = scalar(at: next) == comma
            if hasComma { next += 1 }
            while scalar(at: next) == space { next += 1 }
            let nextIsHoliday = holidayAt(next) != nil
            guard next > position, nextIsHoliday || weekdayAt(next) != nil,
                hasComma || nextIsHoliday != lastWasHoliday
            else { return }
            position = next
        }
    }

    private mutating func parseWeekdayRange(from start: Int) throws(OpeningHoursSyntaxError) -> WeekdayRange {
        var range = WeekdayRange(start: start, end: start)
        if peek() == dash, let end = weekdayAt(position + 1) {
            position += 3
            range.end = end
        } else if consume("[") {
            repeat {
                range.nth.append(contentsOf: try parseNthEntry())
            } while consume(",")
            guard consume("]") else { throw OpeningHoursSyntaxError("expected ']'", at: position) }
            range.dayOffset = parseDayOffset() ?? 0
        }
        return range
    }

    /// `1`, `-1`, `1-3` inside `[…]`.
    private mutating func parseNthEntry() throws(OpeningHoursSyntaxError) -> [Int] {
        let negative = consume("-")
        let digitStart = position
        guard let first = parseDigit(), (1...5).contains(first) else {
            throw OpeningHoursSyntaxError("expected a number 1-5 in '[…]'", at: digitStart)
        }
        if negative { return [-first] }
        if consume("-") {
            guard let last = parseDigit(), (first...5).contains(last) else {
                throw OpeningHoursSyntaxError("expected a number \(first)-5 in '[…]'", at: position)
            }
            return Array(first...last)
        }
        return [first]
    }

    // MARK: Times

    private func isTimeStart() -> Bool {
        isDigit(peek()) || peek() == openParen || sunEventAt(position) != nil
    }

    /// Whether a time (not a year or a day) starts here: `9:00`, `09:00`, `(sunset-01:00)`, `sunset`.
    private func looksLikeTime() -> Bool {
        if peek() == openParen || sunEventAt(position) != nil { return true }
        guard isDigit(peek()) else { return false }
        let separatorIndex = isDigit(scalar(at: position + 1)) ? position + 2 : position + 1
        return scalar(at: separatorIndex) == colon || scalar(at: separatorIndex) == dot
    }

    private mutating func parseTimeSelector() throws(OpeningHoursSyntaxError) -> [TimeSpan] {
        var spans = [try parseTimeSpan()]
        while peek() == comma {
            let save = position
            position += 1
            skipSpaces()
            guard looksLikeTime() else {
                position = save
                break
            }
            spans.append(try parseTimeSpan())
        }
        return spans
    }

    private mutating func parseTimeSpan() throws(OpeningHoursSyntaxError) -> TimeSpan {
        let start = try parseTime(maximumHour: 24)
        if case .fixed(let minutes) = start, minutes >= 24 * 60 {
            throw OpeningHoursSyntaxError("a time range cannot start at 24:00", at: position - 5)
        }
        var span = TimeSpan(start: start)
        let save = position
        skipSpaces()
        if consume("-") {
            skipSpaces()
            guard isTimeStart() else { throw OpeningHoursSyntaxError("expected a time after '-'", at: position) }
            span.end = try parseTime(maximumHour: 48)
            if consume("+") {
                span.openEnd = true
            } else {
                let beforeRepeat = position
                skipSpaces()
                if consume("/") {
                    skipSpaces()
                    span.repeatMinutes = try parseRepeat()
                } else {
                    position = beforeRepeat
                }
            }
        } else if consume("+") {
            span.openEnd = true
        } else {
            position = save
        }
        return span
    }

    /// `01:30` or `90` after `/`.
    private mutating func parseRepeat() throws(OpeningHoursSyntaxError) -> Int {
        let start = position
        if isDigit(peek()), isDigit(scalar(at: position + 1)), scalar(at: position + 2) != colon,
            !isDigit(scalar(at: position + 2))
        {
            let minutes = Int(peek()! - 0x30) * 10 + Int(scalar(at: position + 1)! - 0x30)
            position += 2
            guard minutes > 0 else { throw OpeningHoursSyntaxError("a repeat period must be positive", at: start) }
            return minutes
        }
        guard case .fixed(let minutes) = try parseTime(maximumHour: 24), minutes > 0 else {
            throw OpeningHoursSyntaxError("expected a repeat period", at: start)
        }
        return minutes
    }

    private mutating func parseTime(maximumHour: Int) throws(OpeningHoursSyntaxError) -> TimePoint {
        if consume("(") {
            guard let event = parseSunEvent() else {
                throw OpeningHoursSyntaxError("expected sunrise, sunset, dawn or dusk after '('", at: position)
            }
            guard let sign = peek(), sign == plus || sign == dash else {
                throw OpeningHoursSyntaxError("expected '+' or '-' after the event", at: position)
            }
            position += 1
            guard case .fixed(let offset) = try parseTime(maximumHour: 23) else {
                throw OpeningHoursSyntaxError("expected an offset such as 01:00", at: position)
            }
            guard consume(")") else { throw OpeningHoursSyntaxError("expected ')'", at: position) }
            return .event(event, offsetMinutes: sign == plus ? offset : -offset)
        }
        if let event = parseSunEvent() { return .event(event, offsetMinutes: 0) }
        let start = position
        guard let first = parseDigit() else { throw OpeningHoursSyntaxError("expected a time", at: position) }
        var hour = first
        if let second = parseDigit() { hour = hour * 10 + second }
        // A '.' between hours and minutes is read as ':' (as opening_hours.js, with its warning).
        guard consume(":") || consume(".") else {
            throw OpeningHoursSyntaxError("expected ':' and minutes after the hour", at: position)
        }
        guard let tens = parseDigit(), let units = parseDigit() else {
            throw OpeningHoursSyntaxError("expected two digits of minutes", at: position)
        }
        let minute = tens * 10 + units
        guard minute < 60 else { throw OpeningHoursSyntaxError("minutes must be 00-59", at: position - 2) }
        let total = hour * 60 + minute
        guard total <= maximumHour * 60 else {
            throw OpeningHoursSyntaxError("an hour must be at most \(maximumHour)", at: start)
        }
        return .fixed(minutes: total)
    }

    private mutating func parseSunEvent() -> SunEvent? {
        guard let event = sunEventAt(position) else { return nil }
        position += event == .dawn || event == .dusk ? 4 : (event == .sunrise ? 7 : 6)
        return event
    }

    private func sunEventAt(_ index: Int) -> SunEvent? {
        if keywordAt(index, "sunrise") { return .sunrise }
        if keywordAt(index, "sunset") { return .sunset }
        if keywordAt(index, "dawn") { return .dawn }
        if keywordAt(index, "dusk") { return .dusk }
        return nil
    }

    private mutating func parsePositiveNumber() throws(OpeningHoursSyntaxError) -> Int {
        var value = 0
        var digits = 0
        while let digit = parseDigit() {
            value = value * 10 + digit
            digits += 1
            if digits > 4 { throw OpeningHoursSyntaxError("a number is too long", at: position) }
        }
        guard digits > 0, value > 0 else { throw OpeningHoursSyntaxError("expected a positive number", at: position) }
        return value
    }

    // MARK: Characters

    private let space: UInt32 = 0x20
    private let quote: UInt32 = 0x22
    private let plus: UInt32 = 0x2B
    private let comma: UInt32 = 0x2C
    private let dash: UInt32 = 0x2D
    private let colon: UInt32 = 0x3A
    private let dot: UInt32 = 0x2E
    private let openParen: UInt32 = 0x28
    private let openBracket: UInt32 = 0x5B

    private static let weekdayNames: [StaticString] = ["mo", "tu", "we", "th", "fr", "sa", "su"]
    /// Whether an ASCII letter (lowercase) begins one of ``weekdayNames``, or of ``monthNames``.
    private static let weekdayInitials = asciiTable("mtwfs")
    private static let monthInitials = asciiTable("jfmasond")

    private static func asciiTable(_ letters: String) -> [Bool] {
        var table = [Bool](repeating: false, count: 128)
        for letter in letters.utf8 { table[Int(letter)] = true }
        return table
    }
    private static let monthNames: [StaticString] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ]

    private var isAtEnd: Bool { position >= scalars.count }

    private func peek() -> UInt32? { scalar(at: position) }

    private func scalar(at index: Int) -> UInt32? {
        index >= 0 && index < scalars.count ? scalars[index] : nil
    }

    private func isDigit(_ c: UInt32?) -> Bool {
        guard let c else { return false }
        return c >= 0x30 && c <= 0x39
    }

    private func isLetter(_ c: UInt32?) -> Bool {
        guard let c else { return false }
        return (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
    }

    private func lowercased(_ c: UInt32) -> UInt32 {
        c >= 0x41 && c <= 0x5A ? c + 0x20 : c
    }

    private mutating func skipSpaces() {
        while let c = peek(), c == space || c == 0x09 { position += 1 }
    }

    private mutating func parseDigit() -> Int? {
        guard let c = peek(), isDigit(c) else { return nil }
        position += 1
        return Int(c - 0x30)
    }

    /// Consumes `literal` (ASCII) exactly.
    private mutating func consume(_ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard position + length <= scalars.count else { return false }
        let start = literal.utf8Start
        for offset in 0..<length where scalars[position + offset] != UInt32(start[offset]) { return false }
        position += length
        return true
    }

    /// Whether `word` (ASCII, lowercase) stands at `index` in any case, not followed by a letter.
    private func keywordAt(_ index: Int, _ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard index >= 0, index + length <= scalars.count else { return false }
        let start = word.utf8Start
        for offset in 0..<length where lowercased(scalars[index + offset]) != UInt32(start[offset]) {
            return false
        }
        return !isLetter(scalar(at: index + length))
    }

    private func isKeyword(_ word: StaticString) -> Bool { keywordAt(position, word) }

    private mutating func consumeKeyword(_ word: StaticString) -> Bool {
        guard keywordAt(position, word) else { return false }
        position += word.utf8CodeUnitCount
        return true
    }

    /// The weekday (Monday = 0) whose two letters stand at `index`.
    private func weekdayAt(_ index: Int) -> Int? {
        // Most positions start no weekday: a letter of none of them ends the search at once.
        guard let first = scalar(at: index).map(lowercased), first < 128, Self.weekdayInitials[Int(first)] else {
            return nil
        }
        return Self.weekdayNames.firstIndex { keywordAt(index, $0) }
    }

    /// The month (1-12) whose three letters stand at `index`.
    private func monthAt(_ index: Int) -> Int? {
        guard let first = scalar(at: index).map(lowercased), first < 128, Self.monthInitials[Int(first)] else {
            return nil
        }
        return Self.monthNames.firstIndex { keywordAt(index, $0) }.map { $0 + 1 }
    }

    private func describeCurrent() -> String {
        guard let c = peek(), let scalar = Unicode.Scalar(c) else { return "the end of the value" }
        return "'\(Character(scalar))'"
    }
}
