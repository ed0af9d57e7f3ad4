import Foundation
import OSMIndex
import OSMModel
import OvertureProvider
import VenuesCore
import VenuesTestSupport

/// What the Overture tests share: the fixtures, the place they lie around, imports into scratch
/// folders.
enum OvertureTest {
    /// Helsinki's centre, among the fixtures' places.
    static let helsinki = try! Coordinate(latitude: 60.1690, longitude: 24.9410)

    /// A fixture's file.
    static func fixture(_ name: String) throws -> URL {
        guard let url = Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil) else {
            throw FixtureError.missing(name)
        }
        return url
    }

    /// The id of the `n`th fixture place (`0a1b2c3d-…-00000000000n`).
    static func id(_ number: Int) throws -> VenueID {
        try VenueID(provider: .overture, native: String(format: "0a1b2c3d-0000-4000-8000-%012d", number))
    }

    /// Imports a fixture into `NAME.sqlite` of `folder`.
    static func importFixture(
        _ name: String,
        into folder: URL,
        as indexName: String = "helsinki"
    ) async throws -> OSMImportSummary {
        let file = try fixture(name)
        let destination = folder.appendingPathComponent("\(indexName).sqlite")
        return try await offCooperativePool { () throws(OSMIndexError) in
            try OvertureImport.run(file: file, destination: destination, generator: "venues tests")
        }
    }

    /// A provider answering from the indexes of `folder` only.
    static func provider(
        directory: URL,
        minimumConfidence: Double = OvertureProvider.Configuration.defaultMinimumConfidence,
        includeClosed: Bool = false
    ) -> OvertureProvider {
        OvertureProvider(
            configuration: .init(
                indexDirectory: directory,
                minimumConfidence: minimumConfidence,
                includeClosed: includeClosed
            )
        )
    }
}
