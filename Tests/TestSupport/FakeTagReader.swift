import Foundation
import LibraryCore
import LibraryServices
import Synchronization

/// A `TagReader` for service tests: a file's content is the JSON of its `TrackMetadata`
/// (write one with `FakeTagReader.file(_:)`); anything else is "not audio". Its fingerprint
/// hashes the whole content, so a moved file matches and a retagged one does not. Counts
/// reads per path, so tests can prove unchanged files are never opened.
public final class FakeTagReader: TagReader {
    private let reads = Mutex<[String: Int]>([:])
    /// Paths (by suffix) whose read fails with this error, as if TagLib rejected them.
    private let failures: [String: TagReadError]
    /// How long each read takes, to widen race windows in tests.
    private let delay: Duration
    /// Reads after this many block until `resume()` (nil: never block).
    private let pauseAfter: Int?
    private let gate = DispatchSemaphore(value: 0)
    private let resumed = Mutex(false)

    public init(failures: [String: TagReadError] = [:], delay: Duration = .zero, pauseAfter: Int? = nil) {
        self.failures = failures
        self.delay = delay
        self.pauseAfter = pauseAfter
    }

    /// Lets reads blocked by `pauseAfter` (and all later ones) go on.
    public func resume() {
        resumed.withLock { $0 = true }
        for _ in 0..<64 { gate.signal() }
    }

    public func read(_ path: RawPath) throws(TagReadError) -> TagReading {
        let count = reads.withLock { reads -> Int in
            reads[path.text, default: 0] += 1
            return reads.values.reduce(0, +)
        }
        if let pauseAfter, count > pauseAfter, !resumed.withLock({ $0 }) {
            gate.wait()
        }
        if delay > .zero {
            Thread.sleep(forTimeInterval: Double(delay.components.attoseconds) / 1e18 + Double(delay.components.seconds))
        }
        if let failure = failures.first(where: { path.text.hasSuffix($0.key) })?.value { throw failure }
        guard let data = FakeTagReader.contents(of: path) else {
            throw TagReadError(.unreadable, "cannot open the file")
        }
        if data.isEmpty { throw TagReadError(.empty, "empty file (0 bytes)") }
        guard let metadata = try? JSONDecoder().decode(TrackMetadata.self, from: data) else {
            throw TagReadError(.notAudio, "not an audio file TagLib can read")
        }
        let hash = data.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
        return TagReading(metadata: metadata, fingerprint: "fake:\(String(hash, radix: 16))")
    }

    /// Reads a file by its raw bytes path (names need not be UTF-8).
    static func contents(of path: RawPath) -> Data? {
        let fd = path.withCString { open($0, O_RDONLY) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }

    /// Writes a file by its raw bytes path; true on success.
    public static func write(_ data: Data, to path: RawPath) -> Bool {
        let fd = path.withCString { open($0, O_CREAT | O_WRONLY | O_TRUNC, 0o644) }
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return data.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) } == data.count
    }

    /// How many times any file was read.
    public var totalReads: Int { reads.withLock { $0.values.reduce(0, +) } }

    /// How many times the file at `path` was read.
    public func readCount(_ path: String) -> Int { reads.withLock { $0[RawPath.text(of: Array(path.utf8)), default: 0] } }

    /// The file content that reads back as `metadata`.
    public static func file(_ metadata: TrackMetadata) -> Data {
        (try? JSONEncoder().encode(metadata)) ?? Data()
    }

    /// A small track's metadata.
    public static func track(
        _ title: String, artist: String = "Artist", album: String? = "Album", albumArtist: String? = nil,
        track: Int? = nil, disc: Int? = nil, year: Int? = nil, genres: [String] = [], compilation: Bool = false,
        durationMs: Int = 180_000, format: String = "MP3"
    ) -> TrackMetadata {
        TrackMetadata(
            format: format, durationMs: durationMs, bitrate: 192, sampleRate: 44100, channels: 2,
            title: title, artists: [artist], albumArtists: albumArtist.map { [$0] } ?? [], album: album,
            trackNumber: track, discNumber: disc, year: year, genres: genres, compilation: compilation)
    }
}
