/// A playlist entry that pruning removed.
public struct PrunedEntry: Sendable, Equatable, Codable {
    public var playlist: String
    /// The entry's 1-based position before pruning.
    public var position: Int
    public var trackTitle: String
    public var path: String

    public init(playlist: String, position: Int, trackTitle: String, path: String) {
        self.playlist = playlist; self.position = position; self.trackTitle = trackTitle; self.path = path
    }
}

/// What `kanora prune` removed (or would remove, in a dry run).
public struct PruneReport: Sendable, Equatable, Codable {
    /// Paths of the missing tracks removed, sorted.
    public var tracks: [String] = []
    public var playlistEntries: [PrunedEntry] = []

    public init() {}
}
