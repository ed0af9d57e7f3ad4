/// A promise of ``VenuesServerStore/ServerStore`` that a store broke, found by
/// ``ServerStoreConformance``.
public struct ServerStoreConformanceFailure: Error, Sendable, CustomStringConvertible {
    /// The check that found it.
    public var check: ServerStoreConformance.Check
    /// What went wrong.
    public var message: String

    public init(_ check: ServerStoreConformance.Check, _ message: String) {
        self.check = check
        self.message = message
    }

    public var description: String { "\(check): \(message)" }
}
