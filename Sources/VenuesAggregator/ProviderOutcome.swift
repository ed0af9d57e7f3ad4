public import VenuesCore

/// What one provider did for one query: its venues or its error, and how long it took.
public struct ProviderOutcome: Sendable, Hashable {
    /// The provider asked.
    public var provider: ProviderID
    /// Its answer or its error.
    public var result: Result<ProviderResponse, ProviderError>
    /// Wall time from the call to the answer (or to the deadline), in milliseconds.
    public var milliseconds: Int

    public init(provider: ProviderID, result: Result<ProviderResponse, ProviderError>, milliseconds: Int) {
        self.provider = provider
        self.result = result
        self.milliseconds = milliseconds
    }

    /// The venues, or none when the provider failed.
    public var venues: [Venue] {
        (try? result.get().venues) ?? []
    }

    /// The error, when the provider failed.
    public var error: ProviderError? {
        if case .failure(let error) = result { return error }
        return nil
    }
}
