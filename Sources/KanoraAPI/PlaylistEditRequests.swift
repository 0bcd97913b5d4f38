import Foundation
import LibraryCore
import LibraryServices

/// Tracks to add to the playlist `name`: those `requests` match (each in its order), or
/// `trackIDs` in this order; at `position` (nil: at the end).
public struct PlaylistAddBody: Codable, Sendable, Equatable {
    public var name: String
    public var requests: [ListRequest]?
    public var trackIDs: [Int64]?
    public var position: Int?
    public init(name: String, requests: [ListRequest], position: Int?) {
        self.name = name; self.requests = requests; trackIDs = nil; self.position = position
    }
    public init(name: String, trackIDs: [Int64], position: Int?) {
        self.name = name; requests = nil; self.trackIDs = trackIDs; self.position = position
    }
}

/// `POST playlists/add`: adds tracks, answering how many.
public struct AddToPlaylistRequest: APIRequest {
    public typealias Response = APICount
    public static let method = APIMethod.post, endpoint = "playlists/add"
    public static let access = APIAccess.user
    public static let maximumBodySize = APIBodyLimit.trackList
    public let query: APIEmpty, body: PlaylistAddBody
    public init(query: APIEmpty, body: PlaylistAddBody) { self.query = query; self.body = body }
}

/// The playlist `name`'s new entries, in order.
public struct SetEntriesBody: Codable, Sendable, Equatable {
    public var name: String
    public var trackIDs: [Int64]
    public init(name: String, trackIDs: [Int64]) { self.name = name; self.trackIDs = trackIDs }
}

/// `PUT playlists/entries`: replaces every entry.
public struct SetEntriesRequest: APIRequest {
    public typealias Response = APIEmpty
    public static let method = APIMethod.put, endpoint = "playlists/entries"
    public static let access = APIAccess.user
    public static let maximumBodySize = APIBodyLimit.trackList
    public let query: APIEmpty, body: SetEntriesBody
    public init(query: APIEmpty, body: SetEntriesBody) { self.query = query; self.body = body }
}

/// The playlist `name`'s new description (nil: none).
public struct DescriptionBody: Codable, Sendable, Equatable {
    public var name: String
    public var description: String?
    public init(name: String, description: String?) { self.name = name; self.description = description }
}

/// `PUT playlists/description`.
public struct SetDescriptionRequest: APIRequest {
    public typealias Response = Playlist
    public static let method = APIMethod.put, endpoint = "playlists/description"
    public static let access = APIAccess.user
    public let query: APIEmpty, body: DescriptionBody
    public init(query: APIEmpty, body: DescriptionBody) { self.query = query; self.body = body }
}

/// Entries to remove from the playlist `name`: at these positions, or whose tracks match.
public struct PlaylistRemoveBody: Codable, Sendable, Equatable {
    public var name: String
    public var positions: [Int]?
    public var matching: LibraryQuery?
    public init(name: String, positions: [Int]) { self.name = name; self.positions = positions; matching = nil }
    public init(name: String, matching: LibraryQuery) { self.name = name; positions = nil; self.matching = matching }
}

/// `POST playlists/remove`: removes entries, answering how many.
public struct RemoveFromPlaylistRequest: APIRequest {
    public typealias Response = APICount
    public static let method = APIMethod.post, endpoint = "playlists/remove"
    public static let access = APIAccess.user
    public static let maximumBodySize = APIBodyLimit.trackList
    public let query: APIEmpty, body: PlaylistRemoveBody
    public init(query: APIEmpty, body: PlaylistRemoveBody) { self.query = query; self.body = body }
}

/// Moves the entry at `from` of the playlist `name` to `to`.
public struct MoveBody: Codable, Sendable, Equatable {
    public var name: String
    public var from: Int
    public var to: Int
    public init(name: String, from: Int, to: Int) { self.name = name; self.from = from; self.to = to }
}

/// `POST playlists/move`.
public struct MoveEntryRequest: APIRequest {
    public typealias Response = APIEmpty
    public static let method = APIMethod.post, endpoint = "playlists/move"
    public static let access = APIAccess.user
    public let query: APIEmpty, body: MoveBody
    public init(query: APIEmpty, body: MoveBody) { self.query = query; self.body = body }
}

/// `POST playlists/clear`: removes every entry, answering how many there were.
public struct ClearPlaylistRequest: APIRequest {
    public typealias Response = APICount
    public static let method = APIMethod.post, endpoint = "playlists/clear"
    public static let access = APIAccess.user
    public let query: APIEmpty, body: NameQuery
    public init(query: APIEmpty, body: NameQuery) { self.query = query; self.body = body }
}

/// `POST playlists/dedupe`: removes repeated tracks, answering how many.
public struct DedupePlaylistRequest: APIRequest {
    public typealias Response = APICount
    public static let method = APIMethod.post, endpoint = "playlists/dedupe"
    public static let access = APIAccess.user
    public let query: APIEmpty, body: NameQuery
    public init(query: APIEmpty, body: NameQuery) { self.query = query; self.body = body }
}
