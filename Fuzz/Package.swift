// swift-tools-version:6.1
// libFuzzer targets for the decoders that read untrusted bytes. Build and run with
// `scripts/fuzz [SECONDS] [TARGET...]` from the repository root; see README.md here.
// Each target only links under `-sanitize=fuzzer` (libFuzzer supplies `main`):
//   swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
import PackageDescription

let package = Package(
    name: "venues-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "venues", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "FuzzOverpassXML",
            dependencies: [.product(name: "OverpassProvider", package: "venues")]
        ),
        .executableTarget(
            name: "FuzzFoursquare",
            dependencies: [
                .product(name: "FoursquareProvider", package: "venues"),
                .product(name: "VenuesCore", package: "venues"),
            ]
        ),
        .executableTarget(
            name: "FuzzGooglePlaces",
            dependencies: [
                .product(name: "GooglePlacesProvider", package: "venues"),
                .product(name: "VenuesCore", package: "venues"),
                .product(name: "VenuesHTTP", package: "venues"),
            ]
        ),
        .executableTarget(
            name: "FuzzFavorites",
            dependencies: [.product(name: "VenuesFavorites", package: "venues")]
        ),
        .executableTarget(
            name: "FuzzPBF",
            dependencies: [.product(name: "_OSMFiles", package: "venues")]
        ),
    ]
)
