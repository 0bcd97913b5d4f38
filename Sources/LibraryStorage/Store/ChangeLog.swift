/// The writer connection's log of what each transaction changed: TEMP triggers on the rows
/// that change events report (libraries, tracks, playlists and their entries) note the
/// library or playlist each changed row belongs to in a TEMP table, once per id; the
/// `DatabaseQueue` reads and empties it just before COMMIT and hands it on once committed.
///
/// Being a table, the log is transactional: a transaction rolled back, or a savepoint rolled
/// back inside one, takes its notes with it, so only what was committed is ever reported.
/// Triggers see every row however it changed (a cascade from a deleted library or user, a
/// merge, a prune), and a deleted row still names its library or playlist (`OLD`). The
/// cost is one tiny insert per changed row, in memory, that usually finds its note already
/// there. TEMP objects belong to the one connection: the migrations (run before) and the
/// other connections never see them.
enum ChangeLog {
    /// What a note's `id` names (the `kind` column).
    private enum Kind: Int64 {
        case library = 1
        /// `id` is the library of a changed track.
        case tracksOfLibrary = 2
        case playlist = 3
    }

    /// The tables watched, what their rows' changes are noted as, and the column naming the
    /// library or playlist a row belongs to.
    private static let sources: [(table: String, kind: Kind, key: String)] = [
        ("library", .library, "id"),
        ("track", .tracksOfLibrary, "library_id"),
        ("playlist", .playlist, "id"),
        ("playlist_item", .playlist, "playlist_id"),
    ]

    /// Creates the log and its triggers on `db` (the writer), for the watched tables the
    /// schema has (a test database migrated part-way may lack some).
    static func install(_ db: Connection) throws {
        try db.execute("""
            CREATE TEMP TABLE IF NOT EXISTS kanora_change (
                kind INTEGER NOT NULL,
                id INTEGER NOT NULL,
                PRIMARY KEY (kind, id)
            ) WITHOUT ROWID
            """)
        let tables = Set(try db.rows("SELECT name FROM main.sqlite_master WHERE type = 'table'").compactMap { $0["name"] as String? })
        for source in sources where tables.contains(source.table) {
            try db.execute(triggers(on: source.table, kind: source.kind, key: source.key))
        }
    }

    /// The four triggers of one table: built from constants (a trigger takes no bound
    /// arguments), the same shape for each table. An update notes the row's new owner, and
    /// its old one too when the update moved it (a track taken over from another library).
    private static func triggers(on table: String, kind: Kind, key: String) -> String {
        let note = "INSERT OR IGNORE INTO kanora_change (kind, id) VALUES (\(kind.rawValue),"
        return """
            CREATE TEMP TRIGGER IF NOT EXISTS kanora_change_\(table)_insert AFTER INSERT ON main.\(table)
            BEGIN \(note) NEW.\(key)); END;
            CREATE TEMP TRIGGER IF NOT EXISTS kanora_change_\(table)_update AFTER UPDATE ON main.\(table)
            BEGIN \(note) NEW.\(key)); END;
            CREATE TEMP TRIGGER IF NOT EXISTS kanora_change_\(table)_move AFTER UPDATE OF \(key) ON main.\(table)
            WHEN OLD.\(key) IS NOT NEW.\(key)
            BEGIN \(note) OLD.\(key)); END;
            CREATE TEMP TRIGGER IF NOT EXISTS kanora_change_\(table)_delete AFTER DELETE ON main.\(table)
            BEGIN \(note) OLD.\(key)); END;
            """
    }

    /// What the transaction open on `db` has changed so far; empties the log. Called inside
    /// the transaction, just before COMMIT: if the commit fails, the emptying is rolled back
    /// with the rest.
    static func drain(_ db: Connection) throws -> CommittedChanges {
        let notes = try db.rows("SELECT kind, id FROM temp.kanora_change")
        guard !notes.isEmpty else { return CommittedChanges() }
        try db.execute("DELETE FROM temp.kanora_change", [])
        var changes = CommittedChanges()
        for note in notes {
            guard let id: Int64 = note["id"], let kind = (note["kind"] as Int64?).flatMap(Kind.init(rawValue:)) else { continue }
            switch kind {
            case .library: changes.libraries.insert(id)
            case .tracksOfLibrary: changes.trackLibraries.insert(id)
            case .playlist: changes.playlists.insert(id)
            }
        }
        return changes
    }
}
