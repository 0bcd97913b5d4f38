import Foundation
import LibraryCore

/// `PlaylistService` over SQLite.
public struct LivePlaylistService: PlaylistService {
    let database: DatabaseQueue
    let feed: ChangeFeed
    let now: @Sendable () -> Date
    /// The owner of the playlists (the default local user).
    let userID: Int64 = 1

    public init(database: DatabaseQueue, feed: ChangeFeed, now: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        self.feed = feed
        self.now = now
    }

    public func playlists() async throws -> [Playlist] {
        try database.reading { try PlaylistStore.all(userID: userID, $0) }
    }

    public func playlist(named name: String) async throws -> Playlist {
        try database.reading { try existing(name, $0) }
    }

    public func create(_ draft: PlaylistDraft) async throws -> Playlist {
        let playlist = try database.writing { db in
            try draft.validate()
            let name = try PlaylistRules.name.validate(draft.name)
            if let other = try PlaylistStore.find(name: name, userID: userID, db) {
                throw LibraryError(.conflict, "A playlist named \"\(other.name)\" already exists: choose another name.")
            }
            _ = try PlaylistStore.insert(
                name: name, description: draft.description, smartQuery: nil, smartSort: nil, smartLimit: nil,
                userID: userID, now: now(), db)
            return try existing(name, db)
        }
        feed.publish(.playlistsChanged(playlistID: playlist.id))
        return playlist
    }

    public func entries(of name: String) async throws -> [PlaylistEntry] {
        try database.reading { db in try PlaylistStore.entries(playlistID: try existing(name, db).id, db) }
    }

    public func add(_ request: ListRequest, to name: String, at position: Int?) async throws -> Int {
        let condition = request.query.condition(now: now())
        let order = (request.sort ?? LibrarySort.defaultOrder(for: .tracks)).sql(for: .tracks)
        let (playlistID, count) = try database.writing { db in
            let playlist = try existing(name, db)
            let tracks = try TrackStore.tracks(
                where: condition, orderBy: order, limit: request.limit, includeMissing: request.listsMissing, db)
            guard !tracks.isEmpty else {
                throw LibraryError(.notFound, "No track matches \"\(request.query)\": nothing was added to \"\(playlist.name)\".")
            }
            var ids = try PlaylistStore.trackIDs(playlistID: playlist.id, db)
            let index = try insertionIndex(position, count: ids.count)
            ids.insert(contentsOf: tracks.map(\.id), at: index)
            try PlaylistStore.setTrackIDs(ids, playlistID: playlist.id, now: now(), db)
            return (playlist.id, tracks.count)
        }
        feed.publish(.playlistsChanged(playlistID: playlistID))
        return count
    }

    public func remove(positions: [Int], from name: String) async throws -> Int {
        let (playlistID, count) = try database.writing { db in
            let playlist = try existing(name, db)
            var ids = try PlaylistStore.trackIDs(playlistID: playlist.id, db)
            for position in positions where !(1...max(1, ids.count)).contains(position) || ids.isEmpty {
                throw LibraryError(.invalidInput, "Position \(position) is out of range: \"\(playlist.name)\" has \(ids.count) entries.")
            }
            for index in Set(positions).map({ $0 - 1 }).sorted(by: >) { ids.remove(at: index) }
            try PlaylistStore.setTrackIDs(ids, playlistID: playlist.id, now: now(), db)
            return (playlist.id, Set(positions).count)
        }
        feed.publish(.playlistsChanged(playlistID: playlistID))
        return count
    }

    public func delete(named name: String) async throws -> Playlist {
        let playlist = try database.writing { db in
            let playlist = try existing(name, db)
            try PlaylistStore.delete(id: playlist.id, db)
            return playlist
        }
        feed.publish(.playlistsChanged(playlistID: playlist.id))
        return playlist
    }

    private func existing(_ name: String, _ db: Connection) throws -> Playlist {
        if let playlist = try PlaylistStore.find(name: name, userID: userID, db) { return playlist }
        throw LibraryError(.notFound, "No playlist named \"\(name)\": see `kanora playlist list`.")
    }

    private func insertionIndex(_ position: Int?, count: Int) throws -> Int {
        guard let position else { return count }
        guard (1...(count + 1)).contains(position) else {
            throw LibraryError(.invalidInput, "Position \(position) is out of range: use 1 to \(count + 1).")
        }
        return position - 1
    }
}
