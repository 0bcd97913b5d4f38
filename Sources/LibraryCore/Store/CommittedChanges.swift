/// What committed write transactions changed, as the storage recorded it row by row (see
/// `ChangeLog`): the services turn it into change events, so no write path has to remember
/// to publish one.
public struct CommittedChanges: Sendable, Equatable {
    /// The libraries whose own rows were added, edited or removed.
    public var libraries: Set<Int64>
    /// The libraries whose tracks were added, edited or removed (a track moved from one
    /// library to another counts for both).
    public var trackLibraries: Set<Int64>
    /// The playlists added, edited or removed, or whose entries changed.
    public var playlists: Set<Int64>

    public init(libraries: Set<Int64> = [], trackLibraries: Set<Int64> = [], playlists: Set<Int64> = []) {
        self.libraries = libraries
        self.trackLibraries = trackLibraries
        self.playlists = playlists
    }

    /// Whether nothing that the log watches changed.
    public var isEmpty: Bool { libraries.isEmpty && trackLibraries.isEmpty && playlists.isEmpty }

    /// Adds the changes of a later transaction.
    public mutating func formUnion(_ other: CommittedChanges) {
        libraries.formUnion(other.libraries)
        trackLibraries.formUnion(other.trackLibraries)
        playlists.formUnion(other.playlists)
    }
}
