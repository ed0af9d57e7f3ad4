import Foundation
import GooglePlacesProvider
import Testing
import VenuesCore
import VenuesHTTP
import VenuesTestKit
import VenuesTestSupport

/// Google's opening periods, asked for only when a filter needs them, written in the one syntax
/// the hours engine reads.
@Suite("Opening hours from Google", .timeLimit(.minutes(3)))
struct OpeningHoursTests {
    @Test func hoursAreAskedForOnlyWhenWantedAndReadFromThePeriods() async throws {
        let harness = try await Harness.make(.loopback)
        defer { Task { await harness.stop() } }
        var query = VenueQuery(center: Harness.helsinki, radius: 1000, categories: [.cafe], limit: 10, timeout: 60)
        let plain = try await harness.provider.nearby(query)
        #expect(plain.venues.allSatisfy { $0.hours.isEmpty })
        query.wantsOpeningHours = true
        let response = try await harness.provider.nearby(query)
        let masks = await harness.requests.map { $0.header("X-Goog-FieldMask") }
        #expect(masks == [PinnedFieldMasks.nearby, PinnedFieldMasks.nearbyWithHours])

        let aalto = try #require(response.venues.first { $0.name == "Café Aalto" })
        #expect(
            aalto.hours == [
                VenueHours(
                    provider: .google,
                    specification: "Mo 08:00-20:00, Tu 08:00-20:00, We 08:00-20:00, Th 08:00-20:00, Fr 08:00-20:00, "
                        + "Sa 10:00-18:00, Su 10:00-18:00",
                    text: "Monday: 8:00 AM – 8:00 PM; Tuesday: 8:00 AM – 8:00 PM; Wednesday: 8:00 AM – 8:00 PM; "
                        + "Thursday: 8:00 AM – 8:00 PM; Friday: 8:00 AM – 8:00 PM; Saturday: 10:00 AM – 6:00 PM; "
                        + "Sunday: 10:00 AM – 6:00 PM",
                    utcOffsetMinutes: 120,
                    openNow: false
                )
            ]
        )
        // Past midnight stays with its day; the current hours (a special day) come first, the
        // regular week with the days they cover written over it.
        let roberts = try #require(response.venues.first { $0.name == "Robert's Coffee" })
        #expect(roberts.hours.map(\.kind) == [.current, .regular])
        #expect(roberts.hours.last?.specification == "Fr 18:00-02:00, Sa 18:00-02:00")
        #expect(
            roberts.hours.first?.specification
                == "Fr 18:00-02:00, Sa 18:00-02:00; 2026 Dec 24 10:00-14:00; 2026 Dec 25 off; 2026 Dec 26 off; "
                + "2026 Dec 27 off; 2026 Dec 28 off; 2026 Dec 29 off; 2026 Dec 30 off"
        )
        #expect(roberts.hours.first?.timeZone == "Europe/Helsinki")
        #expect(roberts.hours.first?.openNow == true)
    }

    @Test func aDetailsLookupAsksForTheHours() async throws {
        let harness = try await Harness.make(.loopback)
        defer { Task { await harness.stop() } }
        _ = try? await harness.provider.venue(try VenueID(parsing: "google:SyntheticHEL-cafe-0004"), timeout: 60)
        let masks = await harness.requests.map { $0.header("X-Goog-FieldMask") }
        #expect(masks == [PinnedFieldMasks.details])
    }
}
