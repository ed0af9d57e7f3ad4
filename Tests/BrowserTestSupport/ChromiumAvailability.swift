public import Foundation
import VenuesTestSupport

/// Where the browser tests find Chromium, and what they do without it.
///
/// `scripts/test` (run by `.ci/run`) installs Debian's `chromium` when it is missing. Where it
/// still cannot be found, the browser tests are skipped with a loud message on standard error —
/// except in CI (`CI=true`), where a missing browser fails them.
public enum ChromiumAvailability {
    /// `$VENUES_CHROMIUM` (none when that is not an executable), else the first of `chromium`,
    /// `chromium-browser`, `google-chrome` on the `PATH`.
    public static let executable: URL? = {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["VENUES_CHROMIUM"], !path.isEmpty {
            return FileManager.default.isExecutableFile(atPath: path) ? URL(fileURLWithPath: path) : nil
        }
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for directory in directories {
                let candidate = URL(fileURLWithPath: directory).appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            }
        }
        return nil
    }()

    /// True when the tests run in CI, where a missing browser is a failure.
    public static var isCI: Bool { TestEnvironment.isCI }

    /// The message a skipped browser test prints.
    public static func skipMessage(_ test: String) -> String {
        """

        ************************************************************************************
        *  SKIPPED \(test): Chromium is not installed, so this browser test did not run.
        *  Install Debian's `chromium` (scripts/test does it with apt-get) or set
        *  VENUES_CHROMIUM to a Chromium binary. In CI (CI=true) this is a failure.
        ************************************************************************************

        """
    }
}
