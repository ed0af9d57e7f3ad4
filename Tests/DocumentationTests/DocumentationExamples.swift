import Foundation

/// The Swift examples of the documentation and their compiled copies in this test target.
///
/// Documentation: every ` ```swift ` block of a Markdown file in the repository (outside
/// `Tests/`, build folders and hidden folders) and of a `///` doc comment under `Sources/`,
/// `Providers/` or `Benchmarks/`.
///
/// Compiled copies: regions of the Swift files of this target, each between
/// `// docs-example: PATH` (the documentation file, relative to the package root) and
/// `// docs-example-end`, compared after removing their common indentation. A block that
/// declares its imports compiles with those alone: its file imports nothing else. A block
/// without imports (a snippet in a module's own doc comment) sits inside a function that
/// gives it an `async throws` context, in a file that imports the modules it documents.
///
/// A block that starts with `// Package.swift` is a manifest fragment; it cannot be compiled
/// here, so its product names and version are checked against `Package.swift` instead.
enum DocumentationExamples {
    /// One example: where it is and its text.
    struct Example: Hashable, CustomStringConvertible {
        /// The documentation file it belongs to, relative to the package root.
        var source: String
        /// The line of the documentation (or of the compiled file) where it starts.
        var line: Int
        /// Its lines, without common indentation and surrounding blank lines.
        var lines: [String]
        /// The compiled file, for copies.
        var copyFile: String?

        var isManifestFragment: Bool { lines.first == "// Package.swift" }
        var declaresImports: Bool { lines.contains { $0.hasPrefix("import ") } }

        var description: String { "\(copyFile ?? source):\(line)" }
    }

    /// The package root: three levels above this file.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// This target's folder.
    static let targetFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    // MARK: Documentation

    /// Every Swift block of the documentation.
    static func documented() throws -> [Example] {
        var examples: [Example] = []
        for path in try files(under: root, skipping: ["Tests"]) {
            if path.hasSuffix(".md") {
                examples += markdownBlocks(try text(path), source: path)
            } else if path.hasSuffix(".swift"),
                ["Sources/", "Providers/", "Benchmarks/"].contains(where: path.hasPrefix)
            {
                examples += docCommentBlocks(try text(path), source: path)
            }
        }
        return examples
    }

    /// ` ```swift ` blocks of a Markdown text.
    static func markdownBlocks(_ text: String, source: String) -> [Example] {
        fencedBlocks(text.components(separatedBy: "\n"), source: source) { $0 }
    }

    /// ` ```swift ` blocks of the `///` comments of a Swift text.
    static func docCommentBlocks(_ text: String, source: String) -> [Example] {
        fencedBlocks(text.components(separatedBy: "\n"), source: source) { line in
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("///") else { return nil }
            let content = trimmed.dropFirst(3)
            return String(content.hasPrefix(" ") ? content.dropFirst() : content)
        }
    }

    /// Blocks between a ` ```swift ` line and the next ` ``` ` line; `content` turns a source
    /// line into documentation text (`nil`: not documentation, which ends a block).
    private static func fencedBlocks(
        _ lines: [String],
        source: String,
        content: (String) -> String?
    ) -> [Example] {
        var examples: [Example] = []
        var open: (line: Int, lines: [String])?
        for (index, line) in lines.enumerated() {
            guard let text = content(line) else {
                open = nil
                continue
            }
            let fence = text.trimmingCharacters(in: .whitespaces)
            if var block = open {
                if fence == "```" {
                    examples.append(Example(source: source, line: block.line, lines: normalised(block.lines)))
                    open = nil
                } else {
                    block.lines.append(text)
                    open = block
                }
            } else if fence == "```swift" {
                open = (index + 2, [])
            }
        }
        return examples
    }

    // MARK: Compiled copies

    /// Every marked region of this target's Swift files, and the imports of each file outside
    /// its regions.
    static func compiled() throws -> (copies: [Example], outsideImports: [String: [String]]) {
        var copies: [Example] = []
        var outsideImports: [String: [String]] = [:]
        for path in try files(under: targetFolder, skipping: []) where path.hasSuffix(".swift") {
            var open: (source: String, line: Int, lines: [String])?
            for (index, line) in try text(path).components(separatedBy: "\n").enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if let region = open {
                    if trimmed == "// docs-example-end" {
                        copies.append(
                            Example(
                                source: region.source,
                                line: region.line,
                                lines: normalised(region.lines),
                                copyFile: path
                            )
                        )
                        open = nil
                    } else {
                        open?.lines.append(line)
                    }
                } else if trimmed.hasPrefix("// docs-example: ") {
                    open = (String(trimmed.dropFirst("// docs-example: ".count)), index + 2, [])
                } else if trimmed.hasPrefix("import ") || trimmed.hasPrefix("@testable import ") {
                    outsideImports[path, default: []].append(trimmed)
                }
            }
        }
        return (copies, outsideImports)
    }

    // MARK: Manifest fragments

    /// What is wrong with a `// Package.swift` block: products that `Package.swift` does not
    /// offer, or a version other than `version`.
    static func manifestProblems(_ example: Example, version: String) throws -> [String] {
        let manifest = try text("Package.swift")
        // The libraries written out, and each provider's, which a line of `providerPackages`
        // makes (`folder: "Foursquare"`: the library `FoursquareProvider`).
        let offered = Set(
            captures(of: #"\.library\(name: "([^"]+)""#, in: manifest)
                + captures(of: #"ProviderPackage\(\s*folder: "([^"]+)""#, in: manifest).map { $0 + "Provider" }
        )
        let block = example.lines.joined(separator: "\n")
        var problems: [String] = []
        for product in captures(of: #"\.product\(name: "([^"]+)", package: "venues"\)"#, in: block)
        where !offered.contains(product) {
            problems.append("\(example): product \(product) is not a library product of Package.swift")
        }
        for stated in captures(of: #"from: "([^"]+)""#, in: block) where stated != version {
            problems.append("\(example): from: \"\(stated)\", but this is version \(version)")
        }
        return problems
    }

    // MARK: Helpers

    /// Lines without trailing spaces, common indentation, and surrounding blank lines.
    static func normalised(_ lines: [String]) -> [String] {
        var lines = lines.map { line in String(line.reversed().drop(while: { $0 == " " }).reversed()) }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        let indent = lines.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { $0.isEmpty ? $0 : String($0.dropFirst(indent)) }
    }

    /// The paths of the files under `folder`, relative to the root, leaving out hidden and build
    /// folders and the given paths.
    static func files(under folder: URL, skipping skipped: Set<String>) throws -> [String] {
        let base = root.standardizedFileURL.path + "/"
        guard
            let walker = FileManager.default.enumerator(
                at: folder,
                includingPropertiesForKeys: [.isDirectoryKey],
                options: [.skipsHiddenFiles]
            )
        else { return [] }
        var paths: [String] = []
        for case let url as URL in walker {
            let path = String(url.standardizedFileURL.path.dropFirst(base.count))
            let isDirectory = (try url.resourceValues(forKeys: [.isDirectoryKey])).isDirectory == true
            if isDirectory {
                let name = url.lastPathComponent
                if skipped.contains(path) || name.hasPrefix(".build") || name == "Fixtures" {
                    walker.skipDescendants()
                }
            } else {
                paths.append(path)
            }
        }
        return paths.sorted()
    }

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    private static func captures(of pattern: String, in text: String) -> [String] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
