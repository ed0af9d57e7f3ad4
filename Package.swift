// swift-tools-version:6.1
import PackageDescription

/// How the two programs are linked. Start-up is most of a query answered from a local index, so
/// they are linked to load quickly: with lld (in the toolchain) packing the relative relocations
/// (RELR: `venues` had 130,000, 3.1 MB of relocation entries, now 46 kB) and without exporting
/// the Swift symbols (42,000), which the dynamic loader otherwise hashes and searches for every
/// library's symbol. `venues --version` took 15.3 ms with the default gold link, 12.3 ms so
/// (`hyperfine -N`, release build).
let quickStartLinkerSettings: [LinkerSetting] = [
    .unsafeFlags(
        ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic"],
        .when(platforms: [.linux])
    )
]

// MARK: - C shims

// C libraries, reached through small typed shims; imported `internal` by the one target that uses
// each.
let cShims: [Target] = [
    // CCurl: headers only; libcurl itself is loaded at run time when a transfer needs it
    // (see Sources/CCurl/shim.h), so no pkg-config link flags.
    .systemLibrary(
        name: "CCurl",
        providers: [.apt(["libcurl4-openssl-dev"])]
    ),
    .systemLibrary(
        name: "CLibXML2",
        pkgConfig: "libxml-2.0",
        providers: [.apt(["libxml2-dev"])]
    ),
    .systemLibrary(
        name: "CSQLite",
        pkgConfig: "sqlite3",
        providers: [.apt(["libsqlite3-dev"])]
    ),
    .systemLibrary(
        name: "CZlib",
        pkgConfig: "zlib",
        providers: [.apt(["zlib1g-dev"])]
    ),
    // libbz2 has no pkg-config file on Debian; its header and library are on the default paths.
    .systemLibrary(
        name: "CBZip2",
        providers: [.apt(["libbz2-dev"])]
    ),
]

// MARK: - Core

// The core: the contract every provider implements, HTTP, files on disk, SQLite.
let core: [Target] = [
    // The contract every provider implements.
    .target(name: "VenuesCore"),
    // libcurl behind the `HTTPClient` protocol.
    .target(
        name: "VenuesHTTP",
        dependencies: ["VenuesCore", "CCurl"]
    ),
    // Files on disk: where they live (XDG), locks, atomic replacement.
    .target(name: "VenuesFiles"),
    // SQLite through the system library: a small typed layer, for the OSM index and stores.
    .target(
        name: "VenuesSQLite",
        dependencies: ["CSQLite"]
    ),
]

// MARK: - OpenStreetMap

// OpenStreetMap: what an element is and which elements are venues, reading OSM files (XML, PBF),
// the local index, following a replication feed.
let openStreetMap: [Target] = [
    // A file's bytes as they are or decompressed on the fly (gzip with zlib, bzip2), told by its
    // first bytes: what the OSM XML reader and the Overture GeoJSON reader read.
    .target(
        name: "VenuesCompressedFiles",
        dependencies: ["CZlib", "CBZip2"]
    ),
    // What an element is and which elements are venues: shared by the readers, the index and
    // the provider.
    .target(
        name: "OSMModel",
        dependencies: ["VenuesCore", "VenuesCompressedFiles"]
    ),
    // The one spill file of a pass over an OSM file: node positions and way node lists set aside
    // on disk, by the import and the extract search alike.
    .target(name: "OSMSpill", dependencies: ["OSMModel"]),
    // OSM files, a folder per format: `XML/` (`.osm`, `.osm.gz`, `.osm.bz2`, with libxml2),
    // `PBF/` (`.osm.pbf`: blocks decoded on every core, handed over in file order); one opener,
    // format detection (`OSMExtractFile`) and the spill file of a pass.
    .target(
        name: "OSMFiles",
        dependencies: ["OSMModel", "VenuesCore", "VenuesCompressedFiles", "CLibXML2", "CZlib"]
    ),
    // The local OpenStreetMap index: an extract imported once into SQLite, searched offline.
    .target(
        name: "OSMIndex",
        dependencies: ["OSMModel", "OSMSpill", "VenuesCore", "VenuesFiles", "VenuesHours", "VenuesSQLite"]
    ),
    // Following a replication feed (planet.osm.org `replication/minute|hour|day`, Geofabrik's
    // `-updates/`): its state files and change files over HTTP, and the sequence of a time.
    .target(
        name: "OSMReplication",
        dependencies: ["VenuesCore", "VenuesHTTP", "VenuesFiles"]
    ),
]

