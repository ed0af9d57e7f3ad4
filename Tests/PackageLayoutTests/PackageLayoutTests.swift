import Foundation
import Testing

/// The package's rooms and arrows, read from `swift package dump-package` and from the
/// sources' own `import` lines, so that a dependency that breaks the layout fails a test
/// instead of slipping in unnoticed.
@Suite("Package layout: rooms and one-way arrows")
struct PackageLayoutTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The package description as SwiftPM reads it.
    struct Manifest: Decodable {
        struct Product: Decodable {
            var name: String
            var targets: [String]
        }
        struct Target: Decodable {
            var name: String
            var type: String
            var path: String?
            var dependencies: [Dependency]
        }
        /// `{"byName": ["X", null]}`, `{"target": ["X", null]}` or `{"product": ["X", "pkg", …]}`.
        struct Dependency: Decodable {
            var byName: [String?]?
            var target: [String?]?
            var product: [String?]?

            /// The target this names within the package, if any.
            var localTarget: String? { (byName ?? target)?.first ?? nil }
        }
        var products: [Product]
        var targets: [Target]
    }

    static let manifest: Manifest = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // A scratch path of its own: the one in use is locked by the running `swift test`.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "venues-layout-\(UUID().uuidString)"
        )
        defer { try? FileManager.default.removeItem(at: scratch) }
        process.arguments = [
            "swift", "package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return try JSONDecoder().decode(Manifest.self, from: data)
        } catch {
            fatalError("cannot read the package description: \(error)")
        }
    }()

    static var targetsByName: [String: Manifest.Target] {
        Dictionary(uniqueKeysWithValues: manifest.targets.map { ($0.name, $0) })
    }

    /// Every target `name` depends on, directly or not (targets of this package only).
    static func closure(of name: String) -> Set<String> {
        var seen: Set<String> = []
        var pending = [name]
        while let next = pending.popLast() {
            for dependency in targetsByName[next]?.dependencies ?? [] {
                if let local = dependency.localTarget, targetsByName[local] != nil, seen.insert(local).inserted {
                    pending.append(local)
                }
            }
        }
        return seen
    }

    /// The targets reachable from any product: what a user of the package can link.
    static var shippedTargets: Set<String> {
        var shipped: Set<String> = []
        for product in manifest.products {
            for target in product.targets {
                shipped.insert(target)
                shipped.formUnion(closure(of: target))
            }
        }
        return shipped
    }

    /// The module names each Swift file under `folder` imports.
    static func imports(under folder: URL) throws -> [(file: String, module: String)] {
        var found: [(String, String)] = []
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                    words[..<index].allSatisfy({ ["public", "internal", "package", "@testable"].contains($0) })
                else { continue }
                found.append((url.lastPathComponent, String(words[index + 1])))
            }
        }
        return found
    }

    /// A target's source folder.
    static func folder(of target: Manifest.Target) -> URL {
        let path = target.path ?? (target.type == "test" ? "Tests/\(target.name)" : "Sources/\(target.name)")
        return root.appendingPathComponent(path, isDirectory: true)
    }

    @Test("no product ships the merge evaluation harness, by dependency or by import")
    func evaluationHarnessIsNotShipped() throws {
        let shipped = Self.shippedTargets
        #expect(!shipped.contains("VenuesMergeEvaluation"))
        #expect(Self.targetsByName["VenuesMergeEvaluation"] != nil, "the harness target is gone: update this test")
        for name in shipped.sorted() {
            let target = try #require(Self.targetsByName[name])
            guard target.type == "regular" else { continue }
            for (file, module) in try Self.imports(under: Self.folder(of: target))
            where module == "VenuesMergeEvaluation" {
                Issue.record("\(name)/\(file) imports the evaluation harness")
            }
        }
    }

    @Test("the merge and the favourites store do not depend on each other")
    func mergeAndFavoritesAreIndependent() {
        #expect(!Self.closure(of: "VenuesMerge").contains("VenuesFavorites"))
        #expect(!Self.closure(of: "VenuesFavorites").contains("VenuesMerge"))
    }

    @Test("VenuesCore depends on nothing; providers on neither the aggregator, the CLI nor each other")
    func arrowsPointOneWay() {
        #expect(Self.closure(of: "VenuesCore").isEmpty)
        let providers = ["FoursquareProvider", "GooglePlacesProvider", "OverpassProvider", "OvertureProvider"]
        let above = ["VenuesAggregator", "VenuesCLI", "VenuesMerge", "VenuesFavorites", "VenuesConfig"]
        for provider in providers {
            let reach = Self.closure(of: provider)
            for forbidden in above + providers where forbidden != provider {
                #expect(!reach.contains(forbidden), "\(provider) reaches \(forbidden)")
            }
        }
        for room in ["VenuesMerge", "VenuesFavorites", "VenuesConfig", "VenuesFiles"] {
            #expect(!Self.closure(of: room).contains("VenuesAggregator"), "\(room) reaches the fan-out")
        }
    }

    @Test("the output layer and the configuration know no provider: they read the descriptors' catalog")
    func reportsAndConfigurationKnowNoProvider() {
        let providers = ["FoursquareProvider", "GooglePlacesProvider", "OverpassProvider", "OvertureProvider"]
        for room in ["VenuesOutput", "VenuesConfig"] {
            let reach = Self.closure(of: room)
            for forbidden in providers + ["VenuesEngine", "VenuesSQLite", "CLibXML2"] {
                #expect(!reach.contains(forbidden), "\(room) reaches \(forbidden)")
            }
        }
    }

    /// A provider is its folder and a line of `providerPackages`: every folder under Providers/
    /// is a target named for it, a library of that name, a test target and one of the providers
    /// `VenuesEngine` lists; and nothing else is.
    @Test("every folder under Providers/ is a provider target, its library, its tests and one of the engine's")
    func everyProviderFolderIsOneProvider() throws {
        let folders = try FileManager.default.contentsOfDirectory(
            atPath: Self.root.appendingPathComponent("Providers").path
        )
        .filter { !$0.hasPrefix(".") }.sorted()
        #expect(!folders.isEmpty)
        let providerTargets = Self.manifest.targets.filter { $0.path?.hasPrefix("Providers/") == true }
        #expect(providerTargets.map(\.name).sorted() == folders.map { $0 + "Provider" })
        let engine = Set(Self.targetsByName["VenuesEngine"]?.dependencies.compactMap(\.localTarget) ?? [])
        for folder in folders {
            let name = folder + "Provider"
            let target = Self.targetsByName[name]
            #expect(target?.path == "Providers/\(folder)", "\(name)")
            #expect(Self.manifest.products.contains { $0.name == name && $0.targets == [name] }, "\(name): its library")
            let tests = Self.targetsByName[name + "Tests"]
            #expect(tests?.type == "test", "\(name): its tests")
            #expect(tests?.dependencies.contains { $0.localTarget == name } == true, "\(name)Tests test it")
            #expect(engine.contains(name), "VenuesEngine lists \(name)")
        }
    }

    @Test("the OSM building blocks, the index and the replication feed depend on no provider, the fan-out or the CLI")
    func osmRoomsStayBelowTheProvider() {
        let above = [
            "OverpassProvider", "OvertureProvider", "FoursquareProvider", "GooglePlacesProvider", "VenuesAggregator",
            "VenuesCLI",
        ]
        for room in ["OSMModel", "OSMSpill", "OSMFiles", "OSMIndex", "OSMReplication", "VenuesSQLite"] {
            #expect(Self.targetsByName[room] != nil, "\(room) is gone: update this test")
            for forbidden in above {
                #expect(!Self.closure(of: room).contains(forbidden), "\(room) reaches \(forbidden)")
            }
        }
        #expect(!Self.closure(of: "OSMIndex").contains("OSMFiles"), "the index reads any OSMElementSource, not a file")
        // Reading a compressed file is not OpenStreetMap's: Overture reads its GeoJSON without
        // the OSM readers (and libxml2).
        #expect(!Self.closure(of: "OvertureProvider").contains("OSMFiles"), "Overture reaches the OSM file readers")
        #expect(!Self.closure(of: "VenuesCompressedFiles").contains("OSMModel"))
        #expect(
            Self.closure(of: "OSMReplication").isDisjoint(with: ["OSMIndex", "OSMFiles", "OSMModel"]),
            "the replication feed fetches files; the index side applies them"
        )
        #expect(Self.closure(of: "VenuesSQLite") == ["CSQLite"])
        // The last listing is the programs' file (VenuesCLISupport); the aggregator writes none.
        #expect(
            Self.targetsByName["VenuesAggregator"]?.dependencies.contains { $0.localTarget == "VenuesFiles" } == false,
            "the aggregator depends on VenuesFiles"
        )
    }

    @Test("the venues binary carries no server and no MCP: venues serve and venues mcp run the venues-server program")
    func oneShotProgramLeavesTheServerOut() {
        for room in ["VenuesCLI", "VenuesServerCLI", "VenuesCLISupport", "VenuesServer"] {
            #expect(Self.targetsByName[room] != nil, "\(room) is gone: update this test")
        }
        for room in ["VenuesCLI", "VenuesCLISupport", "VenuesCLIRuntime"] {
            let reach = Self.closure(of: room)
            for server in ["VenuesServer", "VenuesServerStore", "VenuesServerStoreSQLite", "VenuesServerStorePostgres"]
            {
                #expect(!reach.contains(server), "\(room) reaches \(server): every query would load the server")
            }
        }
        #expect(Self.closure(of: "VenuesServerCLI").contains("VenuesServer"))
        // The MCP SDK brings Foundation's networking (and libcurl) in at start-up: venues mcp
        // is venues-server's.
        for room in ["VenuesCLI", "VenuesCLISupport", "VenuesCLIRuntime"] {
            #expect(!Self.closure(of: room).contains("VenuesMCP"), "\(room) reaches VenuesMCP")
        }
        #expect(Self.closure(of: "VenuesServerCLI").contains("VenuesMCP"))
    }

    @Test("the server store protocol knows neither database; its conformance suite ships in no product")
    func serverStoreRooms() {
        for room in ["VenuesServerStore", "VenuesServerStoreSQLite", "VenuesServerStorePostgres"] {
            #expect(Self.targetsByName[room] != nil, "\(room) is gone: update this test")
        }
        let protocolRoom = Self.closure(of: "VenuesServerStore")
        for backend in ["VenuesSQLite", "VenuesServerStoreSQLite", "VenuesServerStorePostgres"] {
            #expect(!protocolRoom.contains(backend), "VenuesServerStore reaches \(backend)")
        }
        #expect(Self.targetsByName["VenuesServerStore"]?.dependencies.allSatisfy { $0.product == nil } == true)
        #expect(!Self.closure(of: "VenuesServerStoreSQLite").contains("VenuesServerStorePostgres"))
        #expect(!Self.closure(of: "VenuesServerStorePostgres").contains("VenuesServerStoreSQLite"))
        #expect(!Self.shippedTargets.contains("VenuesServerStoreTestSupport"))
    }

    @Test("docs/architecture.md maps every target with the targets it imports, and only those")
    func architectureMapMatchesThePackage() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let start = try #require(text.range(of: "## The map of the targets"))
        let section = text[start.upperBound...]
        let rows = section.components(separatedBy: "\n").drop { !$0.hasPrefix("| target |") }.dropFirst(2)
            .prefix { $0.hasPrefix("|") }
        let targets = Self.targetsByName
        var mapped: Set<String> = []
        for row in rows {
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            try #require(cells.count >= 5, "\(row): expected three columns")
            let named = Self.codeSpans(cells[1])
            let imports = Set(Self.codeSpans(cells[3]).filter { !$0.contains("/") })
            #expect(!named.isEmpty, "\(row): no target named")
            for name in named where !name.contains("/") {
                guard let target = targets[name] else {
                    Issue.record("docs/architecture.md maps \(name), which Package.swift does not have")
                    continue
                }
                mapped.insert(name)
                let declared = Set(target.dependencies.compactMap(\.localTarget).filter { targets[$0] != nil })
                #expect(
                    imports == declared,
                    "docs/architecture.md: \(name) imports \(declared.sorted()) in Package.swift, the map says \(imports.sorted())"
                )
            }
        }
        for target in Self.manifest.targets where target.type != "test" && !mapped.contains(target.name) {
            Issue.record("docs/architecture.md does not map \(target.name)")
        }
    }

    @Test("every library product is in the library guide's table, or marked internal with a leading _")
    func productsArePublicAndDocumentedOrMarkedInternal() throws {
        let guide = try String(contentsOf: Self.root.appendingPathComponent("docs/library.md"), encoding: .utf8)
        let table = guide.components(separatedBy: "\n").filter { $0.hasPrefix("| `") }
        let documented = Set(table.flatMap { Self.codeSpans(String($0.split(separator: "|").first ?? "")) })
        let executables: Set<String> = ["venues", "venues-server"]
        for product in Self.manifest.products where !executables.contains(product.name) {
            if product.name.hasPrefix("_") {
                #expect(!documented.contains(product.name), "\(product.name) is internal but documented")
            } else {
                #expect(
                    documented.contains(product.name),
                    "\(product.name) is a product but not in docs/library.md: document it or name it _\(product.name)"
                )
            }
        }
    }

    /// The `code spans` of a Markdown table cell.
    static func codeSpans(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
            .map { String($0.element) }
    }

    @Test("every module of this package that a source file imports is a direct dependency of its target")
    func importsAreDeclared() throws {
        let local = Set(Self.targetsByName.keys)
        for target in Self.manifest.targets where target.type == "regular" || target.type == "executable" {
            let declared = Set(target.dependencies.compactMap(\.localTarget))
            for (file, module) in try Self.imports(under: Self.folder(of: target))
            where local.contains(module) && !declared.contains(module) {
                Issue.record("\(target.name)/\(file) imports \(module), which is not among its dependencies")
            }
        }
    }
}
