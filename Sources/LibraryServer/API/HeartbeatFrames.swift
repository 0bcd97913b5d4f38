import Hummingbird
import ServiceLifecycle

/// Writes a long-lived streamed answer (the event feed, a scan's lines) through one writer:
/// the frames `produce` yields, merged with `heartbeat` every `interval`, so a silent
/// stream stays open through proxies and client read timeouts and a client that left is
/// noticed at the next write. A server shutting down ends the stream at once.
enum HeartbeatFrames {
    static func write(
        to writer: inout any ResponseBodyWriter, every interval: Duration, heartbeat: ByteBuffer,
        produce: @escaping @Sendable (_ output: AsyncStream<ByteBuffer>.Continuation) async throws -> Void
    ) async throws {
        let (frames, output) = AsyncStream.makeStream(of: ByteBuffer.self)
        try await withGracefulShutdownHandler {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    defer { output.finish() }
                    try await produce(output)
                }
                group.addTask {
                    while true {
                        try await Task.sleep(for: interval)
                        output.yield(heartbeat)
                    }
                }
                defer { group.cancelAll() }
                for await frame in frames {
                    try await writer.write(frame)
                }
            }
        } onGracefulShutdown: {
            output.finish()
        }
    }
}
