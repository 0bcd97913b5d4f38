import Foundation

/// One side of a possible move: what the scanner compares to decide which track moved where.
public struct MoveSide: Sendable, Equatable {
    public var id: Int64
    public var titleFold: String
    public var artistFold: String
    public var albumFold: String
    public var pathText: String
    public var fileSize: Int64

    /// The last path component.
    public var fileName: Substring { pathText[(pathText.lastIndex(of: "/").map { pathText.index(after: $0) } ?? pathText.startIndex)...] }
}

/// SQL for recognising moved files: a missing track and a track added since the last
/// completed scan with the same content fingerprint are candidates for being one file.
public enum MoveStore {
    /// Candidate pairs (missing, newly added) with equal fingerprints in one library that
    /// also agree on the title, or on artist and album. (Size is no filter: taggers pad
    /// tags to round sizes, so unrelated copies of the same audio often share it. A file
    /// moved and retagged in title, artist and album at once is not recognised.)
    public static func candidates(libraryID: Int64, addedAfter generation: Int64, _ db: Connection) throws -> [(old: MoveSide, new: MoveSide)] {
        let statement = try db.makeStatement("""
            SELECT o.id, o.title_fold, o.artist_fold, o.album_fold, o.path_text, o.file_size,
                   n.id, n.title_fold, n.artist_fold, n.album_fold, n.path_text, n.file_size
            FROM track n JOIN track o
              ON o.library_id = n.library_id AND o.fingerprint = n.fingerprint AND o.missing_since IS NOT NULL
            WHERE n.library_id = ? AND n.added_scan > ? AND n.missing_since IS NULL AND n.fingerprint IS NOT NULL
              AND o.id <> n.id
              AND (o.title_fold = n.title_fold OR (o.artist_fold = n.artist_fold AND o.album_fold = n.album_fold))
            """)
        var pairs: [(MoveSide, MoveSide)] = []
        try statement.forEach([libraryID, generation]) { s in
            func side(_ offset: Int) -> MoveSide {
                MoveSide(
                    id: s.column(offset) ?? 0, titleFold: s.column(offset + 1) ?? "", artistFold: s.column(offset + 2) ?? "",
                    albumFold: s.column(offset + 3) ?? "", pathText: s.column(offset + 4) ?? "", fileSize: s.column(offset + 5) ?? 0)
            }
            pairs.append((side(0), side(6)))
        }
        return pairs
    }

    /// Makes the missing track `oldID` take over the file, tags and links of `newID`, then
    /// deletes `newID`: the old id, added-at and playlist entries survive the move.
    public static func merge(oldID: Int64, newID: Int64, _ db: Connection) throws {
        guard let pathText: String = try db.scalar("SELECT path_text FROM track WHERE id = ?", [newID]) else { return }
        // Free the unique (library, path) slot before the old row takes it.
        try db.execute("UPDATE track SET path_text = path_text || ' (moving ' || id || ')' WHERE id = ?", [newID])
        let columns = TrackStore.valueColumns
        try db.execute("""
            UPDATE track SET (\(columns.joined(separator: ", "))) =
                (SELECT \(columns.joined(separator: ", ")) FROM track WHERE id = ?),
                path_text = ?, missing_since = NULL
            WHERE id = ?
            """, [newID, pathText, oldID])
        try db.execute("DELETE FROM track_artist WHERE track_id = ?", [oldID])
        try db.execute("UPDATE track_artist SET track_id = ? WHERE track_id = ?", [oldID, newID])
        try db.execute("UPDATE playlist_item SET track_id = ? WHERE track_id = ?", [oldID, newID])
        try db.execute("DELETE FROM track WHERE id = ?", [newID])
    }

    /// The generation of the library's last scan that ran to the end.
    public static func completedGeneration(libraryID: Int64, _ db: Connection) throws -> Int64 {
        try db.scalar("SELECT completed_generation FROM library WHERE id = ?", [libraryID]) ?? 0
    }

    /// Records that the scan of `generation` ran to the end.
    public static func complete(libraryID: Int64, generation: Int64, _ db: Connection) throws {
        try db.execute("UPDATE library SET completed_generation = ? WHERE id = ?", [generation, libraryID])
    }
}
