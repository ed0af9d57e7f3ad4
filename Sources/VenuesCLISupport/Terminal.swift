import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Facts about where output goes.
package enum Terminal {
    /// Whether the file descriptor is a terminal.
    package static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// Columns of the terminal on stdout; else `$COLUMNS`; else 120.
    package static func width(environment: [String: String]) -> Int {
        var size = winsize()
        if isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 20 {
            return columns
        }
        return 120
    }
}

/// Writes to standard error.
package enum StandardError {
    package static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
