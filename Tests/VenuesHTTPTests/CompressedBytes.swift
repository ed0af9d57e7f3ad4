/// Builds gzip (RFC 1952) and zlib (RFC 1950) streams around "stored" deflate blocks, so that
/// tests can serve compressed bodies without a compression library.
enum CompressedBytes {
    /// A gzip member holding `data`.
    static func gzip(_ data: [UInt8]) -> [UInt8] {
        let header: [UInt8] = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]
        return header + storedDeflate(data) + littleEndian(crc32(data))
            + littleEndian(UInt32(truncatingIfNeeded: data.count))
    }

    /// A zlib stream holding `data` (what HTTP calls `deflate`).
    static func zlib(_ data: [UInt8]) -> [UInt8] {
        let adler = adler32(data)
        return [0x78, 0x01] + storedDeflate(data) + [
            UInt8(adler >> 24), UInt8((adler >> 16) & 0xff), UInt8((adler >> 8) & 0xff), UInt8(adler & 0xff),
        ]
    }

    /// Deflate data made of stored (uncompressed) blocks of at most 65535 bytes.
    private static func storedDeflate(_ data: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        var start = 0
        repeat {
            let end = min(data.count, start + 65_535)
            let length = UInt16(end - start)
            output.append(end == data.count ? 1 : 0)
            output += [UInt8(length & 0xff), UInt8(length >> 8), UInt8(~length & 0xff), UInt8(~length >> 8)]
            output += data[start..<end]
            start = end
        } while start < data.count
        return output
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xff), UInt8((value >> 8) & 0xff), UInt8((value >> 16) & 0xff), UInt8(value >> 24)]
    }

    private static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xffff_ffff
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0xedb8_8320 : crc >> 1
            }
        }
        return ~crc
    }

    private static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return (b << 16) | a
    }
}
