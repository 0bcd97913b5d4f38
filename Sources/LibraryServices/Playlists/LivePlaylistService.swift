import Foundation
import LibraryCore
import LibraryStorage

/// `PlaylistService` over SQLite, for the playlists of one user: another user's playlists
/// are invisible (by name) and forbidden (by id). Its changes reach the feed from the
/// database itself (`ChangeFeed.follow`).
public struct LivePlaylistService: PlaylistService {
    let database: DatabasePool
    let now: @Sendable () -> Date
    /// The owner of the playlists (by default the local user the CLI acts as).
    public let userID: Int64

    package init(database: DatabasePool, feed: ChangeFeed, userID: Int64 = User.localID, now: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        self.userID = userID
        self.now = now
        feed.follow(database)
    }

    public func playlists() async throws -> [Playlist] {
        try await database.reading { db in try PlaylistStore.all(userID: userID, db).map { try withCurrentTotals($0, db) } }
    }

    public func playlist(named name: String) async throws -> Playlist {
        try await database.reading { db in try withCurrentTotals(try existing(name, db), db) }
    }

    public func playlist(id: Int64) async throws -> Playlist {
        try await database.reading { db in try withCurrentTotals(try owned(id: id, db), db) }
    }

    public func create(_ draft: PlaylistDraft) async throws -> Playlist {
        try await database.writing { db in
            let frozen = try draft.freeze ? draft.rule.map { try tracks(for: $0.request, db).map(\.id) } : nil
            let stored = draft.freeze ? nil : draft.rule
            let id = try insert(draft, rule: stored, db)
            if let frozen { try PlaylistStore.setTrackIDs(frozen, playlistID: id, now: now(), db) }
            return try withCurrentTotals(try PlaylistStore.find(id: id, db)!, db)
        }
    }

    public func entries(of name: String) async throws -> [PlaylistEntry] {
        try await database.reading { db in try entries(of: try existing(name, db), db) }
    }

    public func songs(of name: String, reading: PlaylistSong.Reading) async throws -> [PlaylistSong] {
        try await database.reading { db in
            let playlist = try existing(name, db)
            guard try playlist.smartRule() != nil else {
                return try PlaylistStore.songs(playlistID: playlist.id, userID: userID, reading: reading, db)
            }
            return try PlaylistStore.songs(of: try entries(of: playlist, db).map(\.track), userID: userID, db)
        }
    }

    public func entryRows<Result: Sendable>(
        of name: String, _ read: @escaping @Sendable (StoredTrackRows) throws -> Result
    ) async throws -> Result {
        try await database.reading { db in
            let playlist = try existing(name, db)
            guard let rule = try playlist.smartRule() else {
                let statement = try PlaylistStore.entriesStatement(playlistID: playlist.id, db)
                return try read(StoredTrackRows(statement, expectedCount: playlist.trackCount))
            }
            return try read(StoredTrackRows(try trackStatement(for: rule.request, db), expectedCount: 0))
        }
    }

    public func rename(_ name: String, to newName: String) async throws -> Playlist {
        try await database.writing { db in
            let validName = try PlaylistRules.name.validate(newName)
            let playlist = try existing(name, db)
            try ensureFree(validName, except: playlist.id, db)
            try PlaylistStore.rename(id: playlist.id, to: validName, now: now(), db)
            return try withCurrentTotals(try PlaylistStore.find(id: playlist.id, db)!, db)
        }
    }

    public func duplicate(_ name: String, as newName: String) async throws -> Playlist {
        try await database.writing { db in
            let original = try existing(name, db)
            let draft = PlaylistDraft(name: newName, description: original.description, rule: try original.smartRule())
            let id = try insert(draft, rule: draft.rule, db)
            try PlaylistStore.setTrackIDs(try PlaylistStore.trackIDs(playlistID: original.id, db), playlistID: id, now: now(), db)
            return try withCurrentTotals(try PlaylistStore.find(id: id, db)!, db)
        }
    }

    public func freeze(_ name: String) async throws -> Playlist {
        try await database.writing { db in
            let playlist = try existing(name, db)
            guard let rule = try playlist.smartRule() else {
                throw LibraryError(.invalidInput, "\"\(playlist.name)\" is not a smart playlist: there is nothing to freeze.")
            }
            let ids = try tracks(for: rule.request, db).map(\.id)
            try PlaylistStore.clearSmartQuery(id: playlist.id, now: now(), db)
            try PlaylistStore.setTrackIDs(ids, playlistID: playlist.id, now: now(), db)
            return try PlaylistStore.find(id: playlist.id, db)!
        }
    }