// MARK: - Providers

// Providers, one folder each under Providers/, one line each here: the line makes the provider's
// target (`NAMEProvider`, in `Providers/NAME`), its library product, its tests
// (`Tests/NAMEProviderTests`, with their `Fixtures`) and its place in `VenuesEngine`, which lists
// the descriptors, and in the programs. Each depends on the core and the HTTP client (the OSM and
// Overture providers also on the OSM rooms above).
struct ProviderPackage {
    /// `Foursquare`: the folder under Providers/, the target `FoursquareProvider`.
    let folder: String
    let dependencies: [Target.Dependency]
    /// What its tests use besides the provider.
    let testDependencies: [Target.Dependency]

    var target: String { folder + "Provider" }
}

let providerPackages = [
    ProviderPackage(
        folder: "Foursquare",
        dependencies: ["VenuesCore", "VenuesHTTP"],
        testDependencies: ["VenuesTestKit", "VenuesTestSupport"]
    ),
    ProviderPackage(
        folder: "GooglePlaces",
        dependencies: ["VenuesCore", "VenuesHTTP"],
        testDependencies: ["VenuesTestKit", "VenuesTestSupport"]
    ),
    ProviderPackage(
        folder: "Overpass",
        dependencies: ["VenuesCore", "VenuesHTTP", "OSMModel", "OSMSpill", "OSMFiles", "OSMIndex"],
        testDependencies: [
            "OSMModel", "OSMSpill", "OSMFiles", "OSMIndex", "OSMPBFTestSupport", "VenuesTestKit", "VenuesTestSupport",
        ]
    ),
    // Overture Maps places: imported on the OSM index engine, read offline.
    ProviderPackage(
        folder: "Overture",
        dependencies: ["VenuesCore", "VenuesHTTP", "OSMModel", "VenuesCompressedFiles", "OSMIndex"],
        testDependencies: ["OSMModel", "OSMIndex", "VenuesCore", "VenuesMerge", "VenuesTestKit", "VenuesTestSupport"]
    ),
]

let providers: [Target] = providerPackages.map { provider in
    .target(
        name: provider.target,
        dependencies: provider.dependencies,
        path: "Providers/\(provider.folder)",
        exclude: ["README.md"]
    )
}

/// The providers, as a dependency of the targets that list them all.
let everyProvider: [Target.Dependency] = providerPackages.map { .target(name: $0.target) }

// MARK: - Merge and output

