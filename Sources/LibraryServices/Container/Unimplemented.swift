import Foundation
import LibraryCore

/// Fails loudly: a test called a service it did not set up.
func unimplemented(_ function: String) -> LibraryError {
    LibraryError(.unimplemented, "\(function) was called, but this container has no such service: pass one to ServiceContainer.mock.")
}

/// A `LibraryService` whose every method throws `.unimplemented`.
public struct UnimplementedLibraryService: LibraryService {
    public init() {}
    public func libraries() async throws -> [Library] { throw unimplemented("LibraryService.libraries") }
    public func library(named name: String) async throws -> Library { throw unimplemented("LibraryService.library(named:)") }
    public func renameLibrary(named name: String, to newName: String) async throws -> Library { throw unimplemented("LibraryService.renameLibrary") }
    public func removeLibrary(named name: String) async throws -> Library { throw unimplemented("LibraryService.removeLibrary") }
    public func tracks(_ request: ListRequest) async throws -> [Track] { throw unimplemented("LibraryService.tracks") }
    public func albums(_ request: ListRequest) async throws -> [AlbumSummary] { throw unimplemented("LibraryService.albums") }
    public func artists(_ request: ListRequest) async throws -> [ArtistSummary] { throw unimplemented("LibraryService.artists") }
    public func search(_ text: String, limit: Int?) async throws -> [Track] { throw unimplemented("LibraryService.search") }
    public func track(id: Int64) async throws -> Track? { throw unimplemented("LibraryService.track(id:)") }
    public func track(path: RawPath) async throws -> Track? { throw unimplemented("LibraryService.track(path:)") }
    public func statistics(matching query: LibraryQuery) async throws -> LibraryStatistics { throw unimplemented("LibraryService.statistics") }
    public func unreadableFiles() async throws -> [StoredFailure] { throw unimplemented("LibraryService.unreadableFiles") }
    public func health() async throws -> LibraryHealth { throw unimplemented("LibraryService.health") }
    public func prune(library name: String?, dryRun: Bool) async throws -> PruneReport { throw unimplemented("LibraryService.prune") }
    public func merge(trackID oldID: Int64, into newID: Int64, force: Bool) async throws -> TrackMergeReport {
        throw unimplemented("LibraryService.merge")
    }
}

/// A `ScanService` whose scans fail with `.unimplemented`.
public struct UnimplementedScanService: ScanService {
    public init() {}
    public func scan(_ request: ScanRequest) -> AsyncThrowingStream<ScanEvent, any Error> {
        AsyncThrowingStream { $0.finish(throwing: unimplemented("ScanService.scan")) }
    }
}

/// A `WatchService` whose watches fail with `.unimplemented`.
public struct UnimplementedWatchService: WatchService {
    public init() {}
    public func watch(_ request: WatchRequest) -> WatchSession {
        WatchSession(events: AsyncThrowingStream { $0.finish(throwing: unimplemented("WatchService.watch")) }, stop: {})
    }
}

/// A `PlaylistService` whose every method throws `.unimplemented`.
public struct UnimplementedPlaylistService: PlaylistService {
    public init() {}
    public func playlists() async throws -> [Playlist] { throw unimplemented("PlaylistService.playlists") }
    public func playlist(named name: String) async throws -> Playlist { throw unimplemented("PlaylistService.playlist(named:)") }
    public func playlist(id: Int64) async throws -> Playlist { throw unimplemented("PlaylistService.playlist(id:)") }
    public func create(_ draft: PlaylistDraft) async throws -> Playlist { throw unimplemented("PlaylistService.create") }
    public func entries(of name: String) async throws -> [PlaylistEntry] { throw unimplemented("PlaylistService.entries") }
    public func add(_ requests: [ListRequest], to name: String, at position: Int?) async throws -> Int { throw unimplemented("PlaylistService.add") }
    public func add(trackIDs: [Int64], to name: String, at position: Int?) async throws -> Int { throw unimplemented("PlaylistService.add(trackIDs:)") }
    public func setEntries(trackIDs: [Int64], of name: String) async throws { throw unimplemented("PlaylistService.setEntries") }
    public func setDescription(_ description: String?, of name: String) async throws -> Playlist { throw unimplemented("PlaylistService.setDescription") }
    public func remove(positions: [Int], from name: String) async throws -> Int { throw unimplemented("PlaylistService.remove(positions:)") }
    public func remove(matching query: LibraryQuery, from name: String) async throws -> Int { throw unimplemented("PlaylistService.remove(matching:)") }
    public func move(from: Int, to: Int, in name: String) async throws { throw unimplemented("PlaylistService.move") }
    public func clear(_ name: String) async throws -> Int { throw unimplemented("PlaylistService.clear") }
    public func dedupe(_ name: String) async throws -> Int { throw unimplemented("PlaylistService.dedupe") }
    public func rename(_ name: String, to newName: String) async throws -> Playlist { throw unimplemented("PlaylistService.rename") }
    public func duplicate(_ name: String, as newName: String) async throws -> Playlist { throw unimplemented("PlaylistService.duplicate") }
    public func freeze(_ name: String) async throws -> Playlist { throw unimplemented("PlaylistService.freeze") }
    public func delete(named name: String) async throws -> Playlist { throw unimplemented("PlaylistService.delete") }
    public func importM3U(_ contents: Data, from fileURL: URL, name: String?) async throws -> PlaylistImport { throw unimplemented("PlaylistService.importM3U") }
    public func exportM3U(_ name: String, paths: M3UPathStyle) async throws -> String { throw unimplemented("PlaylistService.exportM3U") }
}
