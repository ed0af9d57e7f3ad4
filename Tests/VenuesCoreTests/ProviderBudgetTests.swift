import Foundation
import Testing
import VenuesCore

@Suite struct ProviderBudgetTests {
    /// 2026-11-30 23:59:59 UTC.
    static let lastSecondOfNovember = Date(timeIntervalSince1970: 1_796_083_199)

    @Test func periodsAreUTCDaysAndMonthsWithTheirEnds() {
        let day = BudgetPeriod(.day, containing: Self.lastSecondOfNovember)
        #expect(day.key == "day:2026-11-30")
        #expect(day.end == Self.lastSecondOfNovember.addingTimeInterval(1))
        #expect(day.start == Self.lastSecondOfNovember.addingTimeInterval(1 - 86_400))
        #expect(day.endText == "2026-12-01 00:00 UTC")
        let month = BudgetPeriod(.month, containing: Self.lastSecondOfNovember)
        #expect(month.key == "month:2026-11")
        #expect(month.end == day.end)
        let next = BudgetPeriod(.month, containing: day.end)
        #expect(next.key == "month:2026-12")
        #expect(next.endText == "2027-01-01 00:00 UTC")
        // A leap day, and the end of a 28-day February.
        let leap = BudgetPeriod(.day, containing: Date(timeIntervalSince1970: 1_709_208_000))  // 2024-02-29 12:00
        #expect(leap.key == "day:2024-02-29")
        #expect(
            BudgetPeriod(.month, containing: Date(timeIntervalSince1970: 1_740_700_800)).endText
                == "2025-03-01 00:00 UTC"
        )  // 2025-02-28 00:00
    }

    @Test func aBudgetLimitsTheDayThenTheMonthWhicheverItSets() {
        #expect(
            ProviderBudget(daily: 10, monthly: 100).periods(at: Self.lastSecondOfNovember).map(\.period.key) == [
                "day:2026-11-30", "month:2026-11",
            ]
        )
        #expect(ProviderBudget(daily: nil, monthly: 5).periods(at: Self.lastSecondOfNovember).map(\.limit) == [5])
        #expect(ProviderBudget(settings: ProviderSettings()) == nil)
        var settings = ProviderSettings()
        settings.set(ProviderBudget.dailySetting, .count(0))
        #expect(ProviderBudget(settings: settings) == ProviderBudget(daily: 0))
        let message = BudgetPeriod(.day, containing: Self.lastSecondOfNovember)
            .exhaustedMessage(provider: .google, limit: 300)
        #expect(message == "google's daily budget of 300 requests is spent; it is fresh again at 2026-12-01 00:00 UTC")
        #expect(ProviderError.budgetExhausted(message).kind == "budgetExhausted")
        #expect(ProviderError.budgetExhausted(message).message == "budget spent: \(message)")
    }

    @Test(
        arguments: [
            ("120/min", nil, RateLimit(requests: 120, seconds: 60, burst: 120)),
            ("120/min", 20, RateLimit(requests: 120, seconds: 60, burst: 20)),
            ("2/s", 1, RateLimit(requests: 2, seconds: 1, burst: 1)),
            ("1000/hour", nil, RateLimit(requests: 1000, seconds: 3600, burst: 1000)),
            ("5000/DAY", 10, RateLimit(requests: 5000, seconds: 86_400, burst: 10)),
        ] as [(String, Int?, RateLimit)]
    )
    func ratesAreParsed(_ text: String, _ burst: Int?, _ expected: RateLimit) {
        #expect(RateLimit(rate: text, burst: burst) == expected)
    }

    @Test(arguments: ["", "120", "120/", "/min", "0/min", "-5/min", "12/fortnight", "1.5/s", "120/min/x"])
    func otherTextsAreNotRates(_ text: String) {
        #expect(RateLimit(rate: text, burst: nil) == nil)
        #expect(RateLimit(rate: "10/min", burst: 0) == nil)
    }

    @Test func rateLimitsDescribeThemselves() {
        #expect(RateLimit(requests: 120, seconds: 60, burst: 20).description == "120/min burst 20")
        #expect(RateLimit(requests: 3, seconds: 7, burst: 3).description == "3/7s burst 3")
    }
}
