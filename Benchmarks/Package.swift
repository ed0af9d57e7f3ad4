// swift-tools-version:6.1
// Release-mode benchmarks of venues' libraries: a package of their own, so that building venues
// does not build them. From the repository root:
//   swift run --package-path Benchmarks -c release DedupeBenchmark
//   Benchmarks/overpass.sh   (builds OverpassBenchmark here)
// The shell scripts beside this file measure whole `venues` processes; the figures are in
// docs/benchmarks.md. The import benchmark (PBFBenchmark) and the merge evaluation
// (DedupeEvaluation) stay in the root package, under Tools/: they reach its package-internal
// APIs and its test-only evaluation harness, which no product exports.
import PackageDescription

let package = Package(
    name: "venues-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "venues", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "OverpassBenchmark",
            dependencies: [
                .product(name: "OverpassProvider", package: "venues"),
                .product(name: "VenuesCore", package: "venues"),
                .product(name: "VenuesHTTP", package: "venues"),
            ],
            path: "OverpassBenchmark"
        ),
        .executableTarget(
            name: "DedupeBenchmark",
            dependencies: [
                .product(name: "VenuesMerge", package: "venues"),
                .product(name: "VenuesCore", package: "venues"),
            ],
            path: "DedupeBenchmark"
        ),
    ]
)

// The root package's settings: Swift 6 language mode, C modules kept out of public API.
for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}
