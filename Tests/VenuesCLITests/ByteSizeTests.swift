import Testing

@testable import VenuesCLI

/// `--max-size` of `venues osm update`: bytes, or k, M, G (powers of 1024), and what is refused.
@Suite struct ByteSizeTests {
    @Test(
        arguments: [
            ("500", 500), ("1k", 1_024), ("2KiB", 2_048), ("500M", 524_288_000), ("1.5G", 1_610_612_736),
            ("3 MB", 3_145_728), ("1g", 1_073_741_824),
        ] as [(String, Int)]
    )
    func sizesAreRead(text: String, bytes: Int) {
        #expect(ByteSize.parse(text) == bytes)
    }

    @Test(arguments: ["", "0", "-5M", "M", "twelve", "1T", "nan", "inf"])
    func nonSizesAreRefused(text: String) {
        #expect(ByteSize.parse(text) == nil)
    }
}
