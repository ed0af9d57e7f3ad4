import Foundation
import Testing
import VenuesTimeZones

@Suite("Time zone by position")
struct TimeZoneLookupTests {
    struct Place: CustomTestStringConvertible, Sendable {
        let name: String
        let latitude: Double
        let longitude: Double
        let zone: String

        var testDescription: String { "\(name) (\(latitude), \(longitude)) → \(zone)" }
    }

    static let cities: [Place] = [
        Place(name: "Helsinki", latitude: 60.17, longitude: 24.94, zone: "Europe/Helsinki"),
        Place(name: "New York", latitude: 40.7128, longitude: -74.0060, zone: "America/New_York"),
        Place(name: "Amsterdam Centraal", latitude: 52.3791, longitude: 4.9003, zone: "Europe/Amsterdam"),
        Place(name: "Tallinn", latitude: 59.437, longitude: 24.7536, zone: "Europe/Tallinn"),
        Place(name: "Stockholm", latitude: 59.3293, longitude: 18.0686, zone: "Europe/Stockholm"),
        Place(name: "Kyiv", latitude: 50.45, longitude: 30.52, zone: "Europe/Kyiv"),
        Place(name: "Tokyo", latitude: 35.68, longitude: 139.69, zone: "Asia/Tokyo"),
        Place(name: "Sydney", latitude: -33.87, longitude: 151.21, zone: "Australia/Sydney"),
    ]

    /// Pairs on either side of a border, each a few kilometres from it (the grid is exact farther
    /// than 0.0104° from one).
    static let borders: [Place] = [
        Place(name: "Tornio (Finland)", latitude: 65.85, longitude: 24.19, zone: "Europe/Helsinki"),
        Place(name: "Haparanda (Sweden)", latitude: 65.84, longitude: 24.07, zone: "Europe/Stockholm"),
        Place(name: "El Paso (Texas)", latitude: 31.79, longitude: -106.42, zone: "America/Denver"),
        Place(name: "Ciudad Juárez (Chihuahua)", latitude: 31.69, longitude: -106.42, zone: "America/Ciudad_Juarez"),
        Place(name: "Kaliningrad", latitude: 54.71, longitude: 20.51, zone: "Europe/Kaliningrad"),
        Place(name: "Braniewo (Poland)", latitude: 54.38, longitude: 19.82, zone: "Europe/Warsaw"),
        Place(name: "Gdańsk", latitude: 54.35, longitude: 18.65, zone: "Europe/Warsaw"),
        Place(name: "Fiji, west of the antimeridian", latitude: -18.14, longitude: 178.44, zone: "Pacific/Fiji"),
        Place(name: "Taveuni, east of the antimeridian", latitude: -16.85, longitude: -179.97, zone: "Pacific/Fiji"),
        Place(name: "Anadyr", latitude: 64.73, longitude: 177.51, zone: "Asia/Anadyr"),
    ]

    /// Far from any country's waters the data answers the nautical zone.
    static let sea: [Place] = [
        Place(name: "Pacific", latitude: 0, longitude: -150, zone: "Etc/GMT+10"),
        Place(name: "Gulf of Guinea", latitude: 0, longitude: 0, zone: "Etc/GMT"),
        Place(name: "Indian Ocean", latitude: -30, longitude: 80, zone: "Etc/GMT-5"),
        Place(name: "North Atlantic", latitude: 40, longitude: -40, zone: "Etc/GMT+3"),
    ]

    @Test("cities", arguments: cities)
    func city(_ place: Place) {
        #expect(TimeZoneLookup.identifier(latitude: place.latitude, longitude: place.longitude) == place.zone)
    }

    @Test("both sides of a border", arguments: borders)
    func border(_ place: Place) {
        #expect(TimeZoneLookup.identifier(latitude: place.latitude, longitude: place.longitude) == place.zone)
    }

    @Test("the open sea answers Etc/GMT±N", arguments: sea)
    func openSea(_ place: Place) {
        #expect(TimeZoneLookup.identifier(latitude: place.latitude, longitude: place.longitude) == place.zone)
        #expect(TimeZoneLookup.timeZone(latitude: place.latitude, longitude: place.longitude)?.identifier == place.zone)
    }

