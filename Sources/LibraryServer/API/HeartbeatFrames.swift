import Hummingbird
import ServiceLifecycle
import Synchronization

/// Writes a long-lived streamed answer (the event feed, a scan's lines) through one writer:
/// the frames `produce` yields, merged with `heartbeat` every `interval`, so a silent
/// stream stays open through proxies and client read timeouts and a client that left is
/// noticed at the next write. A server shutting down ends the stream at once.
///
/// A client that stops reading cannot make the server buffer without bound: at most
/// `maximumPendingFrames` frames wait for it, and a client that has not taken a frame
/// waiting for a whole `interval`, or lets the buffer fill, is dropped (the connection is
/// closed and its subscription ends).
enum HeartbeatFrames {
    /// How many frames may wait for a slow client.
    static let maximumPendingFrames = 1024

    static func write(
        to writer: inout any ResponseBodyWriter, every interval: Duration, heartbeat: ByteBuffer,
        maximumPending: Int = maximumPendingFrames,
        produce: @escaping @Sendable (_ output: FrameSink) async throws -> Void
    ) async throws {
        let (frames, continuation) = AsyncStream.makeStream(of: ByteBuffer.self, bufferingPolicy: .bufferingOldest(maximumPending))
        let sink = FrameSink(continuation)
        let box = WriterBox(writer)
        defer { writer = box.writer }
        try await withGracefulShutdownHandler {
            try await withThrowingTaskGroup(of: Role.self) { group in
                group.addTask {
                    defer { continuation.finish() }
                    try await produce(sink)
                    return .producer
                }
                group.addTask {
                    while true {
                        try await Task.sleep(for: interval)
                        try sink.checkProgress()
                        try sink.yield(heartbeat)
                    }
                }
                group.addTask {
                    // The group's tasks only: the writer is used by one task at a time.
                    for await frame in frames {
                        try await box.writer.write(frame)
                        sink.written()
                    }
                    return .writer
                }
                while let role = try await group.next() {
                    if role == .writer { break }
                }
                group.cancelAll()
            }
        } onGracefulShutdown: {
            continuation.finish()
        }
    }

    private enum Role: Sendable { case producer, writer }
}

/// Where a streamed answer's producer puts its frames: bounded, and able to tell that the
/// client stopped reading.
final class FrameSink: Sendable {
    private let continuation: AsyncStream<ByteBuffer>.Continuation
    private let counts = Mutex(Counts())

    private struct Counts {
        var yielded = 0
        var written = 0
        /// `yielded` at the previous heartbeat: frames older than one interval.
        var yieldedAtLastCheck = 0
    }

    init(_ continuation: AsyncStream<ByteBuffer>.Continuation) {
        self.continuation = continuation
    }

    /// Queues `frame` for the client.
    ///
    /// - Throws: `StalledClient` when the client let the buffer fill.
    func yield(_ frame: ByteBuffer) throws(StalledClient) {
        switch continuation.yield(frame) {
        case .dropped: throw StalledClient()
        case .enqueued: counts.withLock { $0.yielded += 1 }
        case .terminated: break
        @unknown default: break
        }
    }

    /// Counts a frame the client took.
    fileprivate func written() {
        counts.withLock { $0.written += 1 }
    }

    /// Throws when a frame queued before the previous check is still waiting: the client
    /// has taken nothing for a whole interval.
    fileprivate func checkProgress() throws(StalledClient) {
        let stalled = counts.withLock { counts in
            defer { counts.yieldedAtLastCheck = counts.yielded }
            return counts.written < counts.yieldedAtLastCheck
        }
        if stalled { throw StalledClient() }
    }
}

/// A client that stopped reading a streamed answer: it is dropped.
struct StalledClient: Error, CustomStringConvertible {
    var description: String { "The client stopped reading the stream: it was dropped." }
}

/// The response writer, moved into the task that writes (the group waits for it, so no
/// two tasks ever use it at once).
private final class WriterBox: @unchecked Sendable {
    var writer: any ResponseBodyWriter
    init(_ writer: any ResponseBodyWriter) { self.writer = writer }
}
