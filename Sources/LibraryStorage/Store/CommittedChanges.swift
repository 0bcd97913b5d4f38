/// What committed write transactions changed, as the storage recorded it row by row (see
/// `ChangeLog`): the services turn it into change events, so no write path has to remember
/// to publish one.
package struct CommittedChanges: Sendable, Equatable {
    /// The libraries whose own rows were added, edited or removed.
    package var libraries: Set<Int64>
    /// The libraries whose tracks were added, edited or removed (a track moved from one
    /// library to another counts for both).
    package var trackLibraries: Set<Int64>
    /// The playlists added, edited or removed, or whose entries changed.
    package var playlists: Set<Int64>

    package init(libraries: Set<Int64> = [], trackLibraries: Set<Int64> = [], playlists: Set<Int64> = []) {
        self.libraries = libraries
        self.trackLibraries = trackLibraries
        self.playlists = playlists
    }

    /// Whether nothing that the log watches changed.
    package var isEmpty: Bool { libraries.isEmpty && trackLibraries.isEmpty && playlists.isEmpty }

    /// Adds the changes of a later transaction.
    package mutating func formUnion(_ other: CommittedChanges) {
        libraries.formUnion(other.libraries)
        trackLibraries.formUnion(other.trackLibraries)
        playlists.formUnion(other.playlists)
    }
}