// Merge, favourites, configuration and output: what turns providers' answers into one listing, and
// the set-up the two programs share.
let mergeAndOutput: [Target] = [
    // The merge: records of the same place from several providers become one.
    .target(
        name: "VenuesMerge",
        dependencies: ["VenuesCore"]
    ),
    // The favourites store. It knows nothing of the merge, nor the merge of it.
    .target(
        name: "VenuesFavorites",
        dependencies: ["VenuesCore", "VenuesFiles"]
    ),
    // Settings: defaults, files, environment.
    .target(
        name: "VenuesConfig",
        dependencies: [
            "VenuesCore", "VenuesFiles",
            .product(name: "Configuration", package: "swift-configuration"),
            .product(name: "SystemPackage", package: "swift-system"),
        ]
    ),
    // The fan-out: asks providers concurrently, then merges, marks favourites, sorts.
    .target(
        name: "VenuesAggregator",
        dependencies: ["VenuesCore", "VenuesMerge", "VenuesFavorites"]
    ),
    // Opening hours: OpenStreetMap's `opening_hours` read and evaluated (every source's hours
    // are written in it), public holidays, sun times; no provider and nothing of the package.
    .target(name: "VenuesHours"),
    // A venue's time zone from its position, offline: timezone-boundary-builder's polygons (ODbL)
    // compacted into a quadtree compiled in as a base64 string literal (docs/time-zones.md).
    .target(name: "VenuesTimeZones"),
    // A venue's opening state: its sources' hours in its zone, the order of trust, the filter.
    .target(
        name: "VenuesOpenState",
        dependencies: ["VenuesCore", "VenuesHours", "VenuesTimeZones", "VenuesAggregator", "VenuesMerge"]
    ),
    // The one list of providers (`ProviderRegistry.standard`) and configuration → providers:
    // the set-up the CLI and the server share.
    .target(
        name: "VenuesEngine",
        dependencies: ["VenuesCore", "VenuesHTTP", "VenuesConfig"] + everyProvider
    ),
    // What a listing shows: the document the CLI prints and the server answers, with provider
    // text sanitised, in JSON, GeoJSON, CSV and the HTML map page. Attribution comes from the
    // `ProviderCatalog` it is handed: it knows no provider. The map page's scripts and style are
    // files of their own (`Page/`), compiled into the binary.
    .target(
        name: "VenuesOutput",
        dependencies: ["VenuesCore", "VenuesAggregator", "VenuesMerge", "VenuesFavorites", "VenuesOpenState"],
        resources: [
            "map-highlight.js", "map-page.css", "served-core.js", "served-map-drawing.js", "served-map-motion.js",
            "served-venues.js", "served-details.js", "served-form.js",
        ].map { .embedInCode("Page/\($0)") }
    ),
    // The tools an assistant calls over the Model Context Protocol (`venues mcp`, the server's
    // `/mcp`): their schemas, their arguments checked by the CLI's rules, their answers; what
    // answers them is a backend each program brings.
    .target(
        name: "VenuesMCP",
        dependencies: [
            "VenuesCore", "VenuesConfig", "VenuesEngine", "VenuesFavorites", "VenuesOpenState",
            .product(name: "MCP", package: "swift-sdk"),
        ]
    ),
    // For provider authors: an in-memory provider and the provider conformance suite.
    .target(
        name: "VenuesTestKit",
        dependencies: ["VenuesCore"]
    ),
]

// MARK: - Server

// The server (`venues serve`): its store, behind a protocol with one target per database, and the
// HTTP API.
let server: [Target] = [
    // What `venues serve` keeps: tokens, per-client favourites, the response cache (protocol).
    .target(
        name: "VenuesServerStore",
        dependencies: ["VenuesCore", "VenuesFavorites"]
    ),
    // The embedded default: one SQLite file (WAL), queries on threads of their own.
    .target(
        name: "VenuesServerStoreSQLite",
        dependencies: ["VenuesServerStore", "VenuesCore", "VenuesFavorites", "VenuesSQLite"]
    ),
    // The shared one: PostgreSQL through postgres-nio's connection pool, for several instances.
    .target(
        name: "VenuesServerStorePostgres",
        dependencies: [
            "VenuesServerStore", "VenuesCore", "VenuesFavorites",
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "_ConnectionPoolModule", package: "postgres-nio"),
            .product(name: "Logging", package: "swift-log"),
        ]
    ),
    // `venues serve`: the engine over HTTP (Hummingbird), for many clients, keys kept on the server.
    .target(
        name: "VenuesServer",
        dependencies: [
            "VenuesCore", "VenuesHTTP", "VenuesConfig", "VenuesEngine", "VenuesAggregator", "VenuesMerge",
            "VenuesFavorites", "VenuesOutput", "VenuesServerStore", "VenuesServerStoreSQLite",
            "VenuesServerStorePostgres", "VenuesOpenState", "VenuesHours", "VenuesMCP",
            .product(name: "MCP", package: "swift-sdk"),
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "CoreMetrics", package: "swift-metrics"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "Crypto", package: "swift-crypto"),
        ],
        resources: [.embedInCode("Resources/openapi.json")]
    ),
]

// MARK: - Executables

