import Foundation

/// Standard output written in large blocks: `venues hours` answers a line per value, hundreds
/// of thousands of them, and a write per line would be most of its time.
struct BufferedOutput {
    private var buffer: [UInt8] = []
    private let blockSize = 1 << 16

    /// Adds `text`, writing the buffer out when it is full.
    mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= blockSize { flush() }
    }

    /// Writes what is buffered.
    mutating func flush() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }
}
