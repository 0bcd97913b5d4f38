import Foundation

/// A user's playlist: an ordered list of track ids, or a saved query (smart).
public struct Playlist: Sendable, Equatable, Identifiable, Codable, PlaylistFields {
    public var id: Int64
    public var name: String
    public var description: String?
    /// The saved query text of a smart playlist; nil for a normal one.
    public var smartQuery: String?
    public var smartSort: String?
    public var smartLimit: Int?
    public var trackCount: Int
    public var durationMs: Int64
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: Int64, name: String, description: String?, smartQuery: String?, smartSort: String?,
        smartLimit: Int?, trackCount: Int, durationMs: Int64, createdAt: Date, updatedAt: Date
    ) {
        self.id = id; self.name = name; self.description = description
        self.smartQuery = smartQuery; self.smartSort = smartSort; self.smartLimit = smartLimit
        self.trackCount = trackCount; self.durationMs = durationMs
        self.createdAt = createdAt; self.updatedAt = updatedAt
    }

    /// Whether this is a smart playlist (a saved query evaluated when read).
    public var isSmart: Bool { smartQuery != nil }
}

/// One entry of a playlist, at a 1-based position.
public struct PlaylistEntry: Sendable, Equatable, Codable {
    public var position: Int
    public var track: Track

    public init(position: Int, track: Track) {
        self.position = position
        self.track = track
    }
}
