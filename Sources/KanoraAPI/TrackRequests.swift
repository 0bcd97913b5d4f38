import Foundation
import LibraryCore
import LibraryServices

/// `GET tracks`: tracks matching a list request (its query as canonical text), as rows.
public struct TracksRequest: APIRequest {
    public typealias Response = [TrackRow]
    public static let method = APIMethod.get, endpoint = "tracks"
    public static let access = APIAccess.user
    public let query: ListRequest, body: APIEmpty
    public init(query: ListRequest, body: APIEmpty) { self.query = query; self.body = body }
}

/// `GET albums`: albums with a track matching a list request.
public struct AlbumsRequest: APIRequest {
    public typealias Response = [AlbumSummary]
    public static let method = APIMethod.get, endpoint = "albums"
    public static let access = APIAccess.user
    public let query: ListRequest, body: APIEmpty
    public init(query: ListRequest, body: APIEmpty) { self.query = query; self.body = body }
}

/// `GET artists`: artists credited on a track matching a list request.
public struct ArtistsRequest: APIRequest {
    public typealias Response = [ArtistSummary]
    public static let method = APIMethod.get, endpoint = "artists"
    public static let access = APIAccess.user
    public let query: ListRequest, body: APIEmpty
    public init(query: ListRequest, body: APIEmpty) { self.query = query; self.body = body }
}

/// Full-text search words and an optional cap.
public struct SearchTextQuery: Codable, Sendable, Equatable {
    public var text: String
    public var limit: Int?
    public init(text: String, limit: Int?) { self.text = text; self.limit = limit }
}

/// `GET search`: full-text search, best match first, as rows.
public struct SearchRequest: APIRequest {
    public typealias Response = [TrackRow]
    public static let method = APIMethod.get, endpoint = "search"
    public static let access = APIAccess.user
    public let query: SearchTextQuery, body: APIEmpty
    public init(query: SearchTextQuery, body: APIEmpty) { self.query = query; self.body = body }
}

/// One track by id or by its absolute path on the server.
public struct TrackQuery: Codable, Sendable, Equatable {
    public var id: Int64?
    public var path: RawPath?
    public init(id: Int64) { self.id = id; path = nil }
    public init(path: RawPath) { id = nil; self.path = path }
}

/// A track, or none.
public struct TrackAnswer: Codable, Sendable, Equatable {
    public var track: Track?
    public init(track: Track?) { self.track = track }
}

/// `GET track`: one track by id or path (`{"track": null}` when there is none).
public struct TrackRequest: APIRequest {
    public typealias Response = TrackAnswer
    public static let method = APIMethod.get, endpoint = "track"
    public static let access = APIAccess.user
    public let query: TrackQuery, body: APIEmpty
    public init(query: TrackQuery, body: APIEmpty) { self.query = query; self.body = body }
}
