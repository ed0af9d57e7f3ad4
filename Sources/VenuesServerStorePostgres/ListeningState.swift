import Synchronization

/// What an instance's listener for the other instances' changes has done: how many times it
/// began listening, whether it listens now, and how many changes it heard of and acted on
/// (forgetting the client's kept favourites). Tests wait on it instead of on the clock.
final class ListeningState: Sendable {
    private struct Counts {
        var listening = false
        var starts = 0
        var heard = 0
    }

    private let counts = Mutex(Counts())

    /// Whether it listens now.
    var isListening: Bool { counts.withLock { $0.listening } }
    /// How many times it began listening.
    var starts: Int { counts.withLock { $0.starts } }
    /// How many changes it heard of and acted on.
    var heard: Int { counts.withLock { $0.heard } }

    /// It listens from now on.
    func began() {
        counts.withLock {
            $0.listening = true
            $0.starts += 1
        }
    }

    /// It stopped listening (the connection broke, or the store closes).
    func ended() { counts.withLock { $0.listening = false } }

    /// It acted on a change it heard of.
    func acted() { counts.withLock { $0.heard += 1 } }
}
