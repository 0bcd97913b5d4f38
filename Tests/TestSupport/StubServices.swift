import Foundation
import LibraryCore
import LibraryServices
import Synchronization

/// A thread-safe value tests can change while a mock reads it, with a call counter.
public final class Shared<Value: Sendable>: Sendable {
    private let state: Mutex<(value: Value, reads: Int)>

    public init(_ value: Value) {
        state = Mutex((value, 0))
    }

    /// The value, counting the read.
    public func read() -> Value { state.withLock { $0.reads += 1; return $0.value } }
    public func set(_ value: Value) { state.withLock { $0.value = value } }
    /// How many times `read()` was called.
    public var reads: Int { state.withLock { $0.reads } }
}

/// A `ScanService` that replays scripted events (and then an error, if given).
public struct StubScanService: ScanService {
    let events: [ScanEvent]
    let error: LibraryError?

    public init(events: [ScanEvent], error: LibraryError? = nil) {
        self.events = events
        self.error = error
    }

    public func scan(_ request: ScanRequest) -> AsyncThrowingStream<ScanEvent, any Error> {
        let (events, error) = (self.events, self.error)
        return AsyncThrowingStream { continuation in
            for event in events { continuation.yield(event) }
            continuation.finish(throwing: error)
        }
    }
}

/// Small values for view-model tests.
public enum Samples {
    public static func track(_ id: Int64, _ title: String, artist: String = "Artist") -> Track {
        Track.sample(id: id, TrackMetadata(format: "MP3", durationMs: 1000, title: title, artists: [artist]), path: "/music/\(title).mp3")
    }

    public static let library = Library(id: 1, name: "Music", root: RawPath("/music"), createdAt: Date(timeIntervalSince1970: 0), lastScanAt: nil)
}
