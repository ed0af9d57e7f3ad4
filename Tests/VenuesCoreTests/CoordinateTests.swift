import Testing
import VenuesCore

@Suite struct CoordinateTests {
    @Test(arguments: [(-90.0, -180.0), (90.0, 180.0), (0.0, 0.0), (52.3791, 4.9003)])
    func acceptsValidRanges(latitude: Double, longitude: Double) throws {
        let coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        #expect(coordinate.latitude == latitude)
        #expect(coordinate.longitude == longitude)
    }

    @Test(arguments: [(-90.0001, 0.0), (91.0, 0.0), (Double.nan, 0.0), (Double.infinity, 0.0)])
    func rejectsBadLatitude(latitude: Double, longitude: Double) {
        #expect(throws: CoordinateError.self) { try Coordinate(latitude: latitude, longitude: longitude) }
    }

    @Test(arguments: [(0.0, 180.5), (0.0, -181.0), (0.0, Double.nan)])
    func rejectsBadLongitude(latitude: Double, longitude: Double) {
        #expect(throws: CoordinateError.self) { try Coordinate(latitude: latitude, longitude: longitude) }
    }

    @Test func parsesLatLon() throws {
        let coordinate = try Coordinate(parsing: "60.1699, 24.9384")
        #expect(coordinate.latitude == 60.1699)
        #expect(coordinate.longitude == 24.9384)
        #expect(try Coordinate(parsing: "-33.8688,151.2093").latitude == -33.8688)
    }

    @Test(arguments: ["", "60.1", "60.1,", ",24.9", "a,b", "60.1;24.9", "1,2,3"])
    func rejectsMalformedText(_ text: String) {
        #expect(throws: CoordinateError.malformed(text)) { try Coordinate(parsing: text) }
    }

    @Test func messageSaysWhatIsAccepted() {
        #expect(CoordinateError.latitudeOutOfRange(91).description.contains("-90 to 90"))
        #expect(CoordinateError.malformed("x").description.contains("LAT,LON"))
    }

    /// Haversine against known great-circle distances.
    @Test func distanceMatchesKnownValues() throws {
        let amsterdam = Coordinate.amsterdamCentraal
        let helsinkiStation = try Coordinate(latitude: 60.17132, longitude: 24.94146)
        // Amsterdam Centraal – Helsinki station: 1,500,854 m (independent haversine in Python).
        let distance = amsterdam.distance(to: helsinkiStation)
        #expect(abs(distance - 1_500_854) < 1)
        // One degree of latitude: about 111.2 km on the mean sphere.
        let a = try Coordinate(latitude: 10, longitude: 20)
        let b = try Coordinate(latitude: 11, longitude: 20)
        #expect(abs(a.distance(to: b) - 111_195) < 10)
        #expect(a.distance(to: a) == 0)
        #expect(abs(a.distance(to: b) - b.distance(to: a)) < 1e-9)
    }
}