    @Test("the antimeridian: ±180° is one meridian, any finite longitude wraps")
    func antimeridian() {
        let east = TimeZoneLookup.identifier(latitude: 0, longitude: 180)
        #expect(east == TimeZoneLookup.identifier(latitude: 0, longitude: -180))
        #expect(east == "Etc/GMT+12" || east == "Etc/GMT-12")
        #expect(TimeZoneLookup.identifier(latitude: 0, longitude: 179.999_999) == "Etc/GMT-12")
        #expect(TimeZoneLookup.identifier(latitude: 0, longitude: -179.999_999) == "Etc/GMT+12")
        #expect(TimeZoneLookup.identifier(latitude: 60.17, longitude: 24.94 + 360) == "Europe/Helsinki")
        #expect(TimeZoneLookup.identifier(latitude: 60.17, longitude: 24.94 - 720) == "Europe/Helsinki")
        #expect(TimeZoneLookup.identifier(latitude: 40.7128, longitude: -74.006 + 3600) == "America/New_York")
        #expect(TimeZoneLookup.identifier(latitude: 0, longitude: .greatestFiniteMagnitude) != nil)
        for latitude in stride(from: -90.0, through: 90, by: 7.5) {
            for longitude in [-180, -179.999_999, 179.999_999, 180, 180.000_001, -180.000_001, 540] {
                #expect(TimeZoneLookup.identifier(latitude: latitude, longitude: longitude) != nil)
            }
        }
    }

    @Test("the poles answer, whatever the longitude")
    func poles() {
        for longitude in stride(from: -180.0, through: 180, by: 15) {
            #expect(TimeZoneLookup.identifier(latitude: 90, longitude: longitude)?.hasPrefix("Etc/GMT") == true)
            #expect(TimeZoneLookup.identifier(latitude: -90, longitude: longitude)?.hasPrefix("Antarctica/") == true)
            #expect(TimeZoneLookup.timeZone(latitude: 90, longitude: longitude) != nil)
            #expect(TimeZoneLookup.timeZone(latitude: -90, longitude: longitude) != nil)
        }
    }

    @Test(
        "no answer where there is no position",
        arguments: [
            (91.0, 0.0), (-90.000_001, 0), (.nan, 0), (0, .nan), (.infinity, 0), (0, .infinity), (0, -.infinity),
        ] as [(Double, Double)]
    )
    func notAPosition(latitude: Double, longitude: Double) {
        #expect(TimeZoneLookup.identifier(latitude: latitude, longitude: longitude) == nil)
        #expect(TimeZoneLookup.timeZone(latitude: latitude, longitude: longitude) == nil)
    }

    @Test("a Foundation TimeZone with the zone's rules")
    func foundationTimeZone() throws {
        let helsinki = try #require(TimeZoneLookup.timeZone(latitude: 60.17, longitude: 24.94))
        #expect(helsinki.identifier == "Europe/Helsinki")
        // 2026-01-15T12:00:00Z and 2026-07-15T12:00:00Z: EET and EEST.
        #expect(helsinki.secondsFromGMT(for: Date(timeIntervalSince1970: 1_768_478_400)) == 7200)
        #expect(helsinki.secondsFromGMT(for: Date(timeIntervalSince1970: 1_784_116_800)) == 10800)
        let pacific = try #require(TimeZoneLookup.timeZone(latitude: 0, longitude: -150))
        #expect(pacific.secondsFromGMT(for: Date(timeIntervalSince1970: 1_768_478_400)) == -36000)
    }

    @Test("every zone in the data is one Foundation knows")
    func everyZoneKnown() {
        var unknown: Set<String> = []
        for latitude in stride(from: -89.5, through: 89.5, by: 0.5) {
            for longitude in stride(from: -179.5, through: 179.5, by: 0.5) {
                if let identifier = TimeZoneLookup.identifier(latitude: latitude, longitude: longitude),
                    TimeZoneLookup.timeZone(latitude: latitude, longitude: longitude) == nil
                {
                    unknown.insert(identifier)
                }
            }
        }
        #expect(unknown.isEmpty, "Foundation does not know \(unknown.sorted())")
    }

    @Test("concurrent first lookups agree with sequential ones")
    func concurrent() async {
        let places = Self.cities + Self.borders + Self.sea
        let answers = await withTaskGroup(of: [String?].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    places.map { TimeZoneLookup.identifier(latitude: $0.latitude, longitude: $0.longitude) }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for answer in answers {
            #expect(answer == places.map(\.zone))
        }
    }

    @Test("names its data")
    func dataVersion() {
        #expect(TimeZoneLookup.dataVersion.hasPrefix("timezone-boundary-builder 20"))
    }
}
