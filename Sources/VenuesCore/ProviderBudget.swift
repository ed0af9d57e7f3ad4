public import Foundation

/// How many requests a paid provider may be sent per day and per month (settings
/// `SECTION.budget.daily` and `SECTION.budget.monthly`); unset means no limit.
///
/// Days and months are those of UTC: a daily budget is fresh at 00:00 UTC, a monthly one at
/// 00:00 UTC on the first of the month. Only requests actually sent count (each attempt, pages
/// and retries included); answers from a cache and requests shared with another caller spend
/// nothing.
public struct ProviderBudget: Sendable, Hashable {
    /// The daily limit's setting, inside the provider's section.
    public static let dailySetting = "budget.daily"
    /// The monthly limit's setting, inside the provider's section.
    public static let monthlySetting = "budget.monthly"

    /// The two settings a paid provider lists among its own.
    public static let settings: [ProviderSetting] = [
        ProviderSetting(dailySetting, kind: .count),
        ProviderSetting(monthlySetting, kind: .count),
    ]

    /// Requests per UTC day, or `nil` for no daily limit.
    public var daily: Int?
    /// Requests per UTC month, or `nil` for no monthly limit.
    public var monthly: Int?

    /// A budget of `daily` requests a day and `monthly` a month (`nil`: no limit).
    public init(daily: Int? = nil, monthly: Int? = nil) {
        self.daily = daily
        self.monthly = monthly
    }

    /// The budget a provider's settings give, or `nil` when they set neither limit.
    public init?(settings: ProviderSettings) {
        let daily = settings.count(Self.dailySetting)
        let monthly = settings.count(Self.monthlySetting)
        guard daily != nil || monthly != nil else { return nil }
        self.init(daily: daily, monthly: monthly)
    }

    /// The periods this budget limits at `date`, each with its limit: the day first.
    public func periods(at date: Date) -> [(period: BudgetPeriod, limit: Int)] {
        var periods: [(period: BudgetPeriod, limit: Int)] = []
        if let daily { periods.append((BudgetPeriod(.day, containing: date), daily)) }
        if let monthly { periods.append((BudgetPeriod(.month, containing: date), monthly)) }
        return periods
    }
}

/// One UTC day or month over which a budget is counted, named by its key (`day:2026-11-26`,
/// `month:2026-11`) in stores and files.
public struct BudgetPeriod: Sendable, Hashable, CustomStringConvertible {
    /// A day or a month.
    public enum Length: String, Sendable, Hashable, CaseIterable {
        case day, month

        /// "daily" or "monthly", as the settings name it.
        public var adjective: String { self == .day ? "daily" : "monthly" }
    }

    /// Its length.
    public let length: Length
    /// `2026-11-26` for a day, `2026-11` for a month.
    public let name: String
    /// When it begins (00:00 UTC).
    public let start: Date
    /// When the next one begins: when a budget spent in this one is fresh again.
    public let end: Date

    /// The day or month that holds `date`.
    public init(_ length: Length, containing date: Date) {
        let calendar = Self.utc
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let year = parts.year ?? 1970
        let month = parts.month ?? 1
        self.length = length
        switch length {
        case .day:
            let day = parts.day ?? 1
            name = String(format: "%04d-%02d-%02d", year, month, day)
            start = calendar.date(from: DateComponents(year: year, month: month, day: day)) ?? date
            end = calendar.date(byAdding: .day, value: 1, to: start) ?? date
        case .month:
            name = String(format: "%04d-%02d", year, month)
            start = calendar.date(from: DateComponents(year: year, month: month, day: 1)) ?? date
            end = calendar.date(byAdding: .month, value: 1, to: start) ?? date
        }
    }

    /// `day:2026-11-26` or `month:2026-11`: how stores key it.
    public var key: String { "\(length.rawValue):\(name)" }

    public var description: String { key }

    /// When the next period begins, for people: `2026-11-27 00:00 UTC`.
    public var endText: String {
        let next = Self.utc.dateComponents([.year, .month, .day], from: end)
        return String(format: "%04d-%02d-%02d 00:00 UTC", next.year ?? 1970, next.month ?? 1, next.day ?? 1)
    }

    /// The message of a budget spent: which one, and when it is fresh again.
    public func exhaustedMessage(provider: ProviderID, limit: Int) -> String {
        "\(provider)'s \(length.adjective) budget of \(limit) requests is spent; it is fresh again at \(endText)"
    }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
