import ArgumentParser
import Foundation
import VenuesCLISupport

/// The program that `venues serve` and `venues mcp` run: `venues-server`, in the directory of the running
/// `venues` (as `swift build` and an install of both leave them).
enum ServerProgram {
    /// The server program's file name.
    static let name = "venues-server"

    /// Where the server program should be: beside this executable (its real file, when `venues`
    /// is run through a symbolic link).
    static func location() -> URL {
        let linked = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let executable =
            linked.path == "/proc/self/exe"
            ? (Bundle.main.executableURL?.resolvingSymlinksInPath() ?? linked) : linked
        return executable.deletingLastPathComponent().appendingPathComponent(name, isDirectory: false)
    }

    /// Replaces this process by the server program with these arguments (same process id,
    /// environment and standard streams, so signals and exit status are the server's own).
    /// Returns only by throwing: exit 1 with a message when the program is missing or cannot run.
    static func replaceProcess(arguments: [String]) throws -> Never {
        let program = location().path
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        execv(program, argv)
        let reason = String(cString: strerror(errno))
        for argument in argv { free(argument) }
        StandardError.write(
            "venues: error: venues serve and venues mcp run \(program), which cannot be started (\(reason)): install \(name) beside venues (swift build -c release builds both)\n"
        )
        throw ExitCode.failure
    }
}
