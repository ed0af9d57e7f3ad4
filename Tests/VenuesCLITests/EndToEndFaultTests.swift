import Foundation
import Testing
import VenuesTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The `venues` binary against loopback fake providers, all of them at once, with one of them
/// (or all) misbehaving: the answer must still come, with the others' venues, and the failure
/// must be reported with the right kind.
@Suite(.timeLimit(.minutes(2)))
struct EndToEndFaultTests {
    /// The providers, each played by a fake.
    static let kinds: [FakeProvider.Kind] = [.foursquare, .google, .overpass]

    /// Fakes for every provider: `special` answers with `respond`, the others with 3 venues.
    static func fakes(
        special: FakeProvider.Kind? = nil,
        respond: FakeProvider.Responder? = nil
    ) async throws -> FakeProviders {
        var fakes = FakeProviders()
        for kind in kinds {
            let fake =
                if kind == special, let respond {
                    try await FakeProvider.start(kind, respond: respond)
                } else {
                    try await FakeProvider.working(kind)
                }
            switch kind {
            case .foursquare: fakes.foursquare = fake
            case .google: fakes.google = fake
            case .overpass: fakes.overpass = fake
            }
        }
        return fakes
    }

    /// Fakes for every provider but `missing`, which is pointed at `endpoint` instead.
    static func fakes(except missing: FakeProvider.Kind, endpoint: URL) async throws -> FakeProviders {
        var fakes = FakeProviders()
        for kind in kinds where kind != missing {
            let fake = try await FakeProvider.working(kind)
            switch kind {
            case .foursquare: fakes.foursquare = fake
            case .google: fakes.google = fake
            case .overpass: fakes.overpass = fake
            }
        }
        switch missing {
        case .foursquare: fakes.extraEnvironment["VENUES_FOURSQUARE_URL"] = endpoint.absoluteString
        case .google: fakes.extraEnvironment["VENUES_GOOGLE_PLACES_URL"] = endpoint.absoluteString
        case .overpass:
            fakes.extraEnvironment["VENUES_OVERPASS_URL"] =
                endpoint.appendingPathComponent("api/interpreter")
                .absoluteString
        }
        return fakes
    }

    /// `venues nearby --format json` around the fakes' centre, in a fresh sandbox.
    static func nearby(_ fakes: FakeProviders, _ extra: [String] = []) async throws -> EndToEndProcess.Output {
        let home = try VenuesProcess.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        return try await EndToEndProcess.run(
            [
                "nearby", "--near", FakeBodies.near, "--radius", "1000", "--providers", fakes.providerList, "--format",
                "json",
            ] + extra,
            environment: fakes.environment(home: home)
        )
    }

    /// Every provider but `failed` answered with its 3 venues.
    static func expectOthersAnswered(_ result: ResultJSON, except failed: FakeProvider.Kind?) {
        for kind in kinds where kind != failed {
            #expect(result.provider(kind.rawValue)?.status == "ok", "\(kind.rawValue) should have answered")
            #expect(result.venues(from: kind.rawValue).count == 3, "\(kind.rawValue)'s venues should be listed")
        }
    }

    // MARK: 1. slower than --timeout

    @Test(arguments: kinds)
    func providerSlowerThanTheTimeoutIsReportedAsTimedOut(slow: FakeProvider.Kind) async throws {
        // The slow fake holds its answer for up to 60 s, until the test releases it.
        let held = HeldAnswer()
        let fakes = try await Self.fakes(special: slow) { _, request in
            await held.hold(atMost: .seconds(60))
            return .success(slow, count: 3, request: request)
        }
        // 15 s: time enough for the other two to answer on a starved machine.
        let output = try await Self.nearby(fakes, ["--timeout", "15"])
        // The command finished while the answer was still held: it did not wait for it.
        #expect(!held.wasAnswered, "\(output.transcript)")
        held.release()
        await fakes.stop()

        #expect(output.status == 0, "\(output.transcript)")
        let result = try output.json()
        let status = try #require(result.provider(slow.rawValue))
        #expect(status.status == "error")
        #expect(status.error?.kind == "timedOut", "\(output.transcript)")
        #expect(result.venues(from: slow.rawValue).isEmpty)
        // Cut off at its own 15 s deadline: not before it (a timer never fires early), and well
        // before the held answer's 60 s.
        #expect(status.milliseconds >= 14_900, "the slow provider's time: \(status.milliseconds) ms")
        #expect(status.milliseconds < 50_000, "the slow provider's time: \(status.milliseconds) ms")
        Self.expectOthersAnswered(result, except: slow)
        #expect(output.stderr.contains("warning: \(slow.rawValue): "))
        // stderr is not a terminal here: no progress line (carriage returns, escapes) on it.
        #expect(!output.stderr.contains("\r") && !output.stderr.contains("\u{1B}"), "\(output.transcript)")
    }

