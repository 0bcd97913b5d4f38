import Foundation
import LibraryCore

/// Manages one user's playlists (the CLI's: the local user's). Every edit is one transaction: a failed edit
/// changes nothing. Positions are 1-based and contiguous after every edit.
///
/// A smart playlist (one with a `SmartRule`) is evaluated whenever it is read; its entries
/// cannot be edited until it is frozen into a normal playlist.
public protocol PlaylistService: Sendable {
    /// Every playlist, by name; smart ones with their current track count and length.
    func playlists() async throws -> [Playlist]
    /// The playlist with this name (ignoring case); throws `.notFound`.
    func playlist(named name: String) async throws -> Playlist
    /// The playlist with this id; throws `.notFound`, or `.forbidden` for another user's.
    func playlist(id: Int64) async throws -> Playlist
    /// Creates a playlist after validating its fields (`PlaylistRules`) and its rule.
    func create(_ draft: PlaylistDraft) async throws -> Playlist
    /// The entries in order; a smart playlist is evaluated now.
    func entries(of name: String) async throws -> [PlaylistEntry]
    /// The entries in order as song lists show them (`PlaylistSong`: only the fields those
    /// show, the owner's marks, the first artist), read together; a smart playlist is
    /// evaluated now; only what `reading` names is read. Only a service over the database
    /// itself answers: others throw `.unimplemented`.
    func songs(of name: String, reading: PlaylistSong.Reading) async throws -> [PlaylistSong]
    /// What `read` makes of the entries' tracks as stored rows, in order (a smart playlist
    /// evaluated now), inside one read: for writers that copy the columns straight into
    /// bytes. Only a service over the database itself answers: others throw `.unimplemented`.
    func entryRows<Result: Sendable>(of name: String, _ read: @escaping @Sendable (StoredTrackRows) throws -> Result) async throws -> Result
    /// Adds the tracks each request matches (each in its own order, requests one after
    /// another) at `position` (nil: at the end); returns how many were added. Throws
    /// `.notFound` when nothing matches, adding nothing.
    func add(_ requests: [ListRequest], to name: String, at position: Int?) async throws -> Int
    /// Inserts these tracks, in this order (repeats allowed), at `position` (nil: at the
    /// end); throws `.notFound` naming the first unknown id, adding nothing.
    func add(trackIDs: [Int64], to name: String, at position: Int?) async throws -> Int
    /// Replaces every entry with these tracks, in this order; unknown ids change nothing.
    func setEntries(trackIDs: [Int64], of name: String) async throws
    /// Sets (nil or empty: removes) the description, checked by `PlaylistRules`.
    func setDescription(_ description: String?, of name: String) async throws -> Playlist
    /// Removes the entries at these positions; returns how many were removed.
    func remove(positions: [Int], from name: String) async throws -> Int
    /// Removes every entry whose track matches `query`; returns how many were removed.
    func remove(matching query: LibraryQuery, from name: String) async throws -> Int
    /// Moves the entry at `from` so that it ends up at `to`.
    func move(from: Int, to: Int, in name: String) async throws
    /// Removes every entry; returns how many there were.
    func clear(_ name: String) async throws -> Int
    /// Removes repeated tracks, keeping each one's first entry; returns how many were removed.
    func dedupe(_ name: String) async throws -> Int
    /// Renames a playlist; the new name must follow `PlaylistRules` and be free.
    func rename(_ name: String, to newName: String) async throws -> Playlist
    /// Copies a playlist (its description, rule and entries) under a new name.
    func duplicate(_ name: String, as newName: String) async throws -> Playlist
    /// Turns a smart playlist into a normal one holding its current result.
    func freeze(_ name: String) async throws -> Playlist
    /// Deletes a playlist; returns what it was.
    func delete(named name: String) async throws -> Playlist
    /// Creates a playlist from M3U/M3U8 bytes read from `fileURL` (relative entries resolve
    /// against its folder), named `name` or after the file. Creates nothing when no entry
    /// matches a library track.
    func importM3U(_ contents: Data, from fileURL: URL, name: String?) async throws -> PlaylistImport
    /// A playlist as extended M3U text (UTF-8, `#EXTINF` lines).
    func exportM3U(_ name: String, paths: M3UPathStyle) async throws -> String
}

extension PlaylistService {
    public func songs(of name: String, reading: PlaylistSong.Reading) async throws -> [PlaylistSong] {
        throw LibraryError(.unimplemented, "PlaylistService.songs(of:) is answered only over the database itself.")
    }

    /// The entries with everything `PlaylistSong` promises; see `songs(of:reading:)`.
    public func songs(of name: String) async throws -> [PlaylistSong] {
        try await songs(of: name, reading: .everything)
    }

    public func entryRows<Result: Sendable>(
        of name: String, _ read: @escaping @Sendable (StoredTrackRows) throws -> Result
    ) async throws -> Result {
        throw LibraryError(.unimplemented, "PlaylistService.entryRows(of:_:) is answered only over the database itself.")
    }

    /// Adds the tracks one request matches; see `add(_:to:at:)`.
    public func add(_ request: ListRequest, to name: String, at position: Int?) async throws -> Int {
        try await add([request], to: name, at: position)
    }
}

/// A smart playlist's saved query, order and limit.
public struct SmartRule: Sendable, Equatable, Codable {
    public var query: LibraryQuery
    /// nil: the default track order.
    public var sort: LibrarySort?
    public var limit: Int?

    public init(query: LibraryQuery, sort: LibrarySort? = nil, limit: Int? = nil) {
        self.query = query
        self.sort = sort
        self.limit = limit
    }

    /// The request that evaluates the rule.
    public var request: ListRequest {
        ListRequest(query: query, sort: sort, limit: limit)
    }
}

/// The fields of a playlist to create.
public struct PlaylistDraft: Sendable, Equatable, Codable, PlaylistFields {
    public var name: String
    public var description: String?
    /// A saved query: the playlist is smart (unless `freeze`).
    public var rule: SmartRule?
    /// Store the rule's current result as normal entries instead of the rule itself.
    public var freeze: Bool

    public init(name: String, description: String? = nil, rule: SmartRule? = nil, freeze: Bool = false) {
        self.name = name
        self.description = description
        self.rule = rule
        self.freeze = freeze
    }
}

/// What an M3U import created, and the lines it could not match.
public struct PlaylistImport: Sendable, Equatable, Codable {
    public var playlist: Playlist
    /// Entries that name no library track, with their line numbers.
    public var unmatched: [M3UEntry]

    public init(playlist: Playlist, unmatched: [M3UEntry]) {
        self.playlist = playlist
        self.unmatched = unmatched
    }
}

/// How exported M3U files spell paths.
public enum M3UPathStyle: Sendable, Equatable, Codable {
    /// Absolute paths.
    case absolute
    /// Paths relative to this folder (with `../` where needed).
    case relative(to: String)
}

extension Playlist {
    /// The saved rule of a smart playlist, parsed back; nil for a normal playlist.
    public func smartRule() throws(LibraryError) -> SmartRule? {
        guard let smartQuery else { return nil }
        do {
            let query = try LibraryQuery.parse(smartQuery)
            let sort = try smartSort.flatMap { text throws(QueryError) in
                text.isEmpty ? nil : try LibrarySort.parse([text], for: .tracks)
            }
            return SmartRule(query: query, sort: sort, limit: smartLimit)
        } catch {
            throw LibraryError(.invalidInput, "The saved query of \"\(name)\" no longer reads (\(error.message)): delete the playlist and create it again.")
        }
    }
}
