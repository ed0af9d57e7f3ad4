import Configuration
import Synchronization

/// Watches swift-configuration's lookups to learn, for the value just read, which layer gave
/// it and whether it failed to convert (a string where a number belongs).
///
/// The reader's non-throwing getters answer `nil` for a value of the wrong type; the library
/// reports the failure to its access reporter, and this one keeps it so that the loader can
/// turn it into an error naming the file.
final class SettingsAudit: AccessReporter {
    /// What the last lookup found.
    struct Lookup {
        /// The index, in the reader's provider list, of the layer that answered (or failed).
        var layer: Int?
        /// Why the value could not be read, when it could not.
        var failure: (any Error)?
    }

    private let last = Mutex<Lookup>(Lookup())

    func report(_ event: AccessEvent) {
        var lookup = Lookup()
        for (index, providerResult) in event.providerResults.enumerated() {
            switch providerResult.result {
            case .success(let found) where found.value != nil:
                lookup.layer = index
            case .failure(let error):
                lookup.layer = index
                lookup.failure = error
            default:
                continue
            }
            break
        }
        if lookup.failure == nil, let conversion = event.conversionError {
            lookup.failure = conversion
        }
        last.withLock { $0 = lookup }
    }

    /// What the most recent lookup found.
    var lastLookup: Lookup { last.withLock { $0 } }
}
