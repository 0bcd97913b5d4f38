import Foundation
import LibraryCore

/// Manages the local user's playlists. Every edit is one transaction: a failed edit
/// changes nothing. Positions are 1-based.
public protocol PlaylistService: Sendable {
    /// Every playlist, by name.
    func playlists() async throws -> [Playlist]
    /// The playlist with this name (ignoring case); throws `.notFound`.
    func playlist(named name: String) async throws -> Playlist
    /// Creates a playlist after validating its fields (`PlaylistRules`).
    func create(_ draft: PlaylistDraft) async throws -> Playlist
    /// The entries in order; a smart playlist is evaluated now.
    func entries(of name: String) async throws -> [PlaylistEntry]
    /// Adds the tracks a request matches (in its order) at `position` (nil: at the end);
    /// returns how many were added. Throws `.notFound` when nothing matches.
    func add(_ request: ListRequest, to name: String, at position: Int?) async throws -> Int
    /// Removes the entries at these positions; returns how many were removed.
    func remove(positions: [Int], from name: String) async throws -> Int
    /// Deletes a playlist; returns what it was.
    func delete(named name: String) async throws -> Playlist
}

/// The fields of a playlist to create.
public struct PlaylistDraft: Sendable, Equatable, PlaylistFields {
    public var name: String
    public var description: String?

    public init(name: String, description: String? = nil) {
        self.name = name
        self.description = description
    }
}
