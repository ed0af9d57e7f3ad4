import Foundation

/// A gzip member (RFC 1952) around "stored" deflate blocks: real `.osc.gz` bytes without a
/// compression library.
enum GzipBytes {
    /// `text` gzip-compressed (stored, not shrunk).
    static func gzip(_ text: String) -> Data {
        let data = [UInt8](text.utf8)
        var output: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        var start = 0
        repeat {
            let end = min(data.count, start + 65_535)
            let length = UInt16(end - start)
            output.append(end == data.count ? 1 : 0)
            output += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            output += data[start..<end]
            start = end
        } while start < data.count
        output += littleEndian(crc32(data)) + littleEndian(UInt32(truncatingIfNeeded: data.count))
        return Data(output)
    }

    /// The osmChange document of a sequence, gzip-compressed.
    static func changeFile(sequence: Int64) -> Data {
        gzip(
            """
            <?xml version='1.0' encoding='UTF-8'?>
            <osmChange version="0.6" generator="test">
            <modify><node id="\(sequence)" version="2" lat="60.17" lon="24.94"/></modify>
            </osmChange>

            """
        )
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8(value >> 24)]
    }

    private static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