// The two programs, and what they share.
let executables: [Target] = [
    // What the two programs share: the global options, the command context (configuration,
    // directories, logging, the HTTP stack) and the one-line failure.
    .target(
        name: "VenuesCLISupport",
        dependencies: [
            "VenuesCore",
            "VenuesHTTP",
            "VenuesFiles",
            "VenuesFavorites",
            "VenuesConfig",
            "VenuesEngine",
            "VenuesMerge",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]
    ),
    // What the commands run for one user, in either program: the providers of a listing behind
    // the recording and budget clients, the local budgets, one place found by id.
    .target(
        name: "VenuesCLIRuntime",
        dependencies: [
            "VenuesCLISupport", "VenuesCore", "VenuesHTTP", "VenuesFiles", "VenuesConfig", "VenuesAggregator",
            "VenuesMerge", "VenuesFavorites", "VenuesEngine", "VenuesOutput",
        ]
    ),
    // The command-line tool.
    .executableTarget(
        name: "VenuesCLI",
        dependencies: [
            "VenuesCLISupport",
            "VenuesCLIRuntime",
            "VenuesCore",
            "VenuesHTTP",
            "VenuesFiles",
            "VenuesMerge",
            "VenuesFavorites",
            "VenuesConfig",
            "VenuesAggregator",
            "VenuesEngine",
            "VenuesOutput",
            "VenuesHours",
            "VenuesOpenState",
            "VenuesTimeZones",
        ] + everyProvider + [
            "OSMModel",
            "OSMFiles",
            "OSMIndex",
            "OSMReplication",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ],
        linkerSettings: quickStartLinkerSettings
    ),
    // `venues serve`, a program of its own (`venues-server`, run by `venues serve`): the HTTP
    // server, its stores and TLS stay out of the binary started for every one-shot query.
    .executableTarget(
        name: "VenuesServerCLI",
        dependencies: [
            "VenuesCLISupport",
            "VenuesCLIRuntime",
            "VenuesMCP",
            "VenuesAggregator",
            "VenuesEngine",
            "VenuesFavorites",
            "VenuesMerge",
            "VenuesOpenState",
            "VenuesOutput",
            "VenuesCore",
            "VenuesHTTP",
            "VenuesFiles",
            "VenuesServer",
            "VenuesServerStore",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ],
        linkerSettings: quickStartLinkerSettings
    ),
]

// MARK: - Tools

// Release-mode tools in no product, never run by the tests (`swift run -c release NAME`): the
// import benchmark and the merge evaluation. They reach package-internal APIs and the test-only
// evaluation harness, so they stay here; the other benchmarks are a package of their own
// (Benchmarks/Package.swift), which `swift build` of this package does not build.
let tools: [Target] = [
    .executableTarget(
        name: "PBFBenchmark",
        dependencies: ["OSMFiles", "OSMModel", "OSMIndex", "OverpassProvider", "VenuesCore"],
        path: "Tools/PBFBenchmark"
    ),
    .executableTarget(
        name: "DedupeEvaluation",
        dependencies: ["VenuesMerge", "VenuesMergeEvaluation", "VenuesCore"],
        path: "Tools/DedupeEvaluation"
    ),
]

// MARK: - Test support

// Test support: targets the tests share, shipped in no product.
let testSupport: [Target] = [
    // Test support: a loopback HTTP server and fixture loading, shared by the test targets.
    .target(
        name: "VenuesTestSupport",
        dependencies: [
            "VenuesCore",
            .product(name: "FlyingFox", package: "FlyingFox"),
        ],
        path: "Tests/VenuesTestSupport"
    ),
    // The labelled deduplication set's scoring: used by tests and the evaluation tool, shipped
    // in no product.
    .target(
        name: "VenuesMergeEvaluation",
        dependencies: ["VenuesCore", "VenuesMerge"],
        path: "Tests/VenuesMergeEvaluation"
    ),
    // The server's tests: an in-memory store, a raw HTTP client, fake providers on loopback.
    .target(
        name: "VenuesServerTestSupport",
        dependencies: ["VenuesCore", "VenuesFavorites", "VenuesServerStore", "VenuesTestSupport"],
        path: "Tests/VenuesServerTestSupport"
    ),
    // The server store's conformance suite, run against every store; shipped in no product.
    .target(
        name: "VenuesServerStoreTestSupport",
        dependencies: ["VenuesServerStore", "VenuesCore", "VenuesFavorites"],
        path: "Tests/VenuesServerStoreTestSupport"
    ),
    // The tests' headless browser: Chromium over the DevTools protocol, and a PNG reader for
    // its screenshots.
    .target(
        name: "BrowserTestSupport",
        dependencies: ["CZlib", "VenuesTestSupport"],
        path: "Tests/BrowserTestSupport"
    ),
    // The tests' own PBF writer, shared by the tests that read PBF.
    .target(
        name: "OSMPBFTestSupport",
        dependencies: ["OSMModel", "OSMFiles", "CZlib"],
        path: "Tests/OSMPBFTestSupport"
    ),
]

