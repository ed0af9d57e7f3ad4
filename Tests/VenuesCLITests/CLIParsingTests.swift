import ArgumentParser
import Testing

@testable import VenuesCLI

/// Every subcommand parses, and every invalid input maps to exit status 64 with a message
/// that says what was wrong and what is accepted.
@Suite struct CLIParsingTests {
    @Test(arguments: [
        ["nearby"],
        ["nearby", "--near", "60.1699,24.9384", "--radius", "500", "--providers", "fsq,osm", "--limit", "5"],
        ["nearby", "--near", "-33.8688,151.2093"],
        ["nearby", "--category", "cafe", "--category", "fast-food", "--sort", "rating", "--format", "json"],
        ["nearby", "--timeout", "2.5", "--explain", "--verbose", "--config", "/tmp/x.json"],
        ["nearby", "--timeout", "1"],
        ["search", "cafe", "--timeout", "600"],
        ["show", "osm:node/1", "--timeout", "1"],
        ["show", "osm:node/1", "--timeout", "600"],
        ["search", "coffee", "--near", "52.3791,4.9003", "--format", "csv"],
        ["search", "Café \"Engel\"", "--format", "geojson"],
        ["providers"],
    ])
    func parses(_ arguments: [String]) throws {
        _ = try Venues.parseAsRoot(arguments)
    }

    @Test(arguments: [
        (["nearby", "--near", "91,0"], "latitude 91.0 is out of range: expected a number from -90 to 90"),
        (["nearby", "--near", "0,181"], "longitude 181.0 is out of range: expected a number from -180 to 180"),
        (["nearby", "--near", "amsterdam"], "expected LAT,LON"),
        (["nearby", "--near", "52.3,"], "expected LAT,LON"),
        (["nearby", "--radius", "0"], "--radius 0 is out of range: expected 1 to 100000 metres"),
        (["nearby", "--radius", "100001"], "expected 1 to 100000 metres"),
        (["nearby", "--radius", "-5"], "expected 1 to 100000 metres"),
        (["nearby", "--limit", "0"], "--limit 0 is too small: expected a whole number of at least 1"),
        (
            ["nearby", "--providers", "fsq,yelp"],
            "'yelp' is not a provider: expected a comma-separated list of fsq, google, osm"
        ),
        (["nearby", "--providers", ""], "expected a comma-separated list"),
        (["nearby", "--providers", "fsq,,osm"], "expected a comma-separated list"),
        (["nearby", "--category", "spaceport"], "--category 'spaceport' is not known: expected one of"),
        (["nearby", "--sort", "price"], "expected distance, name, rating or relevance"),
        (["nearby", "--timeout", "0"], "--timeout"),
        (["nearby", "--timeout", "0.999"], "--timeout 0.999 is out of range: expected 1 to 600 seconds"),
        (["search", "cafe", "--timeout", "600.5"], "--timeout 600.5 is out of range: expected 1 to 600 seconds"),
        (["show", "osm:node/1", "--timeout", "0.5"], "--timeout 0.5 is out of range: expected 1 to 600 seconds"),
        (["show", "osm:node/1", "--timeout", "601"], "--timeout 601.0 is out of range: expected 1 to 600 seconds"),
        (["search", "   "], "TERM is empty"),
        (["nearby", "--near", "-90.5,0"], "latitude -90.5 is out of range: expected a number from -90 to 90"),
        (["nearby", "--near", "0,-180.5"], "longitude -180.5 is out of range: expected a number from -180 to 180"),
        (["nearby", "--near", "nan,0"], "expected a number from -90 to 90"),
        (["nearby", "--near", "0,inf"], "expected a number from -180 to 180"),
        (["nearby", "--radius", "1.5"], "--radius"),
        (["nearby", "--limit", "2.5"], "--limit"),
        (["nearby", "--limit", "-1"], "--limit -1 is too small"),
        (["nearby", "--providers", "osm", "--providers", "yelp"], "'yelp' is not a provider"),
        (["search", "bell\u{07}"], "TERM contains the control character U+0007"),
        (["search", "a\u{1B}[31mred"], "TERM contains the control character U+001B"),
    ])
    func rejectsWithUsageExitCode(_ arguments: [String], _ expected: String) {
        do {
            _ = try Venues.parseAsRoot(arguments)
            Issue.record("\(arguments) parsed although it is invalid")
        } catch {
            #expect(Venues.exitCode(for: error).rawValue == 64, "\(arguments)")
            let message = Venues.message(for: error)
            #expect(message.contains(expected), "\(message)")
        }
    }

    @Test func unknownFormatIsAUsageError() {
        do {
            _ = try Venues.parseAsRoot(["nearby", "--format", "xml"])
            Issue.record("xml is not a format")
        } catch {
            #expect(Venues.exitCode(for: error).rawValue == 64)
            #expect(Venues.message(for: error).contains("table"))
        }
    }

    @Test func providersAreDeduplicatedAndCaseInsensitive() throws {
        let command = try #require(try Venues.parseAsRoot(["nearby", "--providers", "OSM,fsq,osm"]) as? NearbyCommand)
        #expect(try command.query.providerIDs()?.map(\.rawValue) == ["osm", "fsq"])
    }

    @Test func repeatedProvidersOptionsAddUp() throws {
        let arguments = ["nearby", "--providers", "osm", "--providers", "google,fsq", "--providers", "osm"]
        let command = try #require(try Venues.parseAsRoot(arguments) as? NearbyCommand)
        #expect(try command.query.providerIDs()?.map(\.rawValue) == ["osm", "google", "fsq"])
    }

    @Test func completionsOfferTheAcceptedValues() {
        let fish = Venues.completionScript(for: .fish)
        #expect(fish.contains("fsq google osm"), "providers")
        #expect(fish.contains("distance name rating"), "sort")
        #expect(fish.contains("restaurant cafe bar"), "categories")
        #expect(fish.contains("table json geojson csv html"), "formats")
        let bash = Venues.completionScript(for: .bash)
        #expect(bash.contains("search") && bash.contains("favorites"))
    }

    @Test func negativeCoordinatesAreValuesNotOptions() throws {
        let command = try #require(try Venues.parseAsRoot(["nearby", "--near", "-33.8688,-70.5"]) as? NearbyCommand)
        #expect(command.query.center?.latitude == -33.8688)
        #expect(command.query.center?.longitude == -70.5)
    }
}
