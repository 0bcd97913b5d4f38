import Foundation
import KanoraAPI
import LibraryCore
import LibraryServices

/// `PlaylistService` over a Kanora server's API: the playlists of the API key's user.
public struct RemotePlaylistService: PlaylistService {
    let client: APIClient

    public init(client: APIClient) { self.client = client }

    public func playlists() async throws -> [Playlist] { try await client.send(PlaylistsRequest()) }
    public func playlist(named name: String) async throws -> Playlist { try await client.send(PlaylistNamedRequest(NameQuery(name: name))) }
    public func playlist(id: Int64) async throws -> Playlist { try await client.send(PlaylistByIDRequest(IDQuery(id: id))) }
    public func create(_ draft: PlaylistDraft) async throws -> Playlist { try await client.send(CreatePlaylistRequest(draft)) }
    public func entries(of name: String) async throws -> [PlaylistEntry] { try await client.send(PlaylistEntriesRequest(NameQuery(name: name))) }
    public func add(_ requests: [ListRequest], to name: String, at position: Int?) async throws -> Int {
        try await client.send(AddToPlaylistRequest(PlaylistAddBody(name: name, requests: requests, position: position))).count
    }
    public func add(trackIDs: [Int64], to name: String, at position: Int?) async throws -> Int {
        try await client.send(AddToPlaylistRequest(PlaylistAddBody(name: name, trackIDs: trackIDs, position: position))).count
    }
    public func setEntries(trackIDs: [Int64], of name: String) async throws {
        _ = try await client.send(SetEntriesRequest(SetEntriesBody(name: name, trackIDs: trackIDs)))
    }
    public func setDescription(_ description: String?, of name: String) async throws -> Playlist {
        try await client.send(SetDescriptionRequest(DescriptionBody(name: name, description: description)))
    }
    public func remove(positions: [Int], from name: String) async throws -> Int {
        try await client.send(RemoveFromPlaylistRequest(PlaylistRemoveBody(name: name, positions: positions))).count
    }
    public func remove(matching query: LibraryQuery, from name: String) async throws -> Int {
        try await client.send(RemoveFromPlaylistRequest(PlaylistRemoveBody(name: name, matching: query))).count
    }
    public func move(from: Int, to: Int, in name: String) async throws {
        _ = try await client.send(MoveEntryRequest(MoveBody(name: name, from: from, to: to)))
    }
    public func clear(_ name: String) async throws -> Int { try await client.send(ClearPlaylistRequest(NameQuery(name: name))).count }
    public func dedupe(_ name: String) async throws -> Int { try await client.send(DedupePlaylistRequest(NameQuery(name: name))).count }
    public func rename(_ name: String, to newName: String) async throws -> Playlist {
        try await client.send(RenamePlaylistRequest(RenameBody(name: name, newName: newName)))
    }
    public func duplicate(_ name: String, as newName: String) async throws -> Playlist {
        try await client.send(DuplicatePlaylistRequest(RenameBody(name: name, newName: newName)))
    }
    public func freeze(_ name: String) async throws -> Playlist { try await client.send(FreezePlaylistRequest(NameQuery(name: name))) }
    public func delete(named name: String) async throws -> Playlist { try await client.send(DeletePlaylistRequest(NameQuery(name: name))) }
    /// Sends the bytes the client read; `fileURL` is the client's path (relative entries
    /// resolve against its folder, which only matches when the server sees the same paths).
    public func importM3U(_ contents: Data, from fileURL: URL, name: String?) async throws -> PlaylistImport {
        try await client.send(ImportM3URequest(ImportM3UBody(contents: contents, filePath: fileURL.path, name: name)))
    }
    public func exportM3U(_ name: String, paths: M3UPathStyle) async throws -> String {
        try await client.send(ExportM3URequest(ExportM3UQuery(name: name, paths: paths))).text
    }
}
