import Foundation
import LibraryCore
import LibraryServices

/// A closure-based `LibraryService` for view-model tests: set the closures a test needs;
/// the others throw `.unimplemented`, so an unexpected call fails loudly.
public struct MockLibraryService: LibraryService {
    public var librariesHandler: @Sendable () async throws -> [Library] = { throw missing("libraries") }
    public var libraryNamedHandler: @Sendable (String) async throws -> Library = { _ in throw missing("library(named:)") }
    public var renameLibraryHandler: @Sendable (String, String) async throws -> Library = { _, _ in throw missing("renameLibrary") }
    public var removeLibraryHandler: @Sendable (String) async throws -> Library = { _ in throw missing("removeLibrary") }
    public var tracksHandler: @Sendable (ListRequest) async throws -> [Track] = { _ in throw missing("tracks") }
    public var albumsHandler: @Sendable (ListRequest) async throws -> [AlbumSummary] = { _ in throw missing("albums") }
    public var artistsHandler: @Sendable (ListRequest) async throws -> [ArtistSummary] = { _ in throw missing("artists") }
    public var searchHandler: @Sendable (String, Int?) async throws -> [Track] = { _, _ in throw missing("search") }
    public var trackByIDHandler: @Sendable (Int64) async throws -> Track? = { _ in throw missing("track(id:)") }
    public var trackByPathHandler: @Sendable (RawPath) async throws -> Track? = { _ in throw missing("track(path:)") }
    public var statisticsHandler: @Sendable (LibraryQuery) async throws -> LibraryStatistics = { _ in throw missing("statistics") }
    public var unreadableFilesHandler: @Sendable () async throws -> [StoredFailure] = { throw missing("unreadableFiles") }
    public var healthHandler: @Sendable () async throws -> LibraryHealth = { throw missing("health") }
    public var pruneHandler: @Sendable (String?, Bool) async throws -> PruneReport = { _, _ in throw missing("prune") }
    public var mergeHandler: @Sendable (Int64, Int64, Bool) async throws -> TrackMergeReport = { _, _, _ in throw missing("merge") }

    public init() {}

    public func libraries() async throws -> [Library] { try await librariesHandler() }
    public func library(named name: String) async throws -> Library { try await libraryNamedHandler(name) }
    public func renameLibrary(named name: String, to newName: String) async throws -> Library { try await renameLibraryHandler(name, newName) }
    public func removeLibrary(named name: String) async throws -> Library { try await removeLibraryHandler(name) }
    public func tracks(_ request: ListRequest) async throws -> [Track] { try await tracksHandler(request) }
    public func albums(_ request: ListRequest) async throws -> [AlbumSummary] { try await albumsHandler(request) }
    public func artists(_ request: ListRequest) async throws -> [ArtistSummary] { try await artistsHandler(request) }
    public func search(_ text: String, limit: Int?) async throws -> [Track] { try await searchHandler(text, limit) }
    public func track(id: Int64) async throws -> Track? { try await trackByIDHandler(id) }
    public func track(path: RawPath) async throws -> Track? { try await trackByPathHandler(path) }
    public func statistics(matching query: LibraryQuery) async throws -> LibraryStatistics { try await statisticsHandler(query) }
    public func unreadableFiles() async throws -> [StoredFailure] { try await unreadableFilesHandler() }
    public func health() async throws -> LibraryHealth { try await healthHandler() }
    public func prune(library name: String?, dryRun: Bool) async throws -> PruneReport { try await pruneHandler(name, dryRun) }
    public func merge(trackID oldID: Int64, into newID: Int64, force: Bool) async throws -> TrackMergeReport {
        try await mergeHandler(oldID, newID, force)
    }
}

private func missing(_ method: String) -> LibraryError {
    LibraryError(.unimplemented, "MockLibraryService.\(method) was called, but the test did not set its handler.")
}

extension Track {
    /// A present track with `metadata`, for view-model tests.
    public static func sample(id: Int64, _ metadata: TrackMetadata, path: String? = nil) -> Track {
        Track(
            id: id, libraryID: 1, libraryName: "Music", path: RawPath(path ?? "/music/\(id).mp3"), fileSize: 1000,
            mtimeNs: 0, metadata: metadata, albumID: nil, addedAt: Date(timeIntervalSince1970: 0),
            updatedAt: Date(timeIntervalSince1970: 0), missingSince: nil)
    }
}
