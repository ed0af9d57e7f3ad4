package import OSMIndex
package import OSMModel
package import VenuesCore

extension ProviderError {
    /// An OSM file that could not be read, as the provider reports it: a missing file is
    /// ``misconfigured(_:)`` (the setting or argument names nothing), a folder, an unreadable
    /// file or a spill file that failed ``unreachable(_:)``, a malformed file
    /// ``invalidResponse(_:)``; the message is the error's.
    package init(_ error: OSMFileError) {
        switch error {
        case .notFound: self = .misconfigured(error.description)
        case .isDirectory, .unreadable, .readFailed, .temporaryFile: self = .unreachable(error.description)
        case .malformed(let message): self = .invalidResponse(message)
        case .cancelled: self = .cancelled
        }
    }

    /// An index that could not be read, as a search reports it: a bad or missing index is the
    /// caller's ``badRequest(_:)``, a failing disk ``unreachable(_:)``.
    package init(_ error: OSMIndexError) {
        switch error {
        case .source(let error): self.init(error)
        case .cancelled: self = .cancelled
        case .notAnIndex, .newerSchema, .olderSchema, .notFound, .invalidName, .notUpdatable:
            self = .badRequest(error.description)
        case .damaged: self = .invalidResponse(error.description)
        case .write, .temporaryFiles, .busy: self = .unreachable(error.description)
        }
    }
}
