/// 64-bit FNV-1a over bytes: a hash that, unlike `Hasher`, is the same in every process, and
/// cheap on the short texts of names and ids.
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
    }

    /// Adds the text's UTF-8 bytes; native strings are contiguous UTF-8, read through a pointer
    /// without the view's per-byte checks.
    mutating func add(_ text: String) {
        var hash = value
        func add<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        if text.utf8.withContiguousStorageIfAvailable(add) == nil { add(text.utf8) }
        value = hash
    }
}
