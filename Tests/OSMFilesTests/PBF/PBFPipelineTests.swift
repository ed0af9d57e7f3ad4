import Foundation
import OSMModel
import OSMPBFTestSupport
import Testing
import VenuesCore

@testable import OSMFiles

/// The decoding pipeline: blocks decoded on several threads reach the consumer in file order,
/// and no more than its capacity of blocks is alive at once, however slow the consumer.
@Suite struct PBFPipelineTests {
    /// 300 blocks of 3 elements: nodes, then ways, then relations, ids ascending.
    static let elements: [TestElement] = {
        var elements: [TestElement] = []
        for id: Int64 in 1...600 {
            let tags: [String: String] = id % 7 == 0 ? ["a": "\(id)"] : [:]
            elements.append(.node(id, Double(id) / 100, Double(id) / 50, tags))
        }
        for id: Int64 in 1...200 { elements.append(.way(id, [id, id + 1])) }
        for id: Int64 in 1...100 { elements.append(.relation(id, [(.way, id)])) }
        return elements
    }()

    static func file(compression: PBFTestFile.Compression = .zlib) -> [UInt8] {
        var options = PBFTestFile.Options()
        options.elementsPerBlock = 3
        options.compression = compression
        return PBFTestFile.encode(elements, options)
    }

    @Test("300 blocks on 1, 2 and 4 threads arrive in file order", arguments: [1, 2, 4])
    func order(threads: Int) throws {
        let read = try PBFRead.read(.memory(Self.file()), threads: threads)
        #expect(read.elements == Self.elements.map(\.asRead))
        #expect(read.summary.typeOrdered)
    }

    @Test("a consumer that does not let go of a block holds the readers at the pipeline's capacity")
    func boundedByCapacity() throws {
        var reader = BlobReader(.memory(Self.file(compression: .raw)))
        _ = try reader.next()  // The header block.
        let pipeline = try #require(OrderedBlockPipeline(reader: reader, threads: 2, options: .init()))
        defer { pipeline.finish() }
        #expect(pipeline.capacity == 5)
        // Hold block 0 until the decoding threads have filled every slot (an order of magnitude
        // more time than that takes on a busy machine), then check they stopped there.
        guard case .success(let first)? = pipeline.next() else {
            Issue.record("no first block")
            return
        }
        #expect(first.ids == [1, 2, 3])
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(30)
        while pipeline.occupancy.alive < pipeline.capacity, clock.now < deadline { usleep(1000) }
        #expect(pipeline.occupancy.alive == pipeline.capacity)
        pipeline.release()
        var blocks = 1
        var nextID: Int64 = 4
        while let result = pipeline.next() {
            let block = try result.get()
            #expect(pipeline.occupancy.alive <= pipeline.capacity)
            if block.kinds.first == .node {
                #expect(block.ids.first == nextID)
                nextID += Int64(block.count)
            }
            blocks += 1
            pipeline.release()
        }
        #expect(blocks == 300)
        #expect(pipeline.occupancy.peak == pipeline.capacity)
    }

    @Test("a raised cancellation flag ends the pass with cancelled", arguments: [0, 2])
    func cancellation(threads: Int) {
        let flag = CancellationFlag()
        var seen = 0
        #expect(throws: OSMFileError.cancelled) {
            _ = try OSMPBFReader(options: .init(threads: threads), cancellation: flag).read(.memory(Self.file())) { _ in
                seen += 1
                if seen == 10 { flag.cancel() }
                return .next
            }
        }
        #expect(seen < Self.elements.count)
    }

    @Test("progress is reported with the elements and bytes read so far")
    func progress() throws {
        var elements: [TestElement] = []
        for index in 0..<70_000 { elements.append(.node(Int64(index + 1), 1, 1)) }
        let file = PBFTestFile.encode(elements)
        var steps: [OSMReadProgress] = []
        let reader = OSMPBFReader(options: .init(threads: 2))
        _ = try reader.read(.memory(file), progress: { steps.append($0) }, visit: { _ in .next })
        #expect(steps.count == 1)
        #expect(steps.first?.elements == 70_000)  // At the end of the block that passes 65,536.
        #expect((steps.first?.bytesRead ?? 0) > 0 && (steps.first?.bytesRead ?? 0) <= file.count)
    }
}
