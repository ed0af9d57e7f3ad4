import Foundation

/// Decodes a PBF file's data blocks on several threads and hands them back in file order.
///
/// - **Reading**: the decoding threads take turns at the one ``BlobReader`` (a lock keeps the
///   reads sequential), so each block gets the next sequence number as it is read.
/// - **Decoding**: each thread decompresses and decodes the block it read with its own
///   ``BlobDecoder``, in parallel with the others.
/// - **Consuming**: ``next()``, on the caller's thread, returns block 0, 1, 2… in that order,
///   waiting for the one whose turn it is; a block decoded early waits in a small table.
///
/// Memory is bounded by ``capacity``: a thread reserves a slot before it reads a block, and the
/// slot is only given back once the consumer is done with the block (``release()``), so at
/// most `capacity` blocks exist at once, read, decoding, waiting or being consumed — whatever
/// the speed of the consumer. An error (a bad block, a read failure) takes the place of its
/// block in the order and ends reading: the consumer sees every block before it first.
final class OrderedBlockPipeline: @unchecked Sendable {
    // Everything below is guarded by `state`, except `reader`, guarded by `readLock`.
    private let state = NSCondition()
    private let readLock = NSLock()
    private var reader: BlobReader
    private var readingEnded = false
    private var nextToRead = 0
    /// The number of blocks the file has, once reading has ended.
    private var total: Int?
    private var decoded: [Int: Result<OSMPBFBlock, OSMPBFError>] = [:]
    private var nextToConsume = 0
    private var reserved = 0
    /// The most slots reserved at once so far.
    private var peakReserved = 0
    private var stopped = false
    private var runningThreads = 0
    private var threads: [JoinableThread] = []
    /// Blob types other than `OSMData` passed over, and their offsets (for notes).
    private(set) var skippedBlobs = 0

    /// The most blocks alive at once.
    let capacity: Int
    private let options: PrimitiveBlockDecoder.Options

    /// A pipeline reading from `reader` (positioned after the header block) with `threads`
    /// decoding threads, started at once. `nil` when the system would start none (the caller
    /// then decodes on its own thread).
    init?(reader: BlobReader, threads: Int, options: PrimitiveBlockDecoder.Options) {
        self.reader = reader
        self.options = options
        capacity = 2 * max(1, threads) + 1
        state.lock()
        defer { state.unlock() }
        for _ in 0..<max(1, threads) {
            guard let thread = JoinableThread({ [self] in decodeLoop() }) else { break }
            self.threads.append(thread)
            runningThreads += 1
        }
        if self.threads.isEmpty { return nil }
    }

    /// The next block in file order, its error, or `nil` after the last one. Call
    /// ``release()`` when done with a block before asking for the one after.
    func next() -> Result<OSMPBFBlock, OSMPBFError>? {
        state.lock()
        defer { state.unlock() }
        while true {
            if let result = decoded.removeValue(forKey: nextToConsume) {
                nextToConsume += 1
                return result
            }
            if let total, nextToConsume >= total { return nil }
            if runningThreads == 0 { return nil }
            state.wait()
        }
    }

    /// The blocks alive now (read and not yet released) and the most there have been at once.
    var occupancy: (alive: Int, peak: Int) {
        state.lock()
        defer { state.unlock() }
        return (reserved, peakReserved)
    }

    /// Gives back the slot of the block last returned by ``next()``.
    func release() {
        state.lock()
        reserved -= 1
        state.broadcast()
        state.unlock()
    }

    /// Stops reading and decoding and waits until every decoding thread has ended. Call it
    /// once, whether or not the consumer reached the end.
    func finish() {
        state.lock()
        stopped = true
        state.broadcast()
        let started = threads
        threads = []
        state.unlock()
        for thread in started { thread.join() }
        state.lock()
        decoded.removeAll()
        state.unlock()
    }

    private func decodeLoop() {
        let decoder = BlobDecoder(options: options)
        while true {
            // A slot first, so that reading ahead stays bounded.
            state.lock()
            while !stopped, reserved >= capacity { state.wait() }
            if stopped {
                threadEnded()
                return
            }
            reserved += 1
            peakReserved = max(peakReserved, reserved)
            state.unlock()

            // Then the next data block in file order.
            readLock.lock()
            guard !readingEnded else {
                readLock.unlock()
                state.lock()
                reserved -= 1
                threadEnded()
                return
            }
            let sequence = nextToRead
            let blob: Result<RawBlob?, OSMPBFError>
            repeat {
                do {
                    let next = try reader.next()
                    if let next, next.type != "OSMData" {
                        skippedBlobs += 1
                        continue
                    }
                    blob = .success(next)
                } catch {
                    blob = .failure(error)
                }
                break
            } while true
            switch blob {
            case .success(.some):
                nextToRead += 1
            case .success(.none):
                readingEnded = true
            case .failure:
                readingEnded = true
                nextToRead += 1
            }
            let end = readingEnded ? nextToRead : nil
            readLock.unlock()

            let result: Result<OSMPBFBlock, OSMPBFError>?
            switch blob {
            case .success(.some(let raw)):
                do {
                    result = .success(try decoder.data(raw))
                } catch {
                    result = .failure(error)
                }
            case .success(.none):
                result = nil
            case .failure(let error):
                result = .failure(error)
            }

            state.lock()
            if let end { total = end }
            if let result {
                decoded[sequence] = result
            } else {
                reserved -= 1
            }
            state.broadcast()
            state.unlock()
        }
    }

    /// Called with `state` locked, by a thread about to end.
    private func threadEnded() {
        runningThreads -= 1
        state.broadcast()
        state.unlock()
    }
}
