import Foundation
import LibraryCore

/// Items to star or unstar, by kind.
public struct StarBody: Codable, Sendable, Equatable {
    public var trackIDs: [Int64]
    public var albumIDs: [Int64]
    public var artistIDs: [Int64]
    /// true stars the items, false removes their stars.
    public var starred: Bool

    public init(trackIDs: [Int64] = [], albumIDs: [Int64] = [], artistIDs: [Int64] = [], starred: Bool) {
        self.trackIDs = trackIDs
        self.albumIDs = albumIDs
        self.artistIDs = artistIDs
        self.starred = starred
    }

    /// The items as the annotation service names them.
    public var items: [AnnotatedItem] {
        trackIDs.map(AnnotatedItem.track) + albumIDs.map(AnnotatedItem.album) + artistIDs.map(AnnotatedItem.artist)
    }

    private enum CodingKeys: String, CodingKey { case trackIDs, albumIDs, artistIDs, starred }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        trackIDs = try container.decodeIfPresent([Int64].self, forKey: .trackIDs) ?? []
        albumIDs = try container.decodeIfPresent([Int64].self, forKey: .albumIDs) ?? []
        artistIDs = try container.decodeIfPresent([Int64].self, forKey: .artistIDs) ?? []
        starred = try container.decode(Bool.self, forKey: .starred)
    }
}

/// `POST star`: stars or unstars the caller's items (the stars Subsonic clients see).
public struct StarRequest: APIRequest {
    public typealias Response = APIEmpty
    public static let method = APIMethod.post, endpoint = "star"
    public static let access = APIAccess.user
    public static var maximumBodySize: Int { APIBodyLimit.trackList }
    public let query: APIEmpty, body: StarBody
    public init(query: APIEmpty, body: StarBody) { self.query = query; self.body = body }
}

/// A play: `submission` false says the track started (now playing), true that it was
/// played (the play count and last-played time).
public struct ScrobbleBody: Codable, Sendable, Equatable {
    public var trackID: Int64
    public var submission: Bool
    public init(trackID: Int64, submission: Bool) { self.trackID = trackID; self.submission = submission }
}

/// `POST scrobble`: now playing, or a play counted (the play counts Subsonic uses).
public struct ScrobbleRequest: APIRequest {
    public typealias Response = APIEmpty
    public static let method = APIMethod.post, endpoint = "scrobble"
    public static let access = APIAccess.user
    public let query: APIEmpty, body: ScrobbleBody
    public init(query: APIEmpty, body: ScrobbleBody) { self.query = query; self.body = body }
}

/// The caller's play queue, shared with their Subsonic clients.
public struct PlayQueueBody: Codable, Sendable, Equatable {
    /// The most tracks a saved queue may hold.
    public static let maximumTracks = 5000

    public var trackIDs: [Int64]
    public var current: Int64?
    /// Seconds into the current track.
    public var position: Double

    public init(trackIDs: [Int64], current: Int64?, position: Double) {
        self.trackIDs = trackIDs
        self.current = current
        self.position = position
    }
}

/// `GET playqueue`: the caller's saved play queue (empty when none).
public struct PlayQueueRequest: APIRequest {
    public typealias Response = PlayQueueBody
    public static let method = APIMethod.get, endpoint = "playqueue"
    public static let access = APIAccess.user
    public let query: APIEmpty, body: APIEmpty
    public init(query: APIEmpty, body: APIEmpty) { self.query = query; self.body = body }
}

/// `PUT playqueue`: saves (replaces) the caller's play queue; no tracks clears it.
public struct SavePlayQueueRequest: APIRequest {
    public typealias Response = APIEmpty
    public static let method = APIMethod.put, endpoint = "playqueue"
    public static let access = APIAccess.user
    public static var maximumBodySize: Int { APIBodyLimit.trackList }
    public let query: APIEmpty, body: PlayQueueBody
    public init(query: APIEmpty, body: PlayQueueBody) { self.query = query; self.body = body }
}

/// Which cover, and how large (pixels).
public struct CoverQuery: Codable, Sendable, Equatable {
    /// `al-7`, `ar-3`, `tr-12` or `fo-5`.
    public var id: String
    public var size: Int?
    public init(id: String, size: Int? = nil) { self.id = id; self.size = size }
}

/// `GET cover?id=al-7&size=300`: a cover image. Its parameters are plain (`id`, `size`),
/// not JSON in `q`, so an `<img src>` can name it; the server answers the image itself.
public struct CoverRequest: APIRequest {
    public typealias Response = APIEmpty
    public static let method = APIMethod.get, endpoint = "cover"
    public static let access = APIAccess.user
    public let query: CoverQuery, body: APIEmpty
    public init(query: CoverQuery, body: APIEmpty) { self.query = query; self.body = body }
}
