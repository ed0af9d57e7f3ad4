package import VenuesCompressedFiles

extension OSMFileError {
    /// The same failure, in the words the readers of OSM files use.
    package init(_ error: CompressedFileError) {
        switch error {
        case .notFound(let path): self = .notFound(path: path)
        case .unreadable(let path, let reason): self = .unreadable(path: path, reason: reason)
        case .isDirectory(let path, let format): self = .isDirectory(path: path, format: format)
        case .readFailed(let message): self = .readFailed(message)
        }
    }
}
