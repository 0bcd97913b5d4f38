@testable import LibraryCore
@testable import LibraryStorage
import Testing

@Suite("First pages in the default order and random lists drawn by id")
struct FirstPageAndSampleTests {
    @Test func firstAlbumPagesMatchTheGeneralQueryAtEveryLimit() throws {
        let (database, library, folder) = try Fixture.libraryWithFolder()
        try database.write { db in
            try fill(db, library, folder)
            let order = CatalogStore.defaultAlbumOrder
            for includeMissing in [false, true] {
                let all = try CatalogStore.albums(where: "1 = 1", orderBy: order, limit: nil, includeMissing: includeMissing, db)
                #expect(all.count >= 20)
                for limit in 0...(all.count + 2) {
                    // "1 = 1" takes the general path; the empty query's "1" the first-page path.
                    let page = try CatalogStore.albums(where: "1", orderBy: order, limit: limit, includeMissing: includeMissing, db)
                    #expect(page == Array(all.prefix(limit)), "limit \(limit), includeMissing \(includeMissing)")
                }
                #expect(try CatalogStore.firstAlbumsInDefaultOrder(limit: 5, includeMissing: includeMissing, db) != nil)
            }
        }
    }

    @Test func firstArtistPagesMatchTheGeneralQueryAtEveryLimit() throws {
        let (database, library, folder) = try Fixture.libraryWithFolder()
        try database.write { db in
            try fill(db, library, folder)
            let order = CatalogStore.defaultArtistOrder
            for includeMissing in [false, true] {
                let all = try CatalogStore.artists(where: "1 = 1", orderBy: order, limit: nil, includeMissing: includeMissing, db)
                #expect(all.count >= 8)
                for limit in 0...(all.count + 2) {
                    let page = try CatalogStore.artists(where: "1", orderBy: order, limit: limit, includeMissing: includeMissing, db)
                    #expect(page == Array(all.prefix(limit)), "limit \(limit), includeMissing \(includeMissing)")
                }
            }
        }
    }

    @Test func theFirstArtistPageSkipsArtistsWithoutPresentCredits() throws {
        let (database, library, folder) = try Fixture.libraryWithFolder()
        let page = try database.write { db in
            // "a0"..."a5" come first by name: a0-a2 are credited on missing tracks only,
            // a3 on no track at all (an album artist only); "b0"..."b3" have present tracks.
            for name in ["a0", "a1", "a2", "a3", "b0", "b1", "b2", "b3"] {
                try db.execute("INSERT INTO artist (name, name_key) VALUES (\(name), \(name))")
                let artist = db.lastInsertedRowID
                guard name != "a3" else { continue }
                let id = try Fixture.insertTrack(db, libraryID: library, folderID: folder, path: "/m/a/\(name).flac")
                try db.execute("UPDATE track SET missing_since = \(name.hasPrefix("a") ? 1 : nil) WHERE id = \(id)")
                try db.execute("INSERT INTO track_artist (track_id, role, position, artist_id) VALUES (\(id), 'artist', 0, \(artist))")
            }
            return (
                present: try CatalogStore.firstArtistsInDefaultOrder(limit: 3, includeMissing: false, db).map(\.name),
                all: try CatalogStore.firstArtistsInDefaultOrder(limit: 3, includeMissing: true, db).map(\.name),
                more: try CatalogStore.firstArtistsInDefaultOrder(limit: 9, includeMissing: false, db).map(\.name))
        }
        #expect(page.present == ["b0", "b1", "b2"])
        #expect(page.all == ["a0", "a1", "a2"])
        #expect(page.more == ["b0", "b1", "b2", "b3"])
    }

    @Test func randomSongsAreDistinctMatchingSongsAndEveryOneCanComeUp() throws {
        let (database, library, folder) = try Fixture.libraryWithFolder()
        try database.write { db in
            try fill(db, library, folder)
            let matching = Set<Int64>(try db.values("SELECT id FROM track WHERE missing_since IS NULL AND year BETWEEN 1990 AND 2009"))
            #expect(matching.count >= 30)
            var seen = Set<Int64>()
            for _ in 0..<200 {
                let songs = try BrowseStore.randomSongIDs(size: 5, genre: nil, years: 1990...2009, libraryID: library, db)
                #expect(songs.count == 5 && Set(songs).count == 5)
                #expect(Set(songs).isSubset(of: matching))
                seen.formUnion(songs)
            }
            #expect(seen == matching)
            // More than match: every matching song, through the fallback.
            let everything = try BrowseStore.randomSongIDs(size: 500, genre: nil, years: 1990...2009, libraryID: nil, db)
            #expect(everything.count == matching.count && Set(everything) == matching)
            #expect(try BrowseStore.randomSongIDs(size: 5, genre: nil, years: nil, libraryID: library + 1, db).isEmpty)
        }
    }

    @Test func randomAlbumPagesAreDistinctAlbumsWithPresentTracks() throws {
        let (database, library, folder) = try Fixture.libraryWithFolder()
        try database.write { db in
            try fill(db, library, folder)
            let present = Set<Int64>(try db.values("SELECT a.id FROM album a WHERE \(BrowseStore.presentAlbum())"))
            for offset in [0, 3, present.count - 2, present.count + 5] {
                let page = try BrowseStore.albumListIDs(.random, page: Page(size: 4, offset: offset), libraryID: nil, userID: 1, db)
                #expect(page.count == max(0, min(4, present.count - offset)), "offset \(offset)")
                #expect(Set(page).count == page.count && Set(page).isSubset(of: present))
            }
        }
    }

    /// Ten artists (names differing only in case, sort names, a compilation), albums of
    /// several years each, some tracks missing and some albums with missing tracks only.
    private func fill(_ db: Connection, _ library: Int64, _ folder: Int64) throws {
        let names = ["abba", "ABBA Tribute", "Beatles", "the Band", "Zappa", "zz top", "Éric", "Various Artists", "Muse", "muse"]
        var n = 0
        for (a, name) in names.enumerated() {
            let sort: String? = name == "Beatles" ? "Beatles, The" : name == "the Band" ? "Band, The" : nil
            try db.execute("INSERT INTO artist (name, name_key, sort_name) VALUES (\(name), \(name + "#"), \(sort))")
            let artist = db.lastInsertedRowID
            for b in 0..<(1 + a % 4) {
                let title = ["Gold", "alpha", "Zeta", "beta"][(a + b) % 4]
                try db.execute("""
                    INSERT INTO album (group_key, title, album_artist, album_artist_sort, artist_id, compilation)
                    VALUES (\("\(a)-\(b)"), \(title), \(name), \(sort), \(artist), \(name == "Various Artists"))
                    """)
                let album = db.lastInsertedRowID
                for t in 0..<(2 + (a + b) % 3) {
                    n += 1
                    let id = try Fixture.insertTrack(db, libraryID: library, folderID: folder, path: "/m/a/\(n).flac")
                    let missing = (a == 4 && b == 0) || n % 7 == 0
                    try db.execute("""
                        UPDATE track SET album_id = \(album), year = \(1985 + (n * 7 + t) % 30), duration_ms = \(1000 * n),
                               added_at = \(n), missing_since = \(missing ? 1 : nil) WHERE id = \(id)
                        """)
                    try db.execute("INSERT INTO track_artist (track_id, role, position, artist_id) VALUES (\(id), 'artist', 0, \(artist))")
                    if n % 5 == 0 {
                        try db.execute("DELETE FROM track WHERE id = \(id)")
                    }
                }
            }
        }
    }
}
