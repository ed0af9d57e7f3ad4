import Foundation
import Testing

@testable import VenuesFiles

@Suite("DataDirectories: where favourites, cache and configuration live")
struct FavoritesDirectoriesTests {
    @Test("with only HOME: ~/.local/share/venues, ~/.cache/venues, ~/.config/venues/config.json")
    func homeDefaults() throws {
        let directories = try DataDirectories(environment: ["HOME": "/home/ada"])
        #expect(directories.data.path == "/home/ada/.local/share/venues")
        #expect(directories.cache.path == "/home/ada/.cache/venues")
        #expect(directories.configFile.path == "/home/ada/.config/venues/config.json")
        #expect(directories.favoritesFile.path == "/home/ada/.local/share/venues/favorites.json")
        #expect(directories.responseCache.path == "/home/ada/.cache/venues/responses")
    }

    @Test("XDG variables move each location")
    func xdg() throws {
        let directories = try DataDirectories(environment: [
            "HOME": "/home/ada",
            "XDG_DATA_HOME": "/data",
            "XDG_CACHE_HOME": "/var/cache/ada",
            "XDG_CONFIG_HOME": "/etc/ada",
        ])
        #expect(directories.data.path == "/data/venues")
        #expect(directories.cache.path == "/var/cache/ada/venues")
        #expect(directories.configFile.path == "/etc/ada/venues/config.json")
    }

    @Test("VENUES_DATA_DIR wins over XDG_DATA_HOME, and is used as it is")
    func venuesDataDir() throws {
        let directories = try DataDirectories(environment: [
            "HOME": "/home/ada", "XDG_DATA_HOME": "/data", "VENUES_DATA_DIR": "/srv/venues-data",
        ])
        #expect(directories.data.path == "/srv/venues-data")
        #expect(directories.cache.path == "/home/ada/.cache/venues")
    }

    @Test("empty variables count as unset; relative XDG paths are ignored, as the specification says")
    func emptyAndRelative() throws {
        let directories = try DataDirectories(environment: [
            "HOME": "/home/ada", "VENUES_DATA_DIR": "", "XDG_DATA_HOME": "relative/data",
            "XDG_CACHE_HOME": "", "XDG_CONFIG_HOME": "./config",
        ])
        #expect(directories.data.path == "/home/ada/.local/share/venues")
        #expect(directories.cache.path == "/home/ada/.cache/venues")
        #expect(directories.configFile.path == "/home/ada/.config/venues/config.json")
    }

    @Test("without HOME, the home directory comes from the password database")
    func passwordDatabase() throws {
        let directories = try DataDirectories(environment: [:])
        #expect(directories.data.path.hasPrefix("/"))
        #expect(directories.data.path.hasSuffix("/.local/share/venues"))
        let home = String(directories.data.path.dropLast("/.local/share/venues".count))
        #expect(directories.cache.path == home + "/.cache/venues")
        #expect(FileManager.default.fileExists(atPath: home.isEmpty ? "/" : home))
    }

    @Test("everything set explicitly needs no home directory")
    func noHomeNeeded() throws {
        let directories = try DataDirectories(environment: [
            "VENUES_DATA_DIR": "/d", "XDG_CACHE_HOME": "/c", "XDG_CONFIG_HOME": "/k",
        ])
        #expect(directories.data.path == "/d")
        #expect(directories.cache.path == "/c/venues")
        #expect(directories.configFile.path == "/k/venues/config.json")
    }
}
