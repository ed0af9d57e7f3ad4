/// One public holiday: a day of a year and its name.
public struct PublicHoliday: Sendable, Hashable {
    /// The month, 1-12.
    public var month: Int
    /// The day of the month, 1-31.
    public var day: Int
    /// The holiday's English name, "(observed)" or "(substitute day)" when moved off a weekend.
    public var name: String

    /// A holiday on `day` of `month`, called `name`.
    public init(month: Int, day: Int, name: String) {
        self.month = month
        self.day = day
        self.name = name
    }
}
