// swift-tools-version:6.1
// Release-mode benchmarks and evaluation commands. Run from this folder:
//   swift run -c release OverpassBenchmark ...
//   swift run -c release DedupeBenchmark ...
//   swift run -c release DedupeEvaluation ...
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
            ]
        ),
        .executableTarget(
            name: "DedupeBenchmark",
            dependencies: [.product(name: "VenuesAggregator", package: "venues")]
        ),
        .executableTarget(
            name: "DedupeEvaluation",
            dependencies: [.product(name: "VenuesAggregator", package: "venues")]
        ),
    ]
)
