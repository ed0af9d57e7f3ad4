import Foundation
public import VenuesCore

/// One of the parameters of ``QueryParameters``.
public enum QueryParameter: String, Sendable, Hashable, CaseIterable {
    case near, radius, term, providers, category, limit, sort, timeout
}

/// Why a ``QueryParameters`` value was refused: which parameter, and what was wrong with it.
///
/// The message names the parameter the caller's way — `--radius` on the command line,
/// `radius` in a URL — and says what is accepted:
/// `message(naming: "radius")` is `radius 0 is out of range: expected 1 to 100000 metres`.
public struct QueryParameterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong.
    public enum Problem: Sendable, Equatable {
        case coordinate(CoordinateError)
        case radiusOutOfRange(Int)
        case limitTooSmall(Int)
        case timeoutOutOfRange(Double)
        case unknownSort(String)
        case unknownCategory(String)
        case emptyProviderName(list: String)
        case unknownProvider(String)
        case emptyTerm
        case termTooLong(Int)
        case controlCharacterInTerm(UInt32)
        /// A value that is not a number of the kind the parameter takes (URLs only: the
        /// command line's parser refuses these itself).
        case notANumber(String, expected: String)
    }

    /// The parameter refused.
    public var parameter: QueryParameter
    /// What was wrong with it.
    public var problem: Problem

    /// An error for `parameter`.
    public init(_ parameter: QueryParameter, _ problem: Problem) {
        self.parameter = parameter
        self.problem = problem
    }

    /// The message with the parameter called `name` (`--radius`, `radius`, `TERM`).
    public func message(naming name: String) -> String {
        let providers = ProviderNames.list
        switch problem {
        case .coordinate(let error):
            return "\(name): \(error.description)"
        case .radiusOutOfRange(let radius):
            return "\(name) \(radius) is out of range: expected 1 to 100000 metres"
        case .limitTooSmall(let limit):
            return "\(name) \(limit) is too small: expected a whole number of at least 1"
        case .timeoutOutOfRange(let timeout):
            return "\(name) \(timeout) is out of range: expected \(VenueQuery.timeoutRangeText)"
        case .unknownSort(let sort):
            return "\(name) '\(sort)' is not known: expected distance, name, rating or relevance"
        case .unknownCategory(let category):
            return
                "\(name) '\(category)' is not known: expected one of \(Category.allCases.map(\.rawValue).joined(separator: ", "))"
        case .emptyProviderName(let list):
            return "\(name) '\(list)' has an empty name: expected a comma-separated list of \(providers)"
        case .unknownProvider(let provider):
            return "\(name): '\(provider)' is not a provider: expected a comma-separated list of \(providers)"
        case .emptyTerm:
            return "\(name) is empty: give the name or kind of place to search for"
        case .termTooLong(let length):
            return "\(name) is \(length) characters long: at most \(QueryParameters.maximumTermLength) are accepted"
        case .controlCharacterInTerm(let value):
            return "\(name) contains the control character \(String(format: "U+%04X", value)): give printable text"
        case .notANumber(let text, let expected):
            return "\(name) '\(text)' is not a number: expected \(expected)"
        }
    }

    /// The message naming the parameter as a URL does (`radius`).
    public var description: String { message(naming: parameter.rawValue) }
}

/// The known providers as a sentence fragment: `fsq, google, osm`.
enum ProviderNames {
    static var list: String { ProviderRegistry.knownIDs.map(\.rawValue).joined(separator: ", ") }
}
