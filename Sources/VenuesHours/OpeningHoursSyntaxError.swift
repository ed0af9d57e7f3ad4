/// Why an `opening_hours` value could not be read, and where.
///
/// `offset` counts Unicode scalars from 0; `message` says the same place from 1, for people:
/// `expected a time after '-' at character 12`.
public struct OpeningHoursSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Plain words, with the place: "expected a time after '-' at character 12".
    public let message: String
    /// The offset in the text (Unicode scalars, from 0) where reading stopped.
    public let offset: Int

    /// An error `problem` found at `offset`; the message gets the place appended.
    init(_ problem: String, at offset: Int) {
        self.message = "\(problem) at character \(offset + 1)"
        self.offset = offset
    }

    public var description: String { message }
}
