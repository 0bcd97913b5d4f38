import Foundation
import LibraryCore
import LibraryServices

/// getPlaylists, getPlaylist, createPlaylist, updatePlaylist and deletePlaylist: each
/// user's own playlists, through the `PlaylistService` bound to that user.
enum PlaylistEndpoints: SubsonicEndpointGroup {
    static let endpoints: [SubsonicEndpoint] = [
        SubsonicEndpoint("getPlaylists", handler: playlists),
        SubsonicEndpoint("getPlaylist") { request in
            let id = try request.parameters.id("id", as: .playlist)
            let playlist = try await owned(id, request)
            return .payload(try await detail(playlist, owner: request.user.name, request))
        },
        SubsonicEndpoint("createPlaylist", handler: create),
        SubsonicEndpoint("updatePlaylist", handler: update),
        SubsonicEndpoint("deletePlaylist") { request in
            let playlist = try await owned(try request.parameters.id("id", as: .playlist), request)
            _ = try await service(request).delete(named: playlist.name)
            return .ok
        },
    ]

    /// The user's playlists; an administrator may list another user's with `username`.
    private static func playlists(_ request: SubsonicRequest) async throws -> SubsonicReply {
        var owner = request.user
        if let name = request.parameters.string("username"), name.caseInsensitiveCompare(owner.name) != .orderedSame {
            guard request.user.isAdmin else { throw SubsonicError.notAuthorized("Only an administrator may list another user's playlists") }
            owner = try await request.services.users.user(named: name)
        }
        let playlists = try await request.services.playlists(for: owner.id).playlists()
        var node = SubsonicNode("playlists")
        node.appendList("playlist", playlists.map { summary($0, owner: owner.name) })
        return .payload(node)
    }

    /// Creates a playlist (`name`, `songId`...), or replaces the songs of `playlistId`.
    private static func create(_ request: SubsonicRequest) async throws -> SubsonicReply {
        let songs = try request.parameters.trackIDs("songId")
        let playlists = service(request)
        var playlist: Playlist
        if request.parameters.string("playlistId") != nil {
            playlist = try await owned(try request.parameters.id("playlistId", as: .playlist), request)
            if let name = request.parameters.string("name"), name != playlist.name {
                playlist = try await playlists.rename(playlist.name, to: name)
            }
            try await playlists.setEntries(trackIDs: songs, of: playlist.name)
        } else {
            playlist = try await playlists.create(PlaylistDraft(name: try request.parameters.required("name")))
            do {
                try await playlists.setEntries(trackIDs: songs, of: playlist.name)
            } catch {
                // An unknown song leaves no empty playlist behind.
                _ = try? await playlists.delete(named: playlist.name)
                throw error
            }
        }
        return .payload(try await detail(try await playlists.playlist(id: playlist.id), owner: request.user.name, request))
    }

    /// Renames, describes, and edits the songs of a playlist: `songIndexToRemove` (0-based,
    /// of the songs before this call) are removed, then `songIdToAdd` appended.
    private static func update(_ request: SubsonicRequest) async throws -> SubsonicReply {
        var playlist = try await owned(try request.parameters.id("playlistId", as: .playlist), request)
        let playlists = service(request)
        let added = try request.parameters.trackIDs("songIdToAdd")
        let removed = try request.parameters.strings("songIndexToRemove").map { text throws(SubsonicError) -> Int in
            guard let index = Int(text), (0..<playlist.trackCount).contains(index) else {
                throw SubsonicError.invalidParameter("songIndexToRemove", "must be a song index from 0 to \(playlist.trackCount - 1), not '\(text.prefix(32))'")
            }
            return index
        }
        if let name = request.parameters.string("name"), name != playlist.name {
            playlist = try await playlists.rename(playlist.name, to: name)
        }
        if let comment = request.parameters.string("comment") {
            playlist = try await playlists.setDescription(comment, of: playlist.name)
        }
        if !added.isEmpty || !removed.isEmpty {
            let unwanted = Set(removed)
            let kept = try await playlists.entries(of: playlist.name).enumerated()
                .filter { !unwanted.contains($0.offset) }.map(\.element.track.id)
            try await playlists.setEntries(trackIDs: kept + added, of: playlist.name)
        }
        return .ok
    }

    /// The requesting user's playlist service.
    private static func service(_ request: SubsonicRequest) -> any PlaylistService {
        request.services.playlists(for: request.user.id)
    }

    /// The user's playlist with this id: 70 when there is none, 50 when it is someone else's.
    private static func owned(_ id: SubsonicID, _ request: SubsonicRequest) async throws -> Playlist {
        do {
            return try await service(request).playlist(id: id.value)
        } catch let error as LibraryError where error.code == .forbidden {
            throw SubsonicError.notAuthorized("Playlist \(id) belongs to another user")
        } catch let error as LibraryError where error.code == .notFound {
            throw id.notFound
        }
    }

    private static func summary(_ playlist: Playlist, owner: String) -> SubsonicNode {
        SubsonicNode("playlist", [
            "id": SubsonicID.playlist(playlist.id), "name": playlist.name, "comment": playlist.description,
            "owner": owner, "public": false, "songCount": playlist.trackCount,
            "duration": Int(playlist.durationMs / 1000), "created": playlist.createdAt, "changed": playlist.updatedAt,
        ])
    }

    private static func detail(_ playlist: Playlist, owner: String, _ request: SubsonicRequest) async throws -> SubsonicNode {
        var node = summary(playlist, owner: owner)
        // The entries with their marks in one read, written straight into the answer.
        let songs = try await service(request).songs(of: playlist.name, reading: .withoutArtist)
        node.appendList("entry", songs, as: SongEntries.PlaylistEntry.self)
        return node
    }
}
