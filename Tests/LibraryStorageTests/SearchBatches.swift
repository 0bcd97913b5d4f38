@testable import LibraryStorage

/// Tracks indexed for search in batches, as a scan indexes them (each batch in one
/// statement, so FTS5 writes a segment per batch), and the answers of a few search shapes.
enum SearchBatches {
    static let words = ["the", "there", "blue", "blur", "love", "echo", "eden", "e", "abba", "bé"]

    /// Inserts `batches` batches of `size` tracks, numbered from `start`.
    static func insert(_ db: Connection, libraryID: Int64, folderID: Int64, from start: Int, batches: Int, size: Int) throws {
        for batch in 0..<batches {
            var ids: [Int64] = []
            for offset in 0..<size {
                let index = start + batch * size + offset
                let path = "/music/a/\(index).flac"
                let title = (0..<(1 + index % 3)).map { words[(index * 7 + $0 * 3) % words.count] }.joined(separator: " ")
                try db.execute("""
                    INSERT INTO track (library_id, folder_id, path, path_text, file_size, mtime_ns, ctime_ns, format, title, added_at,
                                       updated_at, title_fold, artist_fold, album_fold)
                    VALUES (\(libraryID), \(folderID), \(Array(path.utf8)), \(path), 1, 0, 0, 'flac', 'Song', 0, 0,
                            \(title), \(words[index % words.count]), \(words[(index / 5) % words.count]))
                    """)
                ids.append(db.lastInsertedRowID)
            }
            try TrackStore.indexForSearch(ids: ids, db)
        }
    }

    /// The ids each of a few searches finds: prefixes, a whole word, a column filter, two words.
    static func answers(_ db: Connection) throws -> [[Int64]] {
        try [#""e"*"#, #""bl"*"#, #""the""#, #"{title_fold} : (^"the"*)"#, #""love" "e"*"#].map {
            try db.values("SELECT rowid FROM track_search WHERE track_search MATCH \($0) ORDER BY rank, rowid")
        }
    }
}
