import Hummingbird

/// The answer of a route that writes its own JSON, chunk by chunk on another thread: sent as
/// the chunks come, so the first bytes leave while the rest is still being written.
enum WrittenBody {
    /// Runs `write` (which hands each chunk to its argument, in order) and answers with what
    /// it writes: a failure before its second chunk is thrown here (an error answer); one
    /// answer of a single chunk carries its length; a longer one is sent chunk by chunk as
    /// written, and a failure after its first chunks ends the connection early.
    static func answer(
        _ write: @escaping @Sendable (_ emit: @escaping @Sendable ([UInt8]) -> Void) async throws -> Void
    ) async throws -> ResponseBody {
        let (stream, continuation) = AsyncThrowingStream<[UInt8], any Error>.makeStream()
        Task {
            do {
                try await write { continuation.yield($0) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        let chunks = WrittenChunks(stream)
        guard let first = try await chunks.next() else { return ResponseBody(byteBuffer: ByteBuffer()) }
        guard let second = try await chunks.next() else { return ResponseBody(byteBuffer: ByteBuffer(bytes: first)) }
        return ResponseBody { writer in
            try await writer.write(ByteBuffer(bytes: first))
            try await writer.write(ByteBuffer(bytes: second))
            while let chunk = try await chunks.next() { try await writer.write(ByteBuffer(bytes: chunk)) }
            try await writer.finish(nil)
        }
    }
}

/// The chunks not sent yet, read by one reader at a time: the route takes the first two,
/// then the body the rest (never both at once, hence unchecked).
private final class WrittenChunks: @unchecked Sendable {
    private var iterator: AsyncThrowingStream<[UInt8], any Error>.AsyncIterator

    init(_ stream: AsyncThrowingStream<[UInt8], any Error>) {
        iterator = stream.makeAsyncIterator()
    }

    func next() async throws -> [UInt8]? {
        var current = iterator
        defer { iterator = current }
        return try await current.next()
    }
}
