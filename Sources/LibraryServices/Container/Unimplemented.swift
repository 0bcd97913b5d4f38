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
}

/// A `ScanService` whose scans fail with `.unimplemented`.
public struct UnimplementedScanService: ScanService {
    public init() {}
    public func scan(_ request: ScanRequest) -> AsyncThrowingStream<ScanEvent, any Error> {
        AsyncThrowingStream { $0.finish(throwing: unimplemented("ScanService.scan")) }
    }
}

/// A `PlaylistService` whose every method throws `.unimplemented`.
public struct UnimplementedPlaylistService: PlaylistService {
    public init() {}
    public func playlists() async throws -> [Playlist] { throw unimplemented("PlaylistService.playlists") }
    public func playlist(named name: String) async throws -> Playlist { throw unimplemented("PlaylistService.playlist(named:)") }
    public func create(_ draft: PlaylistDraft) async throws -> Playlist { throw unimplemented("PlaylistService.create") }
    public func entries(of name: String) async throws -> [PlaylistEntry] { throw unimplemented("PlaylistService.entries") }
    public func add(_ request: ListRequest, to name: String, at position: Int?) async throws -> Int { throw unimplemented("PlaylistService.add") }
    public func remove(positions: [Int], from name: String) async throws -> Int { throw unimplemented("PlaylistService.remove") }
    public func delete(named name: String) async throws -> Playlist { throw unimplemented("PlaylistService.delete") }
}
