import Foundation
import Hummingbird
import LibraryCore
import LibraryServices
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Transcodes tracks with ffmpeg for `stream`: at most `limit` at once, finished outputs
/// kept in the cache, every child killed when its client goes.
public final class Transcoder: Sendable {
    /// The ffmpeg executable; nil when transcoding is off (none found).
    public let executable: String?
    /// How many ffmpeg children may run at once.
    public let limit: Int
    /// The format for a bitrate limit alone.
    public let downsample: TranscodeFormat
    /// Finished transcodes; nil when not cached (no cache folder given or usable).
    let cache: TranscodeCache?
    /// How many bytes of ffmpeg's output are read and written at a time.
    static let chunkLength = 64 * 1024
    /// How many bytes of output are gathered before the response starts.
    static let firstLength = 32 * 1024

    private struct State {
        var reserved = 0
        var children: [pid_t: FFmpegProcess] = [:]
    }

    private let state = Mutex(State())

    /// A transcoder as `configuration` says; a cache folder that cannot be made leaves the
    /// cache off (`cacheProblem` says why) rather than the server down. Without ffmpeg no
    /// cache folder is made.
    public init(configuration: ServerConfiguration) {
        executable = configuration.ffmpegPath
        limit = max(1, configuration.transcodeLimit)
        downsample = configuration.downsampleFormat
        if configuration.ffmpegPath != nil, let folder = configuration.transcodeCacheDirectory, configuration.transcodeCacheSize > 0 {
            do {
                cache = try TranscodeCache(directory: URL(fileURLWithPath: folder), limit: configuration.transcodeCacheSize)
                cacheProblem = nil
            } catch {
                cache = nil
                cacheProblem = "cannot use \(folder) for the transcode cache: \(error.localizedDescription)"
            }
        } else {
            cache = nil
            cacheProblem = nil
        }
    }

    /// Why the cache is off although a folder was given; nil when it is on or not asked for.
    public let cacheProblem: String?

    /// Whether ffmpeg was found.
    public var isEnabled: Bool { executable != nil }