// MARK: - Tests

// Tests: one target per target, and the package's own checks (layout, documentation).
/// Each provider's tests.
let providerTests: [Target] = providerPackages.map { provider in
    .testTarget(
        name: provider.target + "Tests",
        dependencies: [.target(name: provider.target)] + provider.testDependencies,
        resources: [.copy("Fixtures")]
    )
}

let tests: [Target] = [
    .testTarget(name: "PackageLayoutTests"),
    .testTarget(name: "VenuesCoreTests", dependencies: ["VenuesCore", "VenuesTestSupport"]),
    .testTarget(name: "VenuesHoursTests", dependencies: ["VenuesHours", "VenuesTestSupport"]),
    .testTarget(
        name: "VenuesTimeZonesTests",
        dependencies: ["VenuesTimeZones", "VenuesTestSupport"],
        resources: [.copy("Fixtures")]
    ),
    .testTarget(
        name: "VenuesOpenStateTests",
        dependencies: [
            "VenuesOpenState", "VenuesHours", "VenuesCore", "VenuesAggregator", "VenuesMerge", "VenuesTestSupport",
        ]
    ),
    .testTarget(
        name: "VenuesHTTPTests",
        dependencies: ["VenuesHTTP", "VenuesTestSupport"]
    ),
    .testTarget(name: "VenuesFilesTests", dependencies: ["VenuesFiles", "VenuesTestSupport"]),
    .testTarget(name: "VenuesSQLiteTests", dependencies: ["VenuesSQLite", "VenuesTestSupport"]),
    .testTarget(
        name: "OSMReplicationTests",
        dependencies: ["OSMReplication", "VenuesHTTP", "VenuesTestSupport"]
    ),
    .testTarget(
        name: "OSMIndexTests",
        dependencies: [
            "OSMIndex", "OSMFiles", "OSMModel", "OverpassProvider", "VenuesCore", "VenuesHTTP", "VenuesHours",
            "VenuesSQLite", "VenuesFiles", "VenuesTestSupport", "OSMPBFTestSupport",
        ]
    ),
    // The OSM file readers, a folder per format as in the target.
    .testTarget(
        name: "OSMFilesTests",
        dependencies: [
            "OSMFiles", "OSMModel", "VenuesCore", "CZlib", "CBZip2", "OSMPBFTestSupport", "VenuesTestSupport",
        ]
    ),
    .testTarget(
        name: "VenuesMergeTests",
        dependencies: ["VenuesMerge", "VenuesMergeEvaluation", "VenuesTestSupport"],
        resources: [.copy("Fixtures")]
    ),
    .testTarget(
        name: "VenuesFavoritesTests",
        dependencies: ["VenuesFavorites", "VenuesFiles", "VenuesTestSupport"]
    ),
    .testTarget(
        name: "VenuesConfigTests",
        dependencies: ["VenuesConfig", "VenuesEngine", "VenuesTestSupport"]
    ),
    .testTarget(
        name: "VenuesEngineTests",
        dependencies: ["VenuesEngine", "VenuesConfig", "VenuesCore", "VenuesHTTP", "VenuesMerge"]
    ),
    .testTarget(
        name: "VenuesAggregatorTests",
        dependencies: [
            "VenuesAggregator", "VenuesMerge", "VenuesFavorites", "VenuesFiles", "VenuesTestKit",
            "VenuesTestSupport",
        ]
    ),
    .testTarget(
        name: "VenuesCLITests",
        dependencies: [
            "VenuesCLI", "VenuesCLISupport", "VenuesCLIRuntime", "VenuesOutput", "VenuesEngine", "VenuesConfig",
            "VenuesTestSupport", "VenuesTestKit", "OSMPBFTestSupport",
        ]
    ),
    // The documentation's Swift examples, compiled as written and checked against the docs.
    .testTarget(
        name: "DocumentationTests",
        dependencies: [
            "VenuesCore", "VenuesHTTP", "VenuesMerge", "VenuesFavorites", "VenuesAggregator", "VenuesTestKit",
            "VenuesConfig", "VenuesEngine", "VenuesSQLite", "FoursquareProvider", "GooglePlacesProvider",
            "OverpassProvider", "OSMReplication", "VenuesTestSupport", "VenuesHours",
        ]
    ),
    .testTarget(
        name: "VenuesServerTests",
        dependencies: [
            "VenuesServer", "VenuesServerStore", "VenuesServerTestSupport", "VenuesServerStoreTestSupport",
            "VenuesTestSupport", "BrowserTestSupport", "VenuesCore", "VenuesOutput",
            "VenuesConfig", "VenuesEngine", "VenuesFavorites", "VenuesCLI", "VenuesServerCLI", "OSMIndex", "OSMFiles",
            "OvertureProvider", "VenuesTestKit",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdTesting", package: "hummingbird"),
        ]
    ),
    .testTarget(name: "VenuesTestKitTests", dependencies: ["VenuesTestKit", "VenuesCore"]),
    .testTarget(
        name: "VenuesMCPTests",
        dependencies: [
            "VenuesMCP", "VenuesCore", "VenuesEngine", "VenuesOpenState",
            .product(name: "MCP", package: "swift-sdk"),
            .product(name: "Logging", package: "swift-log"),
        ]
    ),
    .testTarget(
        name: "VenuesOutputTests",
        dependencies: [
            "VenuesOutput", "VenuesCore", "VenuesMerge", "VenuesEngine", "VenuesAggregator", "VenuesTestSupport",
            "BrowserTestSupport", "VenuesOpenState",
        ]
    ),
    .testTarget(
        name: "VenuesServerStoreSQLiteTests",
        dependencies: [
            "VenuesServerStoreSQLite", "VenuesServerStore", "VenuesServerStoreTestSupport", "VenuesSQLite",
            "VenuesTestSupport",
        ]
    ),
    .testTarget(
        name: "VenuesServerStorePostgresTests",
        dependencies: [
            "VenuesServerStorePostgres", "VenuesServerStore", "VenuesServerStoreTestSupport", "VenuesTestSupport",
            .product(name: "PostgresNIO", package: "postgres-nio"),
        ]
    ),
]

