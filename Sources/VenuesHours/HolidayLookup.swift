/// Answers "is this day a public holiday?" for one evaluation, keeping the current year's days.
struct HolidayLookup {
    /// The country, upper case, when its holidays are known.
    private let country: String?
    /// The day numbers of the cached year, and its holidays.
    private var cachedRange = 0..<0
    private var cachedDays: Set<Int> = []

    /// Whether the country's holidays are known (else every `PH` is "maybe").
    var knowsCountry: Bool { country != nil }

    init(country: String?) {
        let code = country?.uppercased()
        self.country = code.flatMap { PublicHolidays.countries.contains($0) ? $0 : nil }
    }

    /// `.maybe` when the country's holidays are not known.
    mutating func isPublicHoliday(_ date: CivilDate) -> DayMatch {
        guard let country else { return .maybe }
        if !cachedRange.contains(date.dayNumber) {
            let year = date.components.year
            cachedDays = PublicHolidays.dayNumbers(country: country, year: year) ?? []
            cachedRange =
                CivilDate(year: year, month: 1, day: 1)
                .dayNumber..<CivilDate(year: year + 1, month: 1, day: 1).dayNumber
        }
        return cachedDays.contains(date.dayNumber) ? .yes : .no
    }
}