    /// `explicit` when it names an executable file, else the first `ffmpeg` on `PATH`.
    public static func locate(_ explicit: String?, path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        if let explicit { return access(explicit, X_OK) == 0 ? explicit : nil }
        for folder in (path ?? "/usr/bin:/bin").split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/ffmpeg"
            var info = stat()
            if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// The plan for `ask` on `track`.
    func plan(_ ask: StreamAsk, for track: Track) throws(StreamRefusal) -> StreamPlan {
        try StreamRules.plan(
            ask, sourceFormat: track.metadata.audio.format, sourceBitRate: track.metadata.audio.bitrate, downsample: downsample, available: isEnabled)
    }

    /// The process ids of the ffmpeg children running now.
    var runningProcessIDs: [pid_t] { state.withLock { Array($0.children.keys) } }

    /// The answer to `request` for `track` (its `file` open and checked) in `format` at
    /// `bitRate`: a cached transcode (served like a file, with Range), or ffmpeg's output
    /// streamed as it comes and kept in the cache once complete. Nothing is sent before
    /// ffmpeg has written its first bytes, so a file it cannot read is a clean error.
    func response(
        track: Track, file: MediaFile, format: TranscodeFormat, bitRate: Int?, ask: StreamAsk, request: Request, logger: Logger
    ) async throws(TranscodeFailure) -> Response {
        let key = ask.timeOffset > 0 ? nil
            : TranscodeCache.key(track: track.id, size: file.size, mtimeNs: file.mtimeNs, format: format, bitRate: bitRate)
        if let key, let cache, let path = cache.lookup(key),
           let cached = MediaFile(path: RawPath(path), contentType: format.contentType) {
            return MediaResponder().response(for: cached, request: request)
        }
        var headers = HTTPFields()
        headers[.contentType] = format.contentType
        let remaining = max(0, Double(track.metadata.audio.durationMs) / 1000 - ask.timeOffset)
        let sampleRate = track.metadata.audio.sampleRate
        let estimate = ask.estimateContentLength
            ? format.estimatedLength(seconds: remaining, bitRate: bitRate, sampleRate: sampleRate) : nil
        if let estimate { headers[.contentLength] = String(estimate) }
        guard request.method != .head else { return Response(status: .ok, headers: headers, body: ResponseBody()) }

        let process = try start(arguments: arguments(format: format, bitRate: bitRate, ask: ask, track: track), input: file)
        let pending = key.flatMap { cache?.begin($0) }
        // The first bytes are gathered before answering: a file ffmpeg cannot decode ends
        // its output early, and gets an error instead of a 200 with a stream of nothing.
        var first = ByteBuffer()
        var ended = false
        do {
            while first.readableBytes < Self.firstLength {
                var chunk = try await Self.next(from: process, into: pending)
                if chunk.readableBytes == 0 { ended = true; break }
                first.writeBuffer(&chunk)
            }
        } catch {
            process.closeOutput()
            process.terminate()
            throw TranscodeFailure.failed("reading ffmpeg's output failed: \(error)")
        }
        if ended {
            let status = await process.exitStatus()
            let expected = (format.estimatedLength(seconds: remaining, bitRate: bitRate, sampleRate: sampleRate) ?? 0) / 20
            if !FFmpegProcess.succeeded(status) || (remaining >= 1 && first.readableBytes < expected) {
                pending?.discard()
                let said = process.errorOutput
                logger.warning("ffmpeg could not transcode track \(track.id): \(said.isEmpty ? "no audio decoded" : said)")
                let reason = said.split(separator: "\n").last.map(String.init) ?? "no audio could be decoded"
                throw TranscodeFailure.failed(
                    "The file of song \(SubsonicID.track(track.id)) could not be transcoded (ffmpeg: \(reason)); "
                        + "ask for format=raw to get it as it is.")
            }
        }
        let body = Self.body(first: first, process: process, pending: pending, estimate: estimate, track: track.id, logger: logger)
        return Response(status: .ok, headers: headers, body: body)
    }

    /// A slot and a running ffmpeg, or why not.
    private func start(arguments: [String], input: MediaFile) throws(TranscodeFailure) -> FFmpegProcess {
        guard let executable else { throw TranscodeFailure.failed("ffmpeg was not found: this server does not transcode.") }
        let admitted = state.withLock { state in
            guard state.reserved < limit else { return false }
            state.reserved += 1
            return true
        }
        guard admitted else {
            throw TranscodeFailure.busy(
                "The server is already transcoding \(limit) streams (its --transcode-limit): try again shortly, or ask for format=raw.")
        }
        let slot = SlotRelease(transcoder: self)
        do {
            let process = try FFmpegProcess(executable: executable, arguments: arguments, input: input.descriptor.value) { pid in
                slot.release(pid: pid)
            }
            state.withLock { state in
                if !slot.isReleased { state.children[process.pid] = process }
            }
            return process
        } catch {
            slot.release()
            throw TranscodeFailure.failed("The server could not start ffmpeg (\(error)).")
        }
    }

    /// Gives a slot back and forgets the child whose exit freed it.
    fileprivate func release(pid: pid_t?) {
        state.withLock { state in
            state.reserved -= 1
            if let pid { state.children[pid] = nil }
        }
    }

    /// ffmpeg's arguments: quiet but for errors, the input by descriptor (no name is ever
    /// read as an option), its first audio stream only, from `timeOffset` when given.
    func arguments(format: TranscodeFormat, bitRate: Int?, ask: StreamAsk, track: Track) -> [String] {
        var arguments = ["-hide_banner", "-nostdin", "-nostats", "-v", "error"]
        if ask.timeOffset > 0 { arguments += ["-ss", String(format: "%.3f", ask.timeOffset)] }
        arguments += ["-i", "file:/proc/self/fd/3", "-map", "0:a:0", "-vn", "-map_metadata", "-1"]
        arguments += format.encoderArguments(bitRate: bitRate, sampleRate: track.metadata.audio.sampleRate)
        return arguments + ["pipe:1"]
    }

    /// The next chunk of ffmpeg's output (empty at its end), also appended to the cache entry.
    static func next(from process: FFmpegProcess, into pending: PendingEntry?) async throws -> ByteBuffer {
        try await OffCooperativePool.run {
            let chunk = try process.read(upTo: chunkLength)
            if let pending { chunk.withUnsafeReadableBytes { pending.append($0) } }
            return chunk
        }
    }
}

/// Gives a transcoder's slot back once (the spawn failed, or the child was reaped).
private final class SlotRelease: Sendable {
    private let transcoder: Transcoder
    private let released = Mutex(false)

    init(transcoder: Transcoder) { self.transcoder = transcoder }

    var isReleased: Bool { released.withLock { $0 } }

    func release(pid: pid_t? = nil) {
        let first = released.withLock { released in
            defer { released = true }
            return !released
        }
        if first { transcoder.release(pid: pid) }
    }
}

/// Why a transcode was refused or failed, in a sentence for the client.
enum TranscodeFailure: Error, CustomStringConvertible {
    /// Every slot is taken.
    case busy(String)
    /// ffmpeg is missing, would not start, or could not read the file.
    case failed(String)

    var description: String {
        switch self {
        case .busy(let message), .failed(let message): message
        }
    }
}
