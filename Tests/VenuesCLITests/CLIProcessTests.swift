import Foundation
import Testing

/// The real binary: exit statuses and messages as a user sees them.
@Suite(.timeLimit(.minutes(2)))
struct CLIProcessTests {
    @Test func invalidInputExits64WithAMessage() async throws {
        let home = try VenuesProcess.temporaryHome()
        let output = try await VenuesProcess.run(
            ["nearby", "--near", "95,10"],
            environment: VenuesProcess.environment(home: home)
        )
        #expect(output.status == 64)
        #expect(output.stderr.contains("latitude 95.0 is out of range: expected a number from -90 to 90"))
        #expect(output.stdout.isEmpty)
    }

    @Test func noUsableProviderExits1AndSaysWhichKeysAreMissing() async throws {
        let home = try VenuesProcess.temporaryHome()
        let output = try await VenuesProcess.run(
            ["nearby", "--providers", "fsq,google"],
            environment: VenuesProcess.environment(home: home)
        )
        #expect(output.status == 1)
        #expect(output.stderr.contains("FOURSQUARE_API_KEY is not set"))
        #expect(output.stderr.contains("GOOGLE_PLACES_API_KEY is not set"))
        #expect(!output.stderr.contains("Fatal error"))
    }

    @Test func configuredProvidersWithoutKeysAreNamedWithTheKeyEachNeeds() async throws {
        let home = try VenuesProcess.temporaryHome()
        let file = home.appendingPathComponent("keyless.json")
        try Data(#"{"providers": ["fsq", "google"]}"#.utf8).write(to: file)
        let output = try await VenuesProcess.run(
            ["nearby", "--config", file.path],
            environment: VenuesProcess.environment(home: home)
        )
        #expect(output.status == 1)
        #expect(output.stderr.contains("fsq: FOURSQUARE_API_KEY is not set"), "\(output.stderr)")
        #expect(output.stderr.contains("google: GOOGLE_PLACES_API_KEY is not set"), "\(output.stderr)")
        #expect(!output.stderr.contains("none configured"), "\(output.stderr)")
    }

    @Test func invalidConfigFileExits1NamingIt() async throws {
        let home = try VenuesProcess.temporaryHome()
        let file = home.appendingPathComponent("bad.json")
        try Data("{\"radius\": 0}".utf8).write(to: file)
        let output = try await VenuesProcess.run(
            ["nearby", "--config", file.path],
            environment: VenuesProcess.environment(home: home)
        )
        #expect(output.status == 1)
        #expect(output.stderr.contains(file.path))
        #expect(output.stderr.contains("radius 0 is out of range"))
    }

    @Test func providersCommandShowsSourcesButNeverKeys() async throws {
        let home = try VenuesProcess.temporaryHome()
        let secret = "fsq-secret-key-123456"
        let output = try await VenuesProcess.run(
            ["providers"],
            environment: VenuesProcess.environment(home: home, ["FOURSQUARE_API_KEY": secret])
        )
        #expect(output.status == 0)
        #expect(output.stdout.contains("fsq: usable"))
        #expect(output.stdout.contains("set (from FOURSQUARE_API_KEY)"))
        #expect(output.stdout.contains("google: not usable"))
        #expect(!output.stdout.contains(secret))
        #expect(!output.stderr.contains(secret))
    }
}
