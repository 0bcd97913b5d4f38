import Foundation
import LibraryCore
import LibraryServices
import Synchronization

/// A `LibraryService` answering from fixed data, counting calls, optionally failing.
public final class StubLibraryService: LibraryService {
    private struct Data {
        var tracks: [Track] = []
        var albums: [AlbumSummary] = []
        var artists: [ArtistSummary] = []
        var libraries: [Library] = []
        var statistics = LibraryStatistics()
        var failure: LibraryError?
        var calls: [String: Int] = [:]
    }

    private let data = Mutex(Data())

    public init(tracks: [Track] = [], albums: [AlbumSummary] = [], artists: [ArtistSummary] = [], libraries: [Library] = [], statistics: LibraryStatistics = LibraryStatistics()) {
        data.withLock {
            $0.tracks = tracks; $0.albums = albums; $0.artists = artists
            $0.libraries = libraries; $0.statistics = statistics
        }
    }

    /// Makes every later call throw `error` (nil: answer again).
    public func fail(with error: LibraryError?) { data.withLock { $0.failure = error } }
    /// Replaces the tracks later calls return.
    public func setTracks(_ tracks: [Track]) { data.withLock { $0.tracks = tracks } }
    /// How many times `method` ("tracks", "albums", ...) was called.
    public func calls(_ method: String) -> Int { data.withLock { $0.calls[method, default: 0] } }

    private func answer<T>(_ method: String, _ pick: (Data) -> T) throws -> T {
        try data.withLock { data in
            data.calls[method, default: 0] += 1
            if let failure = data.failure { throw failure }
            return pick(data)
        }
    }

    public func libraries() async throws -> [Library] { try answer("libraries") { $0.libraries } }
    public func library(named name: String) async throws -> Library {
        guard let library = try answer("library", { $0.libraries.first { $0.name == name } }) else {
            throw LibraryError(.notFound, "No library named \"\(name)\".")
        }
        return library
    }
    public func renameLibrary(named name: String, to newName: String) async throws -> Library {
        var library = try await self.library(named: name)
        library.name = newName
        return library
    }
    public func removeLibrary(named name: String) async throws -> Library { try await library(named: name) }
    public func tracks(_ request: ListRequest) async throws -> [Track] { try answer("tracks") { $0.tracks } }
    public func albums(_ request: ListRequest) async throws -> [AlbumSummary] { try answer("albums") { $0.albums } }
    public func artists(_ request: ListRequest) async throws -> [ArtistSummary] { try answer("artists") { $0.artists } }
    public func track(id: Int64) async throws -> Track? { try answer("track") { $0.tracks.first { $0.id == id } } }
    public func track(path: RawPath) async throws -> Track? { try answer("track") { $0.tracks.first { $0.path == path } } }
    public func statistics(matching query: LibraryQuery) async throws -> LibraryStatistics { try answer("statistics") { $0.statistics } }
    public func unreadableFiles() async throws -> [StoredFailure] { try answer("unreadableFiles") { _ in [] } }
    public func prune(library name: String?, dryRun: Bool) async throws -> PruneReport { try answer("prune") { _ in PruneReport() } }
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
        Track(
            id: id, libraryID: 1, libraryName: "Music", path: RawPath("/music/\(title).mp3"), fileSize: 1000,
            mtimeNs: 0, metadata: TrackMetadata(format: "MP3", durationMs: 1000, title: title, artists: [artist]),
            albumID: nil, addedAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0), missingSince: nil)
    }

    public static let library = Library(id: 1, name: "Music", root: RawPath("/music"), createdAt: Date(timeIntervalSince1970: 0), lastScanAt: nil)
}
