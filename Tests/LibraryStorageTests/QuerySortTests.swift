import Foundation
import LibraryCore
import LibraryStorage
import Testing

@Suite("Sort orders")
struct QuerySortTests {
    @Test func defaultOrders() {
        #expect(SortOrder.defaultOrder(for: .tracks).description == "albumartist+ album+ disc+ track+ title+")
        #expect(SortOrder.defaultOrder(for: .albums).description == "albumartist+ year+ album+")
        #expect(SortOrder.defaultOrder(for: .artists).description == "name+")
        #expect(SortOrder.defaultOrder(for: .tracks).sql(for: .tracks) == """
            coalesce(t.album_artist_sort, t.album_artist, t.artist_sort, t.artist) COLLATE NOCASE, \
            coalesce(t.album_sort, t.album) COLLATE NOCASE, t.disc_number, t.track_number, \
            coalesce(t.title_sort, t.title) COLLATE NOCASE, t.id
            """)
        #expect(SortOrder.defaultOrder(for: .albums).sql(for: .albums)
            == "album_artist_sort_key COLLATE NOCASE, year, title_sort_key COLLATE NOCASE, a.id")
        #expect(SortOrder.defaultOrder(for: .artists).sql(for: .artists) == "sort_key COLLATE NOCASE, ar.id")
    }

    @Test func parsesKeysAndRoundTrips() throws {
        let order = try SortOrder.parse(["year+ title-", "Disc"])
        #expect(order.description == "year+ title- disc+")
        #expect(try SortOrder.parse([order.description]) == order)
        #expect(order.sql(for: .tracks) == "t.year, coalesce(t.title_sort, t.title) COLLATE NOCASE DESC, t.disc_number, t.id")
        #expect(try SortOrder.parse(["id-"]).sql(for: .tracks) == "t.id DESC")
        #expect(try SortOrder.parse([]).sql(for: .artists) == "sort_key COLLATE NOCASE, ar.id")
    }

    @Test func keysForAnotherTargetAreSkipped() throws {
        let order = try SortOrder.parse(["bpm-", "year-"])
        #expect(order.sql(for: .albums) == "year DESC, a.id")
        #expect(order.sql(for: .artists) == "sort_key COLLATE NOCASE, ar.id")
        #expect(throws: QueryError.self) { try SortOrder.parse(["bpm"], for: .albums) }
        #expect(try SortOrder.parse(["tracks-"], for: .albums).sql(for: .albums) == "track_count DESC, a.id")
        #expect(SortOrder.fields(for: .artists) == ["albums", "artist", "id", "length", "name", "tracks"])
    }

    @Test("unknown sort fields name the key", arguments: ["colour+", "+", "-", "title*"])
    func unknownSortField(key: String) throws {
        do {
            _ = try SortOrder.parse(["year", key])
            Issue.record("expected an error for \(key)")
        } catch {
            #expect(error.term == key)
            #expect(error.message.contains("\"\(key)\""))
        }
    }

    @Test func unknownSortFieldListsValidOnes() throws {
        let error = try #require(throws: QueryError.self) { try SortOrder.parse(["colour+"]) }
        #expect(error.message.hasPrefix("unknown sort field \"colour\" in \"colour+\": valid sort fields are "))
        #expect(error.message.contains("albumartist"))
    }

    private func sortedTitles(_ keys: [String], fixture: QueryFixture) throws -> [String] {
        let order = try SortOrder.parse(keys)
        return try fixture.database.read { db in
            try db.rows("SELECT t.title FROM track AS t ORDER BY \(sql: order.sql(for: .tracks))").map { $0[0]! }
        }
    }

    @Test func trackSortsHonourSortNamesAndIgnoreCase() throws {
        let fixture = try QueryFixture([
            .init(id: 1, title: "b", artists: ["The Beatles"], artistSort: "Beatles, The", albumArtists: ["The Beatles"],
                  albumArtistSort: "Beatles, The", album: "Abbey Road", year: 1969, track: 2, disc: 1, path: "/m/1"),
            .init(id: 2, title: "A", artists: ["ABBA"], albumArtists: ["ABBA"], album: "Arrival", year: 1976, track: 1, disc: 1, path: "/m/2"),
            .init(id: 3, title: "a", titleSort: "z", artists: ["The Beatles"], artistSort: "Beatles, The", albumArtists: ["The Beatles"],
                  albumArtistSort: "Beatles, The", album: "Abbey Road", year: 1969, track: 1, disc: 1, path: "/m/3"),
            .init(id: 4, title: "c", artists: ["Cream"], album: "The Album", albumSort: "Album, The", year: 1969, path: "/m/4"),
            .init(id: 5, title: "d", artists: ["beck"], album: "Odelay", path: "/m/5"),
        ])
        #expect(try sortedTitles([], fixture: fixture) == ["A", "a", "b", "d", "c"])
        #expect(try sortedTitles(["title"], fixture: fixture) == ["A", "b", "c", "d", "a"])
        #expect(try sortedTitles(["artist"], fixture: fixture) == ["A", "b", "a", "d", "c"])
        #expect(try sortedTitles(["album"], fixture: fixture) == ["b", "a", "c", "A", "d"])
        // NULLs sort first ascending, so last when descending.
        #expect(try sortedTitles(["year-", "track+"], fixture: fixture) == ["A", "c", "a", "b", "d"])
    }

    @Test func albumAndArtistOrdersRunInTheServiceQueries() throws {
        let fixture = try QueryFixture([
            .init(id: 1, title: "one", artists: ["The Beatles"], albumArtists: ["The Beatles"], album: "Abbey Road", year: 1969, durationMs: 100, path: "/m/1"),
            .init(id: 2, title: "two", artists: ["The Beatles"], albumArtists: ["The Beatles"], album: "Abbey Road", year: 1969, durationMs: 100, path: "/m/2"),
            .init(id: 3, title: "three", artists: ["ABBA"], albumArtists: ["ABBA"], album: "arrival", year: 1976, durationMs: 500, path: "/m/3"),
        ])
        try fixture.database.write { db in
            try db.execute("""
                INSERT INTO artist (id, name, name_key, sort_name) VALUES (1, 'The Beatles', 'the beatles', 'Beatles, The'), (2, 'ABBA', 'abba', NULL);
                INSERT INTO album (id, group_key, title, album_artist, album_artist_sort, artist_id) VALUES
                    (1, 'k1', 'Abbey Road', 'The Beatles', 'Beatles, The', 1), (2, 'k2', 'arrival', 'ABBA', NULL, 2);
                UPDATE track SET album_id = 1 WHERE id IN (1, 2);
                UPDATE track SET album_id = 2 WHERE id = 3;
                INSERT INTO track_artist (track_id, artist_id, role, position) VALUES (1, 1, 'artist', 0), (2, 1, 'artist', 0), (3, 2, 'artist', 0);
                """)
        }
        let condition = try LibraryQuery.parse(arguments: ["^title:zzz"]).condition(now: QueryFixture.now, calendar: QueryFixture.calendar)
        func albums(_ keys: [String]) throws -> [String] {
            let order = try SortOrder.parse(keys, for: .albums)
            return try fixture.database.read { db in
                try db.rows("""
                    SELECT a.id, a.title, a.album_artist, coalesce(a.album_artist_sort, a.album_artist) AS album_artist_sort_key,
                        coalesce(a.title_sort, a.title) AS title_sort_key, a.compilation, min(t.year) AS year,
                        count(t.id) AS track_count, sum(t.duration_ms) AS duration_ms, max(t.added_at) AS added_at
                    FROM album a JOIN track t ON t.album_id = a.id WHERE \(condition) GROUP BY a.id
                    ORDER BY \(sql: order.sql(for: .albums))
                    """).map { $0["title"]! }
            }
        }
        func artists(_ keys: [String]) throws -> [String] {
            let order = try SortOrder.parse(keys, for: .artists)
            return try fixture.database.read { db in
                try db.rows("""
                    SELECT ar.id, ar.name, coalesce(ar.sort_name, ar.name) AS sort_key, count(DISTINCT t.album_id) AS album_count,
                        count(DISTINCT t.id) AS track_count, sum(t.duration_ms) AS duration_ms
                    FROM artist ar JOIN track_artist ta ON ta.artist_id = ar.id JOIN track t ON t.id = ta.track_id
                    WHERE \(condition) GROUP BY ar.id ORDER BY \(sql: order.sql(for: .artists))
                    """).map { $0["name"]! }
            }
        }
        #expect(try albums([]) == ["arrival", "Abbey Road"])
        #expect(try albums(["album"]) == ["Abbey Road", "arrival"])
        #expect(try albums(["tracks-"]) == ["Abbey Road", "arrival"])
        #expect(try albums(["length-"]) == ["arrival", "Abbey Road"])
        #expect(try albums(["year-", "id"]) == ["arrival", "Abbey Road"])
        #expect(try albums(["added", "albumartist-"]) == ["Abbey Road", "arrival"])
        #expect(try artists([]) == ["ABBA", "The Beatles"])
        #expect(try artists(["name-"]) == ["The Beatles", "ABBA"])
        #expect(try artists(["tracks-"]) == ["The Beatles", "ABBA"])
        #expect(try artists(["length-", "albums", "id"]) == ["ABBA", "The Beatles"])
    }
}
