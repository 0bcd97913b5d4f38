import Hummingbird
import Synchronization

/// A response body made of chunks already rendered, with its length known (so it carries
/// `Content-Length` like a single buffer). Each chunk is copied into the socket's buffer
/// only when its turn comes and released once written: a large answer waiting for a slow
/// client holds what is left to send, not a second copy of the whole.
enum ChunkedBody {
    /// `chunks` as one body: a single chunk is sent as one buffer.
    static func body(_ chunks: [[UInt8]]) -> ResponseBody {
        guard chunks.count > 1 else { return ResponseBody(byteBuffer: ByteBuffer(bytes: chunks.first ?? [])) }
        let length = chunks.reduce(0) { $0 + $1.count }
        let pending = PendingChunks(chunks)
        return ResponseBody(contentLength: length) { writer in
            while let chunk = pending.next() {
                try await writer.write(ByteBuffer(bytes: chunk))
            }
            try await writer.finish(nil)
        }
    }
}

/// The chunks not written yet, handed out in order, each forgotten as it is handed out.
private final class PendingChunks: Sendable {
    /// Last chunk first, so taking the next one is `popLast`.
    private let reversed: Mutex<[[UInt8]]>

    init(_ chunks: [[UInt8]]) {
        reversed = Mutex(Array(chunks.reversed()))
    }

    func next() -> [UInt8]? {
        reversed.withLock { $0.popLast() }
    }
}