    // MARK: 2. 429 with Retry-After

    @Test func rateLimitedThenSuccessIsRetriedAfterRetryAfterButOverpassIsNotRetried() async throws {
        var fakes = FakeProviders()
        fakes.foursquare = try await FakeProvider.start(.foursquare) { attempt, request in
            attempt == 1
                ? .tooManyRequests(.foursquare, retryAfter: 1) : .success(.foursquare, count: 3, request: request)
        }
        fakes.google = try await FakeProvider.start(.google) { attempt, request in
            attempt == 1 ? .tooManyRequests(.google, retryAfter: 1) : .success(.google, count: 3, request: request)
        }
        fakes.overpass = try await FakeProvider.start(.overpass) { attempt, request in
            attempt == 1
                ? .tooManyRequests(.overpass, retryAfter: 1) : .success(.overpass, count: 3, request: request)
        }
        let output = try await Self.nearby(fakes)
        await fakes.stop()

        #expect(output.status == 0, "\(output.transcript)")
        let result = try output.json()
        for fake in [fakes.foursquare, fakes.google].compactMap({ $0 }) {
            let requests = await fake.requests
            #expect(requests.count == 2, "\(fake.kind.rawValue): one 429, then one retry")
            #expect(result.provider(fake.kind.rawValue)?.status == "ok", "\(output.transcript)")
            #expect(result.venues(from: fake.kind.rawValue).count == 3)
            if requests.count == 2 {
                let gap = requests[1].receivedAt - requests[0].receivedAt
                #expect(gap >= .milliseconds(900), "\(fake.kind.rawValue) retried after \(gap), before Retry-After: 1")
            }
        }
        // The Overpass operator asks for no quick retry after a 429.
        #expect(await fakes.overpass?.requestCount == 1)
        let status = try #require(result.provider("osm"))
        #expect(status.error?.kind == "rateLimited", "\(output.transcript)")
        #expect(result.venues(from: "osm").isEmpty)
    }

    /// A Retry-After longer than the timeout is not waited for: the provider is reported as
    /// rate limited at once, not at its deadline.
    @Test func retryAfterBeyondTheTimeoutIsReportedAtOnce() async throws {
        var fakes = FakeProviders()
        fakes.foursquare = try await FakeProvider.start(.foursquare) { _, _ in
            .tooManyRequests(.foursquare, retryAfter: 120)
        }
        fakes.google = try await FakeProvider.start(.google) { _, _ in .tooManyRequests(.google, retryAfter: 120) }
        fakes.overpass = try await FakeProvider.working(.overpass)
        let output = try await Self.nearby(fakes, ["--timeout", "60"])
        await fakes.stop()

        let result = try output.json()
        for kind in [FakeProvider.Kind.foursquare, .google] {
            let status = try #require(result.provider(kind.rawValue), "\(output.transcript)")
            #expect(status.error?.kind == "rateLimited", "\(output.transcript)")
            // At once (milliseconds, or seconds when the fakes' process is starved), not at the
            // 60 s deadline nor after 120 s.
            #expect(status.milliseconds < 30_000, "\(output.transcript)")
        }
        #expect(await fakes.foursquare?.requestCount == 1)
        #expect(await fakes.google?.requestCount == 1)
        #expect(output.status == 0, "\(output.transcript)")
        #expect(result.venues(from: "osm").count == 3)
    }

    // MARK: 3. 503 twice, then success

