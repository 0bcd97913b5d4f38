import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

extension Transcoder {
    /// ffmpeg's output from `first` on, streamed as it comes. When the client goes (a write
    /// fails) or the server stops (a graceful shutdown, or the task cancelled), ffmpeg is
    /// stopped at once and the cache entry dropped; the entry is kept only when ffmpeg ended well. With an `estimate`,
    /// exactly that many bytes are sent: the output, cut or padded with zero bytes (which
    /// decoders skip; the MP3 estimate is exact to a frame, Ogg's end is its last page).
    static func body(
        first: ByteBuffer, process: FFmpegProcess, pending: PendingEntry?, estimate: Int?, track: Int64, logger: Logger
    ) -> ResponseBody {
        let write: @Sendable (inout any ResponseBodyWriter) async throws -> Void = { writer in
            var sent = 0
            do {
                try await withGracefulShutdownHandler {
                    try await withTaskCancellationHandler {
                        var chunk = first
                        while chunk.readableBytes > 0 {
                            if let estimate, sent + chunk.readableBytes > estimate {
                                chunk = chunk.getSlice(at: chunk.readerIndex, length: max(0, estimate - sent)) ?? ByteBuffer()
                            }
                            sent += chunk.readableBytes
                            if chunk.readableBytes > 0 { try await writer.write(chunk) }
                            chunk = try await next(from: process, into: pending)
                        }
                    } onCancel: {
                        process.terminate()
                    }
                } onGracefulShutdown: {
                    // The server stops: a long song must not hold it (nor outlive it).
                    process.terminate()
                }
            } catch {
                // The client is gone (or the server stops): no one reads ffmpeg's output any more.
                process.closeOutput()
                process.terminate()
                pending?.discard()
                throw error
            }
            process.closeOutput()
            let status = await process.exitStatus()
            guard FFmpegProcess.succeeded(status) else {
                pending?.discard()
                logger.warning("ffmpeg stopped while transcoding track \(track): \(process.errorOutput)")
                throw TranscodeFailure.failed("ffmpeg stopped while transcoding track \(track)")
            }
            if !process.errorOutput.isEmpty { logger.info("ffmpeg on track \(track): \(process.errorOutput)") }
            pending?.commit()
            if let estimate, sent < estimate {
                let zeros = ByteBuffer(repeating: 0, count: estimate - sent)
                try await writer.write(zeros)
            }
            try await writer.finish(nil)
        }
        return ResponseBody(contentLength: estimate, write)
    }
}