let package = Package(
    name: "venues",
    platforms: [.macOS(.v15)],
    products: [
        // The libraries (docs/library.md): the contract, HTTP, files, the merge, favourites,
        // configuration, the fan-out, the providers and their registry, the server, the test kit.
        .library(name: "VenuesCore", targets: ["VenuesCore"]),
        .library(name: "VenuesHTTP", targets: ["VenuesHTTP"]),
        .library(name: "VenuesFiles", targets: ["VenuesFiles"]),
        .library(name: "VenuesMerge", targets: ["VenuesMerge"]),
        .library(name: "VenuesFavorites", targets: ["VenuesFavorites"]),
        .library(name: "VenuesConfig", targets: ["VenuesConfig"]),
        .library(name: "VenuesAggregator", targets: ["VenuesAggregator"]),
        .library(name: "VenuesHours", targets: ["VenuesHours"]),
        .library(name: "VenuesOpenState", targets: ["VenuesOpenState"]),
        .library(name: "VenuesEngine", targets: ["VenuesEngine"]),
        .library(name: "VenuesTestKit", targets: ["VenuesTestKit"]),
        .library(name: "VenuesServer", targets: ["VenuesServer"]),
        // Internal (a leading `_`): for this repository's Fuzz/ package only, no stable API.
        .library(name: "_OSMFiles", targets: ["OSMFiles"]),
        // The programs.
        .executable(name: "venues", targets: ["VenuesCLI"]),
        .executable(name: "venues-server", targets: ["VenuesServerCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        // `venues serve`: the HTTP server, its lifecycle, metrics and token hashing.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // The Model Context Protocol's official Swift SDK: `venues mcp` and the server's `/mcp`.
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
    ],
    targets: cShims + core + openStreetMap + providers + mergeAndOutput + server + executables + tools
        + testSupport + tests + providerTests
)

// Each provider is also a library of its own.
package.products += providerPackages.map { .library(name: $0.target, targets: [$0.target]) }

// Settings shared by every Swift target: Swift 6 language mode is the default for tools 6.x;
// keep C modules out of public API.
for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}
