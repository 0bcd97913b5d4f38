@testable import LibraryCore
@testable import LibraryStorage
import Testing

@Suite("List queries over the list indexes (v14, v18)")
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
                let plan = try queryPlan("SELECT a.id FROM album a WHERE \(BrowseStore.presentAlbum()) ORDER BY \(sql: order) LIMIT 50 OFFSET 500", db)
                #expect(plan.contains { $0.contains("SCAN a USING INDEX \(index)") }, "\(plan)")
                #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
                // Not through the totals index (v15), whose wide entries cost more pages per probe.
                #expect(plan.contains { $0.contains("USING COVERING INDEX track_by_album_present") }, "\(plan)")
            }
        }
    }

    @Test func aRandomSampleFindsItsIdRangeWithTwoLookupsNotAScan() throws {
        let database = try Database.open(.inMemory)
        try database.read { db in
            for table in ["track", "album"] {
                // `min(id), max(id)` in one select scanned a whole index (9 ms at 100,000 tracks).
                let plan = try queryPlan(BrowseStore.idRange(of: table), db)
                #expect(!plan.contains { $0.hasPrefix("SCAN \(table)") }, "\(plan)")
                #expect(plan.filter { $0 == "SEARCH \(table)" }.count == 2, "\(plan)")
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

    @Test func emptySearchPagesListEveryPresentTrackByIDAsTheTableDid() throws {
        let (database, library, folder) = try Fixture.libraryWithFolder()
        try database.write { db in
            for n in 0..<40 { try track(db, library, folder, n, album: nil, genres: "[]", missing: n % 3 == 0) }
            func page(_ size: Int, _ offset: Int, in libraryID: Int64? = nil) throws -> [Int64] {
                var facts = SearchFacts()
                return try BrowseStore.searchSongIDs(nil, page: Page(size: size, offset: offset), libraryID: libraryID, facts: &facts, db)
            }
            let present: [Int64] = try db.values("SELECT id FROM track WHERE missing_since IS NULL ORDER BY id")
            #expect(present.count == 26)
            for offset in [0, 6, 21, 25, 26, 40] {
                #expect(try page(7, offset) == Array(present.dropFirst(offset).prefix(7)), "offset \(offset)")
            }
            #expect(try page(100, 0, in: library) == present)
            #expect(try page(100, 0, in: library + 1).isEmpty)
            // The index follows a track going missing and coming back.
            let missing: [Int64] = try db.values("SELECT id FROM track WHERE missing_since IS NOT NULL ORDER BY id")
            try db.execute("UPDATE track SET missing_since = 1 WHERE id = \(present[0])")
            try db.execute("UPDATE track SET missing_since = NULL WHERE id = \(missing[0])")
            #expect(missing[0] < present[1])
            #expect(try page(2, 0) == [missing[0], present[1]])
        }
    }

    @Test func onlyTheEmptySearchReadsThePresentIDsIndex() throws {
        let database = try Database.open(.inMemory)
        try database.read { db in
            let empty = try queryPlan("""
                SELECT t.id FROM track t INDEXED BY track_present_ids WHERE (t.missing_since IS NULL) = 1 AND t.library_id = 1
                ORDER BY t.id LIMIT 500 OFFSET 90000
                """, db)
            #expect(empty == ["SEARCH t USING INDEX track_present_ids (<expr>=?)"], "no sort: \(empty)")
            // Its key is the expression, not the column: listings filtering on the column keep the table.
            let byID = try queryPlan("SELECT t.id FROM track t WHERE t.missing_since IS NULL ORDER BY t.id LIMIT 500 OFFSET 90000", db)
            #expect(byID == ["SCAN t"], "\(byID)")
        }
    }

    @Test func aMusicFolderFilterKeepsTheAlbumsAndTheSearchsOwnIndexes() throws {
        let database = try Database.open(.inMemory)
        try database.read { db in
            // Through `track_by_added_scan (library_id=?)` each album read every track of the library.
            let albums = try queryPlan("""
                SELECT a.id FROM album a WHERE EXISTS (
                    SELECT 1 FROM track p WHERE p.album_id = a.id AND p.missing_since IS NULL\(BrowseStore.libraryFilter(1, column: "p.library_id")))
                """, db)
            #expect(albums.contains { $0.contains("(album_id=? AND missing_since=?)") }, "\(albums)")
            #expect(!albums.contains { $0.contains("library_id=?") }, "\(albums)")
            let genre = try queryPlan("""
                SELECT t.album_id FROM track_search JOIN track t ON t.id = track_search.rowid
                WHERE track_search MATCH 'genre_fold : "rock"' AND t.missing_since IS NULL\(BrowseStore.libraryFilter(1))
                """, db)
            #expect(!genre.contains { $0.contains("library_id=?") }, "\(genre)")
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
