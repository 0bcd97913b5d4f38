import CZlib

/// gzip (RFC 1952) with zlib: the web app's text files are compressed once, when the server
/// first serves them, and sent to browsers that accept gzip.
enum Gzip {
    /// zlib's window bits for a gzip wrapper (15) rather than a zlib one.
    private static let gzipWindowBits: Int32 = 15 + 16

    /// `bytes` gzipped at the best compression; nil if zlib fails.
    static func compress(_ bytes: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        guard deflateInit2_(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, gzipWindowBits, 9, Z_DEFAULT_STRATEGY,
                            ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        let capacity = Int(deflateBound(&stream, uLong(bytes.count)))
        return run(&stream, on: bytes, capacity: capacity) { deflate(&$0, Z_FINISH) }
    }

    /// The bytes of a gzip stream, at most `limit` of them; nil when it is not gzip or
    /// holds more.
    static func decompress(_ bytes: [UInt8], limit: Int = 16 << 20) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit2_(&stream, gzipWindowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        return run(&stream, on: bytes, capacity: limit) { inflate(&$0, Z_FINISH) }
    }

    /// Runs one `finish` step of an initialized stream over all of `bytes` into a buffer of
    /// `capacity`; the output when the stream ended there.
    private static func run(
        _ stream: inout z_stream, on bytes: [UInt8], capacity: Int, finish: (inout z_stream) -> Int32
    ) -> [UInt8]? {
        var output = [UInt8](repeating: 0, count: capacity)
        var input = bytes
        let status = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                return finish(&stream)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        return Array(output.prefix(Int(stream.total_out)))
    }
}
