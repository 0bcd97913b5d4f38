import Foundation

/// Something a user can star, rate or play: ids are the stable track, album and artist ids.
public enum AnnotatedItem: Sendable, Hashable, Codable {
    case track(Int64)
    case album(Int64)
    case artist(Int64)
}

/// One user's marks on one item.
public struct Annotation: Sendable, Equatable, Codable {
    public var starredAt: Date?
    /// 1 to 5, nil when unrated.
    public var rating: Int?
    public var playCount: Int
    public var lastPlayedAt: Date?

    /// No star, no rating, never played.
    public static let none = Annotation()

    public init(starredAt: Date? = nil, rating: Int? = nil, playCount: Int = 0, lastPlayedAt: Date? = nil) {
        self.starredAt = starredAt
        self.rating = rating
        self.playCount = playCount
        self.lastPlayedAt = lastPlayedAt
    }
}

/// A user's saved play queue (Subsonic savePlayQueue/getPlayQueue).
public struct PlayQueue: Sendable, Equatable, Codable {
    public var trackIDs: [Int64]
    public var currentTrackID: Int64?
    public var positionMs: Int64
    public var changedAt: Date
    /// The client that saved it (Subsonic's `c` parameter).
    public var changedBy: String?

    public init(trackIDs: [Int64], currentTrackID: Int64?, positionMs: Int64, changedAt: Date, changedBy: String?) {
        self.trackIDs = trackIDs
        self.currentTrackID = currentTrackID
        self.positionMs = positionMs
        self.changedAt = changedAt
        self.changedBy = changedBy
    }
}
