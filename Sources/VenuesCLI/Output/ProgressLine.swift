import Foundation
import Synchronization
import VenuesAggregator
import VenuesCLISupport
import VenuesCore
import VenuesOutput

/// One self-rewriting stderr line while providers are pending — only when stderr is a
/// terminal, so that scripts and logs never see it.
final class ProgressLine: Sendable {
    private let enabled: Bool
    private let pending: Mutex<[ProviderID]>

    init(providers: [ProviderID], enabled: Bool) {
        self.enabled = enabled
        self.pending = Mutex(providers)
        show()
    }

    /// Whether a progress line is wanted: both stdout and stderr are a terminal (no progress
    /// when output is piped: docs/architecture.md, "Command line") and logs are not being
    /// written to stderr.
    static func wanted(verbose: Bool) -> Bool {
        !verbose && Terminal.isTerminal(STDOUT_FILENO) && Terminal.isTerminal(STDERR_FILENO)
    }

    /// Marks a provider as finished and redraws.
    func finished(_ outcome: ProviderOutcome) {
        pending.withLock { $0.removeAll { $0 == outcome.provider } }
        show()
    }

    /// Erases the line.
    func clear() {
        guard enabled else { return }
        StandardError.write("\r\u{1B}[K")
    }

    private func show() {
        guard enabled else { return }
        let waiting = pending.withLock { $0 }
        guard !waiting.isEmpty else { return clear() }
        StandardError.write("\r\u{1B}[KWaiting for \(waiting.map(\.rawValue).joined(separator: ", "))…")
    }
}
