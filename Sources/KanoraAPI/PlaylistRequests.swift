import Foundation
import LibraryCore
import LibraryServices

// Playlists are the authenticated user's: the API key says whose.

/// How many entries an edit added or removed.
public struct APICount: Codable, Sendable, Equatable {
    public var count: Int
    public init(count: Int) { self.count = count }
}

/// A playlist's id.
public struct IDQuery: Codable, Sendable, Equatable {
    public var id: Int64
    public init(id: Int64) { self.id = id }
}

/// `GET playlists`: every playlist of the user.
public struct PlaylistsRequest: APIRequest {
    public typealias Response = [Playlist]
    public static let method = APIMethod.get, endpoint = "playlists"
    public static let access = APIAccess.user
    public let query: APIEmpty, body: APIEmpty
    public init(query: APIEmpty, body: APIEmpty) { self.query = query; self.body = body }
}

/// `GET playlists/named`: a playlist by name (ignoring case).
public struct PlaylistNamedRequest: APIRequest {
    public typealias Response = Playlist
    public static let method = APIMethod.get, endpoint = "playlists/named"
    public static let access = APIAccess.user
    public let query: NameQuery, body: APIEmpty
    public init(query: NameQuery, body: APIEmpty) { self.query = query; self.body = body }
}

/// `GET playlists/id`: a playlist by id.
public struct PlaylistByIDRequest: APIRequest {
    public typealias Response = Playlist
    public static let method = APIMethod.get, endpoint = "playlists/id"
    public static let access = APIAccess.user
    public let query: IDQuery, body: APIEmpty
    public init(query: IDQuery, body: APIEmpty) { self.query = query; self.body = body }
}

/// `POST playlists`: creates a playlist (a smart one with a rule).
public struct CreatePlaylistRequest: APIRequest {
    public typealias Response = Playlist
    public static let method = APIMethod.post, endpoint = "playlists"
    public static let access = APIAccess.user
    public let query: APIEmpty, body: PlaylistDraft
    public init(query: APIEmpty, body: PlaylistDraft) { self.query = query; self.body = body }
}

/// `GET playlists/entries`: the entries in order (a smart playlist evaluated now).
public struct PlaylistEntriesRequest: APIRequest {
    public typealias Response = [PlaylistEntry]
    public static let method = APIMethod.get, endpoint = "playlists/entries"
    public static let access = APIAccess.user
    public let query: NameQuery, body: APIEmpty
    public init(query: NameQuery, body: APIEmpty) { self.query = query; self.body = body }
}

/// `DELETE playlists`: deletes a playlist, answering what it was.
public struct DeletePlaylistRequest: APIRequest {
    public typealias Response = Playlist
    public static let method = APIMethod.delete, endpoint = "playlists"
    public static let access = APIAccess.user
    public let query: APIEmpty, body: NameQuery
    public init(query: APIEmpty, body: NameQuery) { self.query = query; self.body = body }
}

/// `POST playlists/rename`.
public struct RenamePlaylistRequest: APIRequest {
    public typealias Response = Playlist
    public static let method = APIMethod.post, endpoint = "playlists/rename"
    public static let access = APIAccess.user
    public let query: APIEmpty, body: RenameBody
    public init(query: APIEmpty, body: RenameBody) { self.query = query; self.body = body }
}

/// `POST playlists/duplicate`: copies `name` as `newName`.
public struct DuplicatePlaylistRequest: APIRequest {
    public typealias Response = Playlist
    public static let method = APIMethod.post, endpoint = "playlists/duplicate"
    public static let access = APIAccess.user
    public let query: APIEmpty, body: RenameBody
    public init(query: APIEmpty, body: RenameBody) { self.query = query; self.body = body }
}

/// `POST playlists/freeze`: a smart playlist becomes a normal one.
public struct FreezePlaylistRequest: APIRequest {
    public typealias Response = Playlist
    public static let method = APIMethod.post, endpoint = "playlists/freeze"
    public static let access = APIAccess.user
    public let query: APIEmpty, body: NameQuery
    public init(query: APIEmpty, body: NameQuery) { self.query = query; self.body = body }
}

/// An M3U file's bytes as the client read them, the client's path of the file (relative
/// entries resolve against its folder) and the new playlist's name.
public struct ImportM3UBody: Codable, Sendable, Equatable {
    /// The file's bytes (base64 in JSON).
    public var contents: Data
    public var filePath: String
    public var name: String?
    public init(contents: Data, filePath: String, name: String?) {
        self.contents = contents; self.filePath = filePath; self.name = name
    }
}

/// `POST playlists/import`: creates a playlist from M3U bytes.
public struct ImportM3URequest: APIRequest {
    public typealias Response = PlaylistImport
    public static let method = APIMethod.post, endpoint = "playlists/import"
    public static let access = APIAccess.user
    public static let maximumBodySize = APIBodyLimit.playlistFile
    public let query: APIEmpty, body: ImportM3UBody
    public init(query: APIEmpty, body: ImportM3UBody) { self.query = query; self.body = body }
}

/// A playlist's name and how the exported file spells paths.
public struct ExportM3UQuery: Codable, Sendable, Equatable {
    public var name: String
    public var paths: M3UPathStyle
    public init(name: String, paths: M3UPathStyle) { self.name = name; self.paths = paths }
}

/// Extended M3U text.
public struct M3UText: Codable, Sendable, Equatable {
    public var text: String
    public init(text: String) { self.text = text }
}

/// `GET playlists/export`: a playlist as extended M3U text (the client writes the file).
public struct ExportM3URequest: APIRequest {
    public typealias Response = M3UText
    public static let method = APIMethod.get, endpoint = "playlists/export"
    public static let access = APIAccess.user
    public let query: ExportM3UQuery, body: APIEmpty
    public init(query: ExportM3UQuery, body: APIEmpty) { self.query = query; self.body = body }
}
