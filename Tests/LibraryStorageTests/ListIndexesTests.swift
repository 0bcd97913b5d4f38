@testable import LibraryCore
@testable import LibraryStorage
import Testing

@Suite("List queries over the v14 list indexes")
struct ListIndexesTests {
    @Test func genresCountATrackOnceWhateverTheCaseOrRepeatsOfItsGenres() throws {
        let (database, library, folder) = try Fixture.libraryWithFolder()
        let genres = try database.write { db in
            let first = try album(db, "First"), second = try album(db, "Second")
            try track(db, library, folder, 1, album: first, genres: #"["Rock", "rock"]"#)
            try track(db, library, folder, 2, album: first, genres: #"["Rock"]"#)
            try track(db, library, folder, 3, album: second, genres: #"["ROCK", "Pop"]"#)
            try track(db, library, folder, 4, album: second, genres: #"["Pop", "Jazz"]"#, missing: true)
            try track(db, library, folder, 5, album: nil, genres: #"["Jazz", " "]"#)
            return try BrowseStore.genres(db)
        }
        #expect(genres == [
            BrowseGenre(name: "Jazz", songCount: 1, albumCount: 0),
            BrowseGenre(name: "Pop", songCount: 1, albumCount: 1),
            BrowseGenre(name: "ROCK", songCount: 3, albumCount: 2),
        ])
    }

    @Test func genresAnswerAsCountingTrackByTrackDid() throws {
        let (database, library, folder) = try Fixture.libraryWithFolder()
        let values = ["Rock", "rock", "ROCK", "Pop", "Jazz", " ", "Électro", "électro", "Folk"]
        let (genres, trackByTrack) = try database.write { db in
            let albums = try (0..<7).map { try album(db, "Album \($0)") }
            for n in 0..<120 {
                let count = n % 4
                let list = (0..<count).map { "\"\(values[(n * 7 + $0 * 5) % values.count])\"" }.joined(separator: ", ")
                try track(db, library, folder, n, album: n % 9 == 0 ? nil : albums[n % albums.count], genres: "[\(list)]",
                          missing: n % 11 == 0)
            }
            var oracle: [BrowseGenre] = []
            // The query before v14: every track's genres expanded, then grouped.
            try db.forEach("""
                SELECT min(g.value) AS name, count(DISTINCT t.id) AS songs, count(DISTINCT t.album_id) AS albums
                FROM track t, json_each(t.genres) g WHERE t.missing_since IS NULL AND trim(g.value) <> ''
                GROUP BY lower(g.value) ORDER BY lower(g.value)
                """) { s in
                oracle.append(BrowseGenre(name: s["name"] ?? "", songCount: s["songs"] ?? 0, albumCount: s["albums"] ?? 0))
            }
            return (try BrowseStore.genres(db), oracle)
        }
        #expect(genres.count >= 5)
        #expect(genres == trackByTrack)
    }

    @Test func alphabeticalAlbumListsReadAPageInIndexOrderWithoutSorting() throws {
        let database = try Database.open(.inMemory)
        try database.read { db in
            for (order, index) in [(BrowseStore.albumsByTitle, "album_by_title"), (BrowseStore.albumsByArtistAndTitle, "album_by_artist_title")] {
                let plan = try queryPlan("SELECT a.id FROM album a WHERE \(BrowseStore.presentAlbum) ORDER BY \(sql: order) LIMIT 50 OFFSET 500", db)
                #expect(plan.contains { $0.contains("SCAN a USING INDEX \(index)") }, "\(plan)")
                #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
            }
        }
    }

    @Test func newestAndByYearWalksReadOnlyTheirCoveringIndex() throws {
        let database = try Database.open(.inMemory)
        try database.read { db in
            for (index, order) in [("track_album_by_added", "t.added_at DESC, t.id DESC"), ("track_album_by_year", "t.year, t.id")] {
                let plan = try queryPlan("""
                    SELECT t.album_id FROM track t INDEXED BY \(sql: index)
                    WHERE t.missing_since IS NULL AND t.album_id IS NOT NULL ORDER BY \(sql: order)
                    """, db)
                #expect(plan == ["SCAN t USING COVERING INDEX \(index)"])
            }
        }
    }

    @Test func listingsOfEveryPresentTrackStillReadTheTableNotAnIndexAndItsRows() throws {
        let database = try Database.open(.inMemory)
        try database.read { db in
            // As `TrackStore.tracks` and `CatalogStore.albums` ask for `kanora list` and `/api/v1`.
            let tracks = try queryPlan("\(TrackStore.selectFrom) WHERE (1) AND t.missing_since IS NULL ORDER BY t.title COLLATE NOCASE, t.id", db)
            #expect(tracks.first == "SCAN t", "\(tracks)")
            let albums = try queryPlan("""
                SELECT a.id, min(t.year), count(t.id), sum(t.duration_ms) FROM track t CROSS JOIN album a ON a.id = t.album_id
                WHERE (1) AND t.missing_since IS NULL GROUP BY a.id ORDER BY a.title, a.id
                """, db)
            // v15's covering index holds every column this grouping reads: a narrower scan, no row lookups.
            #expect(albums.first == "SCAN t USING COVERING INDEX track_album_totals", "\(albums)")
        }
    }

    private func queryPlan(_ sql: SQL, _ db: Connection) throws -> [String] {
        var details: [String] = []
        try db.forEach("EXPLAIN QUERY PLAN \(sql)") { s in details.append(s["detail"] ?? "") }
        return details
    }

    private func album(_ db: Connection, _ title: String) throws -> Int64 {
        try db.execute("INSERT INTO album (group_key, title, album_artist) VALUES (\(title), \(title), 'Someone')")
        return db.lastInsertedRowID
    }

    private func track(
        _ db: Connection, _ library: Int64, _ folder: Int64, _ n: Int, album: Int64?, genres: String, missing: Bool = false
    ) throws {
        let id = try Fixture.insertTrack(db, libraryID: library, folderID: folder, path: "/m/a/\(n).flac")
        try db.execute("""
            UPDATE track SET album_id = \(album), genres = \(genres), missing_since = \(missing ? 1 : nil) WHERE id = \(id)
            """)
    }
}