    @Test func serviceUnavailableTwiceThenSuccessIsRetried() async throws {
        var fakes = FakeProviders()
        fakes.foursquare = try await FakeProvider.start(.foursquare) { attempt, request in
            attempt <= 2 ? .unavailable(.foursquare) : .success(.foursquare, count: 3, request: request)
        }
        fakes.google = try await FakeProvider.start(.google) { attempt, request in
            attempt <= 2 ? .unavailable(.google) : .success(.google, count: 3, request: request)
        }
        // Overpass retries a 5xx once (two attempts in all, a second or more apart).
        fakes.overpass = try await FakeProvider.start(.overpass) { attempt, request in
            attempt <= 1 ? .unavailable(.overpass) : .success(.overpass, count: 3, request: request)
        }
        let output = try await Self.nearby(fakes)
        await fakes.stop()

        #expect(output.status == 0, "\(output.transcript)")
        let result = try output.json()
        #expect(await fakes.foursquare?.requestCount == 3)
        #expect(await fakes.google?.requestCount == 3)
        #expect(await fakes.overpass?.requestCount == 2)
        Self.expectOthersAnswered(result, except: nil)
        #expect(!output.stderr.contains("warning:"), "\(output.transcript)")
    }

    /// Overpass is a shared free service: it gets one retry, not two.
    @Test func overpassGivesUpAfterOneRetry() async throws {
        let fakes = try await Self.fakes(special: .overpass) { _, _ in .unavailable(.overpass) }
        let output = try await Self.nearby(fakes)
        await fakes.stop()

        #expect(output.status == 0, "\(output.transcript)")
        #expect(await fakes.overpass?.requestCount == 2)
        let result = try output.json()
        #expect(result.provider("osm")?.error?.kind == "server", "\(output.transcript)")
        Self.expectOthersAnswered(result, except: .overpass)
    }

    // MARK: 4. invalid JSON / XML

