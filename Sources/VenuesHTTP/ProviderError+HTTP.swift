public import VenuesCore

extension ProviderError {
    /// The provider error for a transport failure.
    public init(_ error: HTTPClientError) {
        switch error {
        case .unreachable(let detail): self = .unreachable(detail)
        case .timedOut: self = .timedOut
        case .responseTooLarge(let limit): self = .invalidResponse("response larger than \(limit) bytes")
        case .tooManyRedirects: self = .invalidResponse("too many redirects")
        case .transport(let detail): self = .invalidResponse("transfer failed: \(detail)")
        case .cancelled: self = .cancelled
        case .budgetExhausted(let reason): self = .budgetExhausted(reason)
        }
    }
}
