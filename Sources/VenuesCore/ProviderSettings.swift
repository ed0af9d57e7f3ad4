/// One provider's settings as configured: each value with where it came from (`default`, a
/// file's path or an environment variable). Secrets never appear in a description or mirror.
///
/// The configuration loader fills it from the keys a provider's ``ProviderDescriptor`` declares
/// (``ProviderSetting``); the descriptor's factory reads it back by name.
public struct ProviderSettings: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// A value: text, a secret (an API key) or a flag.
    public enum Value: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
        case text(String)
        case secret(String)
        case flag(Bool)
        case count(Int)

        /// The text of a text or secret value.
        public var text: String? {
            switch self {
            case .text(let text), .secret(let text): text
            case .flag, .count: nil
            }
        }

        /// The text, or `<redacted>` for a secret.
        public var description: String {
            switch self {
            case .text(let text): text
            case .secret: "<redacted>"
            case .flag(let flag): flag ? "true" : "false"
            case .count(let count): String(count)
            }
        }

        public var customMirror: Mirror { Mirror(self, children: ["value": description]) }
    }

    /// A value and where it came from.
    public struct Entry: Sendable, Hashable {
        public var value: Value
        public var source: String
    }

    private var entries: [String: Entry] = [:]

    public init() {}

    /// The value of `name` and its source, or `nil` when unset.
    public func entry(_ name: String) -> Entry? { entries[name] }

    /// The text of a text or secret setting, or `nil` when unset.
    public func text(_ name: String) -> String? { entries[name]?.value.text }

    /// A flag setting, or `nil` when unset.
    public func flag(_ name: String) -> Bool? {
        if case .flag(let flag) = entries[name]?.value { flag } else { nil }
    }

    /// A count setting (a whole number, never negative), or `nil` when unset.
    public func count(_ name: String) -> Int? {
        if case .count(let count) = entries[name]?.value { count } else { nil }
    }

    /// Where `name`'s value came from, or `nil` when unset.
    public func source(_ name: String) -> String? { entries[name]?.source }

    /// Sets (or, with `nil`, removes) a value.
    public mutating func set(_ name: String, _ value: Value?, source: String = "set in code") {
        entries[name] = value.map { Entry(value: $0, source: source) }
    }

    /// The names set, sorted.
    public var names: [String] { entries.keys.sorted() }

    /// `name=value (source)` for each setting, secrets as `key from SOURCE`.
    public var description: String {
        names.map { name in
            let entry = entries[name]!
            if case .secret = entry.value { return "\(name): key from \(entry.source)" }
            return "\(name)=\(entry.value)"
        }.joined(separator: ", ")
    }

    public var debugDescription: String { description }

    /// Every setting, secrets as `<redacted>`.
    public var customMirror: Mirror {
        Mirror(self, children: names.map { (label: $0, value: entries[$0]!.value.description as Any) })
    }
}
