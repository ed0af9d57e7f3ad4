/// Numbers byte strings in the order they are first met (0, 1, 2, …) and keeps them, all in
/// one buffer: a string met again is found by its hash in an open-addressing table, and costs
/// no allocation. (A `Dictionary` of per-string arrays cost a walk's first insertion a search
/// of the binary's protocol conformances, and each string an array to make and to free.)
struct ByteStringNumbers {
    /// Every string's bytes, one after another: string `n` is `bytes[starts[n]..<starts[n + 1]]`.
    private var bytes: [UInt8] = []
    private var starts: [Int] = [0]
    private var hashes: [UInt64] = []
    /// Each slot a string's number + 1, or 0 when empty; a power of two, at least twice as many
    /// slots as strings.
    private var table: [Int32]

    /// Room for about `capacity` strings before the table grows.
    init(capacity: Int = 256) {
        var size = 16
        while size < 2 * capacity { size <<= 1 }
        table = Array(repeating: 0, count: size)
        bytes.reserveCapacity(16 * capacity)
        starts.reserveCapacity(capacity + 1)
        hashes.reserveCapacity(capacity)
    }

    /// How many distinct strings were met.
    var count: Int { hashes.count }

    /// The number of `string`: the one it was given when first met, else the next.
    mutating func number(of string: UnsafeRawBufferPointer) -> Int {
        // FNV-1a.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in string { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        var slot = Int(truncatingIfNeeded: hash) & (table.count - 1)
        while table[slot] != 0 {
            let number = Int(table[slot]) - 1
            if hashes[number] == hash, withBytes(of: number, { $0.elementsEqual(string) }) { return number }
            slot = (slot + 1) & (table.count - 1)
        }
        let number = hashes.count
        hashes.append(hash)
        bytes.append(contentsOf: string)
        starts.append(bytes.count)
        if 2 * hashes.count > table.count {
            grow()
        } else {
            table[slot] = Int32(number + 1)
        }
        return number
    }

    /// `body` of the bytes of string `number`.
    func withBytes<Result>(of number: Int, _ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBytes {
            try body(UnsafeRawBufferPointer(rebasing: $0[starts[number]..<starts[number + 1]]))
        }
    }

    /// The table twice as large, every string placed again.
    private mutating func grow() {
        table = Array(repeating: 0, count: 2 * table.count)
        for (number, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & (table.count - 1)
            while table[slot] != 0 { slot = (slot + 1) & (table.count - 1) }
            table[slot] = Int32(number + 1)
        }
    }
}
