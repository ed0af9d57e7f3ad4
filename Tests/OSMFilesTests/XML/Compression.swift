import CBZip2
import CZlib
import Foundation

/// gzip and bzip2 written in-process with the same libraries the reader uses, so the tests need
/// no command-line tools.
enum Compression {
    static func gzip(_ data: Data) -> Data {
        var stream = z_stream()
        precondition(czlib_deflate_init2(&stream, 6, 15 + 16) == Z_OK)
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(data.count))) + 64)
        var input = [UInt8](data)
        let produced = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                precondition(deflate(&stream, Z_FINISH) == Z_STREAM_END)
                return target.count - Int(stream.avail_out)
            }
        }
        return Data(output[..<produced])
    }

    static func bzip2(_ data: Data) -> Data {
        var input = [CChar](data.map { CChar(bitPattern: $0) })
        var output = [CChar](repeating: 0, count: data.count + data.count / 100 + 1024)
        var length = UInt32(output.count)
        let code = BZ2_bzBuffToBuffCompress(&output, &length, &input, UInt32(input.count), 9, 0, 0)
        precondition(code == BZ_OK)
        return Data(output[..<Int(length)].map { UInt8(bitPattern: $0) })
    }
}
