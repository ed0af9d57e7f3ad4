import Foundation
import Testing
import VenuesCore

@testable import FoursquareProvider

/// Foursquare's regular hours, written in the one syntax the hours engine reads.
@Suite("Opening hours from Foursquare")
struct FoursquareOpeningHoursTests {
    static func place(hours: String) -> Data {
        Data(
            """
            {"fsq_place_id": "5eed00000000000000001", "name": "Kahvila", "latitude": 60.17, "longitude": 24.94,
             "hours": \(hours)}
            """.utf8
        )
    }

    @Test func theRegularWeekAndOpenNowAreRead() throws {
        let data = Self.place(
            hours: """
                {"display": "Mon-Fri 8:00-22:00; Sat 22:00-02:00", "open_now": true, "is_local_holiday": false,
                 "regular": [{"day": 1, "open": "0800", "close": "2200"}, {"day": 5, "open": "0800", "close": "2200"},
                             {"day": 6, "open": "2200", "close": "+0200"}, {"day": 7, "open": "2200", "close": "2359"},
                             {"day": 1, "open": "0000", "close": "0200"}]}
                """
        )
        let venue = try FoursquareDecoder.decodePlace(data).get()
        #expect(
            venue.hours == [
                VenueHours(
                    provider: .foursquare,
                    specification: "Mo 08:00-22:00, Fr 08:00-22:00, Sa 22:00-02:00, Su 22:00-24:00, Mo 00:00-02:00",
                    text: "Mon-Fri 8:00-22:00; Sat 22:00-02:00",
                    openNow: true
                )
            ]
        )
    }

    @Test(arguments: [
        #"{"display": "Open"}"#, #"{"regular": []}"#, #"{"regular": [{"day": 9, "open": "0800", "close": "1700"}]}"#,
        #"{"regular": [{"day": 1, "open": "8am", "close": "1700"}]}"#, #""closed""#,
    ])
    func hoursWithoutAReadableWeekAreNone(hours: String) throws {
        let venue = try FoursquareDecoder.decodePlace(Self.place(hours: hours)).get()
        #expect(venue.hours.isEmpty)
    }

    @Test func hoursAreAskedForOnlyWhenWanted() {
        #expect(!FoursquareRequestBuilder.searchFields(.places20250617).contains("hours"))
        #expect(FoursquareRequestBuilder.detailFields(.places20250617).contains("hours"))
        #expect(FoursquareRequestBuilder.hoursFields(.v3) == ["hours", "timezone"])
    }
}
