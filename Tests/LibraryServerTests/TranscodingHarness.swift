import Foundation
import Hummingbird
import HummingbirdTesting
import LibraryCore
@testable import LibraryServer
import LibraryServices
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Audio made with ffmpeg in a temporary folder, scanned, behind a server that transcodes
/// with the real ffmpeg and caches in `cache/`. Transcoding tests only: they need ffmpeg.
struct TranscodingLibrary {
    /// The ffmpeg the tests use; nil skips them.
    static let ffmpeg = Transcoder.locate(nil)
    /// Why the transcoding tests are skipped.
    static let skipReason: Comment = "ffmpeg is not installed (apt-get install ffmpeg, or scripts/install-deps.sh)"

    let folder: TemporaryDirectory
    let harness: ServerHarness
    let state: ServerState
    /// Track ids by file name.
    let ids: [String: Int64]

    /// `files` maps names under `music/` to ffmpeg arguments that write them (the output
    /// path is appended); `damage` then edits files before the scan.
    init(
        _ files: [String: [String]], limit: Int = 4, cacheSize: Int64 = 100_000_000, ffmpeg: String? = TranscodingLibrary.ffmpeg,
        damage: (TemporaryDirectory) throws -> Void = { _ in }
    ) async throws {
        folder = try TemporaryDirectory("transcode")
        try FileManager.default.createDirectory(atPath: folder.path("music"), withIntermediateDirectories: true)
        for (name, arguments) in files {
            try Self.run(Self.ffmpeg ?? "ffmpeg", ["-v", "error", "-nostdin"] + arguments + ["file:" + folder.path("music/\(name)")])
        }
        try damage(folder)
        let services = try ServiceContainer.inMemory()
        _ = try await services.scanner.run(folder.path("music"))
        let tracks = try await services.library.tracks(ListRequest())
        ids = Dictionary(uniqueKeysWithValues: tracks.map { (String(decoding: $0.path.lastComponent, as: UTF8.self), $0.id) })
        harness = try ServerHarness(services: services)
        state = ServerState(configuration: ServerConfiguration(
            port: 0, serverVersion: "9.9.9", ffmpegPath: ffmpeg, transcodeLimit: limit,
            transcodeCacheDirectory: folder.path("cache"), transcodeCacheSize: cacheSize))
    }

    var application: some ApplicationProtocol {
        KanoraServer.application(services: harness.services, configuration: state.configuration, state: state)
    }

    /// `/rest/stream` (or another media method) for the track in `file` with `query`.
    func uri(_ file: String, _ query: String = "", method: String = "stream") -> String {
        "/rest/\(method)?\(ServerHarness.alice)&id=tr-\(ids[file]!)" + (query.isEmpty ? "" : "&\(query)")
    }

    /// The files the cache holds (finished transcodes, and partial ones being written).
    func cacheFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path("cache"))) ?? []).sorted()
    }

    func remove() { folder.remove() }

    /// Runs `executable` with `arguments`; throws with its stderr when it fails.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let problem = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw HarnessError("\(executable) \(arguments.joined(separator: " ")): \(String(decoding: problem, as: UTF8.self))")
        }
        return data
    }
}

/// What ffprobe says of some audio bytes.
struct Probe {
    let codec: String
    let seconds: Double
    /// Bits per second over the whole file.
    let bitRate: Double

    init(_ bytes: Data, in folder: TemporaryDirectory) throws {
        let path = try folder.write("probe-\(UUID().uuidString)", bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let ffprobe = (TranscodingLibrary.ffmpeg.map { ($0 as NSString).deletingLastPathComponent } ?? "/usr/bin") + "/ffprobe"
        let json = try TranscodingLibrary.run(
            ffprobe, ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", "file:" + path])
        let root = try JSONSerialization.jsonObject(with: json) as? [String: Any]
        let stream = (root?["streams"] as? [[String: Any]])?.first
        let format = root?["format"] as? [String: Any]
        codec = stream?["codec_name"] as? String ?? "none"
        seconds = Double(format?["duration"] as? String ?? "") ?? 0
        bitRate = Double(stream?["bit_rate"] as? String ?? format?["bit_rate"] as? String ?? "") ?? 0
    }
}

/// A raw HTTP/1.1 client on a loopback socket with a 4 KB receive window: a server sending
/// to a client that stops reading blocks after a few kilobytes, as for a slow phone, not
/// megabytes later. It sends a GET, reads a little, and may close mid-answer.
struct RawClient: Sendable {
    private let socket: LoopbackEventStream.Socket

    init(port: Int) throws {
        socket = try LoopbackEventStream.Socket(port: port, receiveBuffer: 4096)
    }

    /// Sends `GET uri` and returns the first bytes of the answer (blocking until some come).
    func get(_ uri: String) throws -> String {
        try socket.send(Array("GET \(uri) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        guard let bytes = try socket.receive() else { throw HarnessError("the server closed the connection") }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Closes the connection (once; later calls do nothing).
    func close() { socket.close() }
}

/// Whether a process with `pid` exists (a zombie counts: it is not reaped yet).
func processExists(_ pid: pid_t) -> Bool {
    FileManager.default.fileExists(atPath: "/proc/\(pid)")
}
