import Testing

@testable import VenuesCLI

/// What `venues osm import` and `venues osm list` print for sizes, times and coordinates.
@Suite struct HumanNumbersTests {
    @Test(
        "sizes: bytes under 1 kB, kB under 1 MB, then MB",
        arguments: [
            (0, "0 bytes"), (1, "1 byte"), (812, "812 bytes"), (4096, "4.1 kB"), (12_345, "12 kB"),
            (999_499, "999 kB"), (1_000_000, "1.0 MB"), (10_800_000, "11 MB"), (1_253_000_000, "1253 MB"),
        ]
    )
    func sizes(_ bytes: Int, _ expected: String) {
        #expect(HumanNumbers.size(bytes) == expected)
    }

    @Test(
        "times to two significant figures, whole seconds from 10 s",
        arguments: [
            (0.0, "0 s"), (0.0123, "0.012 s"), (0.049, "0.049 s"), (0.5, "0.50 s"), (1.234, "1.2 s"),
            (9.96, "10 s"), (12.3, "12 s"), (125.4, "125 s"),
        ]
    )
    func times(_ seconds: Double, _ expected: String) {
        #expect(HumanNumbers.seconds(seconds) == expected)
    }

    @Test(
        "coordinates with at most seven decimals and no float noise",
        arguments: [
            (26.93, "26.93"), (26.929_999_900_000_002, "26.9299999"), (24.944_295_000_000_001, "24.944295"),
            (-0.000_000_01, "0"), (60.0, "60"), (-33.123_456_78, "-33.1234568"),
        ]
    )
    func coordinates(_ value: Double, _ expected: String) {
        #expect(HumanNumbers.degrees(value) == expected)
    }

    @Test("digits grouped by three")
    func grouped() {
        #expect(HumanNumbers.grouped(1205) == "1,205")
        #expect(HumanNumbers.grouped(-4_160_000) == "-4,160,000")
        #expect(HumanNumbers.grouped(999) == "999")
    }
}
