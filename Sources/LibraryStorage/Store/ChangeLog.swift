/// What the writer connection notes of each transaction for change events: the libraries
/// whose rows changed, the libraries whose tracks changed, and the playlists whose rows or
/// entries changed (see `RowChangeLog`: a deleted row still names its library or playlist,
/// a track moved from one library to another names both). The `DatabaseQueue` takes the
/// notes just before COMMIT and hands them on once committed.
enum ChangeLog {
    /// The sets of `RowChangeLog.take()`.
    private enum Kind: Int, CaseIterable {
        case library, tracksOfLibrary, playlist
    }

    /// Starts noting on `db` (the writer), after the migrations: they log nothing.
    static func install(_ db: Connection) throws {
        try db.logChanges(of: [
            RowChangeLog.Source(table: "library", kind: Kind.library.rawValue),
            RowChangeLog.Source(table: "track", kind: Kind.tracksOfLibrary.rawValue, column: "library_id"),
            RowChangeLog.Source(table: "playlist", kind: Kind.playlist.rawValue),
            RowChangeLog.Source(table: "playlist_item", kind: Kind.playlist.rawValue, column: "playlist_id"),
        ], kinds: Kind.allCases.count)
    }

    /// What `db` noted since the last call; the notes are emptied.
    static func drain(_ db: Connection) -> CommittedChanges {
        guard let noted = db.changeLog?.take() else { return CommittedChanges() }
        return CommittedChanges(
            libraries: noted[Kind.library.rawValue], trackLibraries: noted[Kind.tracksOfLibrary.rawValue],
            playlists: noted[Kind.playlist.rawValue])
    }
}
