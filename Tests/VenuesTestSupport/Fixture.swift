public import Foundation

/// Reads test fixtures from a test target's bundled `Fixtures` folder.
public enum Fixture {
    /// The bytes of `Fixtures/<name>` in the given bundle (pass `Bundle.module`).
    public static func data(_ name: String, in bundle: Bundle) throws -> Data {
        guard let url = bundle.url(forResource: "Fixtures/\(name)", withExtension: nil) else {
            throw FixtureError.missing(name)
        }
        return try Data(contentsOf: url)
    }

    /// The text of `Fixtures/<name>` in the given bundle.
    public static func text(_ name: String, in bundle: Bundle) throws -> String {
        String(decoding: try data(name, in: bundle), as: UTF8.self)
    }
}

/// A fixture that is not in the bundle.
public enum FixtureError: Error {
    case missing(String)
}