    public func delete(named name: String) async throws -> Playlist {
        try await database.writing { db in
            let playlist = try withCurrentTotals(try existing(name, db), db)
            try PlaylistStore.delete(id: playlist.id, db)
            return playlist
        }
    }

    // MARK: Shared helpers (called inside a transaction)

    /// The playlist with this id; `.notFound` when there is none, `.forbidden` when it is
    /// another user's.
    func owned(id: Int64, _ db: Connection) throws -> Playlist {
        guard let owner = try PlaylistStore.owner(ofPlaylist: id, db) else {
            throw LibraryError(.notFound, "No playlist with id \(id): it may have been deleted; see `kanora playlist list`.")
        }
        guard owner == userID else {
            throw LibraryError(.forbidden, "Playlist \(id) belongs to another user.")
        }
        return try PlaylistStore.find(id: id, db)!
    }

    func existing(_ name: String, _ db: Connection) throws -> Playlist {
        if let playlist = try PlaylistStore.find(name: name, userID: userID, db) { return playlist }
        throw LibraryError(.notFound, "No playlist named \"\(name)\": see `kanora playlist list`.")
    }

    /// Validates a draft's fields and name, then inserts it with `rule` (nil: a normal playlist).
    func insert(_ draft: PlaylistDraft, rule: SmartRule?, _ db: Connection) throws -> Int64 {
        try draft.validate()
        let name = try PlaylistRules.name.validate(draft.name)
        if let limit = rule?.limit, limit < 1 {
            throw LibraryError(.invalidInput, "The limit of a smart playlist is \(limit): use 1 or more.")
        }
        try ensureFree(name, except: nil, db)
        let sort = rule?.sort.map(\.description).flatMap { $0.isEmpty ? nil : $0 }
        return try PlaylistStore.insert(
            name: name, description: draft.description, smartQuery: rule.map(\.query.description),
            smartSort: sort, smartLimit: rule?.limit, userID: userID, now: now(), db)
    }

    func ensureFree(_ name: String, except id: Int64?, _ db: Connection) throws {
        if let other = try PlaylistStore.find(name: name, userID: userID, db), other.id != id {
            throw LibraryError(.conflict, "A playlist named \"\(other.name)\" already exists: choose another name.")
        }
    }

    /// The tracks a request matches now, in its order.
    func tracks(for request: ListRequest, _ db: Connection) throws -> [Track] {
        let (condition, order) = selection(request)
        return try TrackStore.tracks(where: condition, orderBy: order, limit: request.limit, includeMissing: request.listsMissing, db)
    }

    /// The statement reading every column of the tracks a request matches now, in its order.
    func trackStatement(for request: ListRequest, _ db: Connection) throws -> Statement {
        let (condition, order) = selection(request)
        return try TrackStore.statement(where: condition, orderBy: order, limit: request.limit, includeMissing: request.listsMissing, db)
    }

    /// The condition and order of `request`, now.
    private func selection(_ request: ListRequest) -> (SQL, String) {
        (request.query.condition(now: now()), (request.sort ?? LibrarySort.defaultOrder(for: .tracks)).sql(for: .tracks))
    }

    /// A playlist's entries: stored ones, or a smart playlist's current result.
    func entries(of playlist: Playlist, _ db: Connection) throws -> [PlaylistEntry] {
        guard let rule = try playlist.smartRule() else { return try PlaylistStore.entries(playlistID: playlist.id, db) }
        return try tracks(for: rule.request, db).enumerated().map { PlaylistEntry(position: $0.offset + 1, track: $0.element) }
    }

    /// A smart playlist with the count and length of its current result.
    func withCurrentTotals(_ playlist: Playlist, _ db: Connection) throws -> Playlist {
        guard let rule = try playlist.smartRule() else { return playlist }
        var result = playlist
        let tracks = try tracks(for: rule.request, db)
        result.trackCount = tracks.count
        result.durationMs = tracks.reduce(0) { $0 + Int64($1.metadata.audio.durationMs) }
        return result
    }
}
