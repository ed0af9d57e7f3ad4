import Foundation
import Testing
import VenuesHTTP
import VenuesTestSupport

/// The documentation's Swift examples are the code this target compiles: each block has an
/// identical copy here (see ``DocumentationExamples``), so an example that stops compiling
/// fails the build, and one edited in the docs but not here (or the other way round) fails
/// this suite.
@Suite("Documentation examples compile as written")
struct DocumentationExamplesTests {
    @Test func everyDocumentedExampleHasAnIdenticalCompiledCopy() async throws {
        let documented = try await Self.documented().filter { !$0.isManifestFragment }
        let copies = try await Self.compiled().copies
        var unmatchedCopies = copies
        for example in documented {
            if let index = unmatchedCopies.firstIndex(where: {
                $0.source == example.source && $0.lines == example.lines
            }) {
                unmatchedCopies.remove(at: index)
            } else {
                Issue.record(
                    Comment(
                        rawValue: "\(example): this ```swift block has no identical copy in Tests/DocumentationTests "
                            + "(between `// docs-example: \(example.source)` and `// docs-example-end`)"
                            + Self.closest(to: example, among: copies)
                    )
                )
            }
        }
        for copy in unmatchedCopies {
            Issue.record(
                "\(copy): a copy of an example that \(copy.source) does not have (any more): update or remove it"
            )
        }
    }

    /// A block that shows its imports must compile with those alone.
    @Test func blocksWithImportsCompileWithThoseAlone() async throws {
        let (copies, outsideImports) = try await Self.compiled()
        for copy in copies where copy.declaresImports {
            let file = try #require(copy.copyFile)
            #expect(
                outsideImports[file, default: []].isEmpty,
                "\(copy): the block declares its imports, so \(file) may import nothing else: \(outsideImports[file, default: []])"
            )
            #expect(copies.filter { $0.copyFile == file }.count == 1, "\(file): one example with imports per file")
        }
    }

    @Test func manifestFragmentsNameRealProductsAndThisVersion() async throws {
        let fragments = try await Self.documented().filter(\.isManifestFragment)
        #expect(fragments.contains { $0.source == "README.md" }, "the README shows the .package line")
        for fragment in fragments {
            for problem in try DocumentationExamples.manifestProblems(fragment, version: VenuesVersion.current) {
                Issue.record(Comment(rawValue: problem))
            }
        }
    }

    /// The scanner itself: it finds the examples the issue named, so an empty scan cannot pass.
    @Test func theScanFindsTheKnownExamples() async throws {
        let documented = try await Self.documented()
        let sources = Set(documented.map(\.source))
        for expected in [
            "README.md", "docs/library.md", "Providers/Overpass/README.md", "Sources/VenuesCore/VenueProvider.swift",
            "Providers/Overpass/OverpassProvider.swift", "Sources/VenuesTestKit/VenueProviderConformance.swift",
        ] {
            #expect(sources.contains(expected), "no ```swift block found in \(expected)")
        }
        let library = documented.filter { $0.source == "docs/library.md" }
        #expect(library.count >= 4, "the library guide has a manifest, a search, a provider and its test")
    }

    @Test func scannerReadsDocCommentsAndMarkdown() {
        let swift = """
            /// Text.
            ///
            /// ```swift
            /// let a = 1
            ///     let b = 2
            /// ```
            struct X {}
            """
        let blocks = DocumentationExamples.docCommentBlocks(swift, source: "X.swift")
        #expect(blocks.map(\.lines) == [["let a = 1", "    let b = 2"]])
        #expect(blocks.first?.line == 4)
        let markdown = "Intro\n\n```swift\n  import A\n  f()\n```\n\n```\nnot swift\n```\n"
        #expect(DocumentationExamples.markdownBlocks(markdown, source: "X.md").map(\.lines) == [["import A", "f()"]])
    }

    /// The scans read files: off Swift's cooperative pool, which the parallel tests share.
    static func documented() async throws -> [DocumentationExamples.Example] {
        try await offCooperativePool { try DocumentationExamples.documented() }
    }

    static func compiled() async throws -> (
        copies: [DocumentationExamples.Example], outsideImports: [String: [String]]
    ) {
        try await offCooperativePool { try DocumentationExamples.compiled() }
    }

    /// Where the nearest copy of the same source first differs, for the failure message.
    static func closest(
        to example: DocumentationExamples.Example,
        among copies: [DocumentationExamples.Example]
    )
        -> String
    {
        let candidates = copies.filter { $0.source == example.source }
        func common(_ copy: DocumentationExamples.Example) -> Int {
            zip(copy.lines, example.lines).prefix { $0 == $1 }.count
        }
        guard let best = candidates.max(by: { common($0) < common($1) }) else {
            return "; there is no copy of any block of \(example.source)"
        }
        let index = common(best)
        let documented = index < example.lines.count ? example.lines[index] : "(end of block)"
        let compiled = index < best.lines.count ? best.lines[index] : "(end of copy)"
        return
            "; the closest copy, \(best), first differs at its line \(index + 1):\n  docs:     \(documented)\n  compiled: \(compiled)"
    }
}
