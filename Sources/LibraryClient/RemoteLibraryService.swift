import Foundation
import KanoraAPI
import LibraryCore
import LibraryServices

/// `LibraryService` over a Kanora server's API: the server's libraries and tracks.
public struct RemoteLibraryService: LibraryService {
    let client: APIClient

    public init(client: APIClient) { self.client = client }

    public func libraries() async throws -> [Library] { try await client.send(LibrariesRequest()) }
    public func library(named name: String) async throws -> Library { try await client.send(LibraryNamedRequest(NameQuery(name: name))) }
    public func renameLibrary(named name: String, to newName: String) async throws -> Library {
        try await client.send(RenameLibraryRequest(RenameBody(name: name, newName: newName)))
    }
    public func removeLibrary(named name: String) async throws -> Library { try await client.send(RemoveLibraryRequest(NameQuery(name: name))) }
    public func tracks(_ request: ListRequest) async throws -> [Track] { try await client.send(TracksRequest(request)).map(\.track) }
    public func albums(_ request: ListRequest) async throws -> [AlbumSummary] { try await client.send(AlbumsRequest(request)) }
    public func artists(_ request: ListRequest) async throws -> [ArtistSummary] { try await client.send(ArtistsRequest(request)) }
    public func search(_ text: String, limit: Int?) async throws -> [Track] {
        try await client.send(SearchRequest(SearchTextQuery(text: text, limit: limit))).map(\.track)
    }
    public func track(id: Int64) async throws -> Track? { try await client.send(TrackRequest(TrackQuery(id: id))).track }
    public func track(path: RawPath) async throws -> Track? { try await client.send(TrackRequest(TrackQuery(path: path))).track }
    public func statistics(matching query: LibraryQuery) async throws -> LibraryStatistics { try await client.send(StatisticsRequest(query)) }
    public func unreadableFiles() async throws -> [StoredFailure] { try await client.send(UnreadableFilesRequest()) }
    public func health() async throws -> LibraryHealth { try await client.send(HealthRequest()) }
    public func prune(library name: String?, dryRun: Bool) async throws -> PruneReport {
        try await client.send(PruneRequest(PruneBody(library: name, dryRun: dryRun)))
    }

    public func merge(trackID oldID: Int64, into newID: Int64, force: Bool) async throws -> TrackMergeReport {
        try await client.send(MergeTracksRequest(MergeBody(oldID: oldID, newID: newID, force: force)))
    }
}