    @Test(arguments: kinds)
    func invalidBodyIsAnInvalidResponse(broken: FakeProvider.Kind) async throws {
        let fakes = try await Self.fakes(special: broken) { _, _ in
            switch broken {
            case .foursquare:
                .json(#"{"results": [ {"fsq_place_id": "e2e", "name": "Half"#)
            case .google:
                .json("<html><body>Not JSON at all</body></html>")
            case .overpass:
                .data(
                    Data(
                        #"<?xml version="1.0"?><osm version="0.6"><node id="1" lat="60.17" lon="24.94"><tag k="name" v="Broken"></osm>"#
                            .utf8
                    ),
                    contentType: "application/osm3s+xml"
                )
            }
        }
        let output = try await Self.nearby(fakes)
        await fakes.stop()

        #expect(output.status == 0, "\(output.transcript)")
        let result = try output.json()
        #expect(result.provider(broken.rawValue)?.error?.kind == "invalidResponse", "\(output.transcript)")
        #expect(result.venues(from: broken.rawValue).isEmpty)
        Self.expectOthersAnswered(result, except: broken)
    }

    // MARK: 5. truncated body

    @Test(arguments: kinds)
    func truncatedBodyIsAnInvalidResponse(truncated: FakeProvider.Kind) async throws {
        let full: String
        let contentType: String
        switch truncated {
        case .foursquare: (full, contentType) = (FakeBodies.foursquareSearch(count: 3), "application/json")
        case .google: (full, contentType) = (FakeBodies.googleSearch(count: 3), "application/json")
        case .overpass: (full, contentType) = (FakeBodies.overpass(count: 3), "application/osm3s+xml")
        }
        let bytes = Data(full.utf8)
        let raw = try RawTCPServer(
            reply: .truncated(
                contentType: contentType,
                declaredLength: bytes.count,
                body: bytes.prefix(bytes.count / 2)
            )
        )
        let fakes = try await Self.fakes(except: truncated, endpoint: raw.baseURL)
        let output = try await Self.nearby(fakes)
        raw.stop()
        await fakes.stop()

        #expect(output.status == 0, "\(output.transcript)")
        #expect(!raw.requests.isEmpty, "the truncating server was never asked")
        let result = try output.json()
        let error = try #require(result.provider(truncated.rawValue)?.error, "\(output.transcript)")
        #expect(error.kind == "invalidResponse", "\(output.transcript)")
        #expect(error.message.lowercased().contains("partial"), "\(error.message)")
        #expect(result.venues(from: truncated.rawValue).isEmpty)
        Self.expectOthersAnswered(result, except: truncated)
    }

    // MARK: 6. a 60 MB body

    @Test(arguments: kinds)
    func sixtyMegabyteBodyIsCappedWithBoundedMemory(huge: FakeProvider.Kind) async throws {
        let length = 60 * 1024 * 1024
        let contentType = huge == .overpass ? "application/osm3s+xml" : "application/json"
        let raw = try RawTCPServer(reply: .huge(contentType: contentType, length: length, filler: UInt8(ascii: " ")))
        let fakes = try await Self.fakes(except: huge, endpoint: raw.baseURL)
        let output = try await Self.nearby(fakes, ["--timeout", "30"])
        raw.stop()
        await fakes.stop()

        #expect(output.status == 0, "\(output.transcript)")
        let result = try output.json()
        let error = try #require(result.provider(huge.rawValue)?.error, "\(output.transcript)")
        #expect(error.kind == "invalidResponse", "\(output.transcript)")
        #expect(error.message.contains("larger than"), "the message should name the size limit: \(error.message)")
        Self.expectOthersAnswered(result, except: huge)
        // The client stopped reading at its cap: the server could not send the whole body.
        #expect(raw.bodyBytesWritten.allSatisfy { $0 < length }, "\(raw.bodyBytesWritten)")
        // Memory stays bounded by the cap: far below what holding the 60 MB body would take on
        // top of the resident size of an ordinary run (measured here, same build).
        let peak = try #require(output.peakResidentKiB, "VmHWM could not be read")
        let ordinaryFakes = try await Self.fakes()
        let ordinary = try await Self.nearby(ordinaryFakes)
        await ordinaryFakes.stop()
        let baseline = try #require(ordinary.peakResidentKiB)
        #expect(peak < baseline + 56 * 1024, "peak RSS \(peak) KiB, an ordinary run \(baseline) KiB")
        #expect(peak < 200 * 1024, "peak RSS \(peak) KiB")
        // Not RUSAGE_CHILDREN's ru_maxrss: posix_spawn starts children with CLONE_VM, so until
        // exec a child's resident size is the test process's own (about 215 MB with the whole
        // suite in flight), whichever child it was.
    }

    // MARK: 7. connection refused

    @Test(arguments: kinds)
    func connectionRefusedIsUnreachable(refused: FakeProvider.Kind) async throws {
        let refusing = try RefusingPort()
        defer { refusing.close() }
        let fakes = try await Self.fakes(except: refused, endpoint: refusing.url())
        let output = try await Self.nearby(fakes, ["--timeout", "60"])
        await fakes.stop()

        #expect(output.status == 0, "\(output.transcript)")
        let result = try output.json()
        let status = try #require(result.provider(refused.rawValue), "\(output.transcript)")
        #expect(status.error?.kind == "unreachable", "\(output.transcript)")
        Self.expectOthersAnswered(result, except: refused)
        // Reported after a few quick retries (about a second), not at the 60 s deadline.
        #expect(status.milliseconds < 30_000, "\(output.transcript)")
    }

    // MARK: 8. every provider failing

    @Test func everyProviderFailingExits1WithOneLinePerProvider() async throws {
        var fakes = FakeProviders()
        fakes.foursquare = try await FakeProvider.start(.foursquare) { _, _ in
            .json(FakeBodies.foursquareError("This request token is not valid."), status: 401)
        }
        fakes.google = try await FakeProvider.start(.google) { _, _ in
            .json(
                FakeBodies.googleError(code: 400, status: "INVALID_ARGUMENT", message: "Invalid radius."),
                status: 400
            )
        }
        fakes.overpass = try await FakeProvider.start(.overpass) { _, _ in
            .data(Data("<osm version=\"0.6\"><node".utf8), contentType: "application/osm3s+xml")
        }
        let output = try await Self.nearby(fakes)
        await fakes.stop()

        #expect(output.status == 1, "\(output.transcript)")
        let lines = output.stderr.split(separator: "\n").map(String.init)
        for kind in Self.kinds {
            let mine = lines.filter { $0.hasPrefix("warning: \(kind.rawValue): ") }
            #expect(mine.count == 1, "one line for \(kind.rawValue): \(output.transcript)")
        }
        #expect(lines.filter { $0.hasPrefix("warning: ") }.count == Self.kinds.count, "\(output.transcript)")
        #expect(output.stderr.contains("FOURSQUARE_API_KEY"), "a 401 names the variable to check")
        let result = try output.json()
        #expect(result.venues.isEmpty)
        #expect(result.providers.allSatisfy { $0.status == "error" })
        #expect(result.provider("fsq")?.error?.kind == "unauthorized")
        #expect(result.provider("google")?.error?.kind == "badRequest")
    }
}
