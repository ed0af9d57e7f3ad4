internal import CZlib
public import Foundation

/// A decoded PNG: 8-bit RGB or RGBA pixels, as Chromium's screenshots are. Enough of the format
/// for tests that look at screenshots (no palettes, no 16-bit samples, no interlacing).
public struct PNGImage: Sendable {
    public let width: Int
    public let height: Int
    /// Samples per pixel: 3 (RGB) or 4 (RGBA).
    public let channels: Int
    /// Rows top to bottom, unfiltered, `width * channels` bytes each.
    public let samples: [UInt8]

    /// One pixel's red, green and blue (alpha ignored).
    public struct Color: Sendable, Hashable, CustomStringConvertible {
        public var red: UInt8
        public var green: UInt8
        public var blue: UInt8

        public init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// `#rrggbb`.
        public init?(hex: String) {
            guard hex.count == 7, hex.first == "#", let value = UInt32(hex.dropFirst(), radix: 16) else { return nil }
            self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
        }

        /// The largest difference of one channel.
        public func distance(to other: Color) -> Int {
            max(
                abs(Int(red) - Int(other.red)),
                abs(Int(green) - Int(other.green)),
                abs(Int(blue) - Int(other.blue))
            )
        }

        public var description: String {
            "#" + [red, green, blue].map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        }
    }

    public enum DecodingError: Error, CustomStringConvertible {
        case notPNG
        case truncated
        case unsupported(String)
        case corrupt(String)

        public var description: String {
            switch self {
            case .notPNG: "not a PNG file"
            case .truncated: "the PNG ends early"
            case .unsupported(let what): "unsupported PNG: \(what)"
            case .corrupt(let what): "corrupt PNG: \(what)"
            }
        }
    }

    /// The pixel at column `x`, row `y` (from the top-left).
    public func color(x: Int, y: Int) -> Color {
        let offset = (y * width + x) * channels
        return Color(red: samples[offset], green: samples[offset + 1], blue: samples[offset + 2])
    }

    public init(data: Data) throws {
        let bytes = [UInt8](data)
        guard bytes.count >= 8, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
            throw DecodingError.notPNG
        }
        var offset = 8
        var header: (width: Int, height: Int, depth: UInt8, type: UInt8, interlace: UInt8)?
        var compressed: [UInt8] = []
        chunks: while offset + 8 <= bytes.count {
            let length = Int(Self.bigEndian(bytes, offset))
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let start = offset + 8
            guard start + length + 4 <= bytes.count else { throw DecodingError.truncated }
            let body = bytes[start..<start + length]
            switch type {
            case "IHDR":
                guard length >= 13 else { throw DecodingError.corrupt("short IHDR") }
                header = (
                    Int(Self.bigEndian(bytes, start)), Int(Self.bigEndian(bytes, start + 4)), body[start + 8],
                    body[start + 9], body[start + 12]
                )
            case "IDAT": compressed.append(contentsOf: body)
            case "IEND": break chunks
            default: break
            }
            offset = start + length + 4
        }
        guard let header else { throw DecodingError.corrupt("no IHDR") }
        guard header.depth == 8 else { throw DecodingError.unsupported("bit depth \(header.depth)") }
        guard header.interlace == 0 else { throw DecodingError.unsupported("interlacing") }
        let channels: Int
        switch header.type {
        case 2: channels = 3
        case 6: channels = 4
        default: throw DecodingError.unsupported("colour type \(header.type)")
        }
        let stride = header.width * channels
        let raw = try Self.inflate(compressed, expected: (stride + 1) * header.height)
        guard raw.count == (stride + 1) * header.height else { throw DecodingError.corrupt("wrong data size") }
        width = header.width
        height = header.height
        self.channels = channels
        samples = try Self.unfiltered(raw, stride: stride, height: header.height, channels: channels)
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static func inflate(_ input: [UInt8], expected: Int) throws -> [UInt8] {
        var stream = z_stream()
        guard czlib_inflate_init2(&stream, 15) == Z_OK else { throw DecodingError.corrupt("zlib init") }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: expected)
        var input = input
        let status = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = uInt(outBuffer.count)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw DecodingError.corrupt("zlib status \(status)") }
        return Array(output.prefix(Int(stream.total_out)))
    }

    private static func unfiltered(_ raw: [UInt8], stride: Int, height: Int, channels: Int) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: stride * height)
        for row in 0..<height {
            let filter = raw[row * (stride + 1)]
            let input = row * (stride + 1) + 1
            let current = row * stride
            let previous = current - stride
            for i in 0..<stride {
                let x = raw[input + i]
                let a = i >= channels ? Int(out[current + i - channels]) : 0
                let b = row > 0 ? Int(out[previous + i]) : 0
                let c = row > 0 && i >= channels ? Int(out[previous + i - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let pa = abs(p - a)
                    let pb = abs(p - b)
                    let pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw DecodingError.corrupt("filter \(filter)")
                }
                out[current + i] = x &+ UInt8(truncatingIfNeeded: predictor)
            }
        }
        return out
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
