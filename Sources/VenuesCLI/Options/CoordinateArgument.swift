import ArgumentParser
import VenuesCore

/// Parses `--near LAT,LON`, as a usage error when malformed or out of range.
enum CoordinateArgument {
    static func parse(_ text: String, option: String = "--near") throws -> Coordinate {
        do {
            return try Coordinate(parsing: text)
        } catch {
            throw ValidationError("\(option): \(error.description)")
        }
    }
}
