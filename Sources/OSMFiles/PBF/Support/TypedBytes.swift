extension Array where Element == UInt8 {
    /// `withUnsafeBytes` keeping the body's typed error (the standard library's only rethrows).
    func withBytes<Value, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        let result: Result<Value, Failure> = withUnsafeBytes { bytes in
            Result { () throws(Failure) in try body(bytes) }
        }
        return try result.get()
    }

    /// `withUnsafeMutableBytes` keeping the body's typed error.
    mutating func withMutableBytes<Value, Failure: Error>(
        _ body: (UnsafeMutableRawBufferPointer) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        let result: Result<Value, Failure> = withUnsafeMutableBytes { bytes in
            Result { () throws(Failure) in try body(bytes) }
        }
        return try result.get()
    }
}
