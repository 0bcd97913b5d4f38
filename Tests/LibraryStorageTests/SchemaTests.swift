import CSQLite
@testable import LibraryCore
@testable import LibraryStorage
import Testing

@Suite("Schema v1 constraints")
struct SchemaTests {
    /// Runs `body` on a fresh migrated in-memory database, outside any transaction.
    private func withDatabase<T>(_ body: (Connection) throws -> T) throws -> T {
        try Database.open(.inMemory).writeWithoutTransaction(body)
    }

    /// The constraint error `body` throws (fails the test when it does not throw one).
    private func constraintError(_ body: () throws -> Void) throws -> DatabaseError {
        let error = try #require(throws: DatabaseError.self) { try body() }
        #expect(error.isConstraintViolation, "\(error)")
        return error
    }

    static let badPlaylistNames = [
        "", " ", "Road\nTrip", "Road\rTrip", "Tab\there", "Bell\u{7}", "Del\u{7F}",
        " Leading", "Trailing ", String(repeating: "x", count: 201),
    ]

    @Test("playlist name CHECK rejects bad names", arguments: badPlaylistNames)
    func playlistNameCheckRejects(name: String) throws {
        try withDatabase { connection in
            let error = try constraintError { try Fixture.insertPlaylist(connection, name: name, key: "key") }
            #expect(error.message.contains("CHECK constraint failed"))
            #expect(try Fixture.count(connection, "playlist") == 0)
        }
    }

    @Test func playlistNameCheckAcceptsGoodNames() throws {
        try withDatabase { connection in
            for name in ["Road Trip", "x", String(repeating: "é", count: 200), "坂本龍一 best", "Mix – 2024 ✓"] {
                try Fixture.insertPlaylist(connection, name: name)
            }
            #expect(try Fixture.count(connection, "playlist") == 5)
        }
    }

    @Test func playlistNameKeyIsUniquePerUser() throws {
        try withDatabase { connection in
            try connection.execute("INSERT INTO user (id, name, created_at) VALUES (2, 'guest', 0)")
            try Fixture.insertPlaylist(connection, name: "Mix")
            let error = try constraintError { try Fixture.insertPlaylist(connection, name: "MIX") }
            #expect(error.message == "UNIQUE constraint failed: playlist.user_id, playlist.name_key")
            try Fixture.insertPlaylist(connection, name: "MIX", userID: 2)
            #expect(try Fixture.count(connection, "playlist") == 2)
        }
    }

    @Test func playlistDescriptionAndSmartLimitChecks() throws {
        try withDatabase { connection in
            func insert(_ name: String, _ description: String?, _ limit: Int?) throws {
                try connection.execute("""
                    INSERT INTO playlist (user_id, name, name_key, description, smart_limit, created_at, updated_at)
                    VALUES (1, \(name), \(name.lowercased()), \(description), \(limit), 0, 0)
                    """)
            }
            try insert("A", String(repeating: "d", count: 2000), 1)
            try insert("B", nil, nil)
            _ = try constraintError { try insert("C", String(repeating: "d", count: 2001), 1) }
            _ = try constraintError { try insert("D", "ok", 0) }
            #expect(try Fixture.count(connection, "playlist") == 2)
        }
    }

    @Test func libraryNameRulesAndUniqueness() throws {
        try withDatabase { connection in
            for name in ["", " Music", "Music ", "Mu\nsic", String(repeating: "m", count: 101)] {
                _ = try constraintError { try Fixture.insertLibrary(connection, name: name, root: "/r") }
            }
            try Fixture.insertLibrary(connection, name: String(repeating: "m", count: 100), root: "/long")
            try Fixture.insertLibrary(connection, name: "Music", root: "/music")
            _ = try constraintError { try Fixture.insertLibrary(connection, name: "MUSIC", root: "/other") }
            _ = try constraintError { try Fixture.insertLibrary(connection, name: "Other", root: "/music") }
            #expect(try Fixture.count(connection, "library") == 2)
        }
    }

    @Test func compilationMustBeZeroOrOne() throws {
        try withDatabase { connection in
            func album(_ key: String, _ compilation: Int) throws {
                try connection.execute("INSERT INTO album (group_key, title, album_artist, compilation) VALUES (\(key), 'T', 'A', \(compilation))")
            }
            try album("k0", 0)
            try album("k1", 1)
            _ = try constraintError { try album("k2", 2) }
            _ = try constraintError { try album("k3", -1) }

            let library = try Fixture.insertLibrary(connection)
            let folder = try Fixture.insertFolder(connection, libraryID: library)
            let track = try Fixture.insertTrack(connection, libraryID: library, folderID: folder)
            _ = try constraintError { try connection.execute("UPDATE track SET compilation = 2 WHERE id = \(track)") }
            _ = try constraintError { try connection.execute("UPDATE track SET has_cover = 5 WHERE id = \(track)") }
            try connection.execute("UPDATE track SET compilation = 1 WHERE id = \(track)")
        }
    }

    @Test func jsonColumnsMustHoldValidJSON() throws {
        try withDatabase { connection in
            let library = try Fixture.insertLibrary(connection)
            let folder = try Fixture.insertFolder(connection, libraryID: library)
            let track = try Fixture.insertTrack(connection, libraryID: library, folderID: folder)
            #expect(try connection.scalar("SELECT artists FROM track") == "[]")
            #expect(try connection.scalar("SELECT other_tags FROM track") == "{}")
            for column in ["artists", "album_artists", "genres", "other_tags"] {
                let error = try constraintError {
                    try connection.execute("UPDATE track SET \(sql: column) = \("[\"unterminated") WHERE id = \(track)")
                }
                #expect(error.message.contains("CHECK constraint failed"))
            }
            try connection.execute("UPDATE track SET artists = \("[\"Björk\",\"Thom\"]") WHERE id = \(track)")
            #expect(try connection.scalar("SELECT json_array_length(artists) FROM track") == 2)
        }
    }

    @Test func trackNumericChecks() throws {
        try withDatabase { connection in
            let library = try Fixture.insertLibrary(connection)
            let folder = try Fixture.insertFolder(connection, libraryID: library)
            let track = try Fixture.insertTrack(connection, libraryID: library, folderID: folder)
            for assignment in ["file_size = -1", "duration_ms = -1", "bitrate = -5"] {
                _ = try constraintError { try connection.execute("UPDATE track SET \(sql: assignment) WHERE id = \(track)") }
            }
            _ = try constraintError {
                try Fixture.insertTrack(connection, libraryID: library, folderID: folder) // same path_text
            }
        }
    }

    @Test func deletingALibraryDeletesItsFoldersTracksAndFailures() throws {
        try withDatabase { connection in
            let kept = try Fixture.insertLibrary(connection, name: "Kept", root: "/kept")
            let keptFolder = try Fixture.insertFolder(connection, libraryID: kept, path: "/kept/a")
            try Fixture.insertTrack(connection, libraryID: kept, folderID: keptFolder, path: "/kept/a/1.flac")

            let library = try Fixture.insertLibrary(connection)
            let folder = try Fixture.insertFolder(connection, libraryID: library)
            let track = try Fixture.insertTrack(connection, libraryID: library, folderID: folder)
            try Fixture.insertTrack(connection, libraryID: library, folderID: folder, path: "/music/a/2.flac")
            try connection.execute("""
                INSERT INTO scan_failure (library_id, path, path_text, file_size, mtime_ns, kind, reason, failed_at)
                VALUES (\(library), x'00', '/music/a/bad.mp3', 0, 0, 'unreadable', 'broken', 0)
                """)
            let playlist = try Fixture.insertPlaylist(connection, name: "P")
            try Fixture.insertPlaylistItem(connection, playlistID: playlist, trackID: track)

            try connection.execute("DELETE FROM library WHERE id = \(library)")
            #expect(try Fixture.count(connection, "folder") == 1)
            #expect(try Fixture.count(connection, "track") == 1)
            #expect(try Fixture.count(connection, "scan_failure") == 0)
            #expect(try Fixture.count(connection, "playlist_item") == 0)
            #expect(try Fixture.count(connection, "playlist") == 1)
        }
    }

    @Test func deletingATrackDeletesItsPlaylistItemsAndArtistLinks() throws {
        try withDatabase { connection in
            let library = try Fixture.insertLibrary(connection)
            let folder = try Fixture.insertFolder(connection, libraryID: library)
            let first = try Fixture.insertTrack(connection, libraryID: library, folderID: folder)
            let second = try Fixture.insertTrack(connection, libraryID: library, folderID: folder, path: "/music/a/2.flac")
            let playlist = try Fixture.insertPlaylist(connection, name: "P")
            try Fixture.insertPlaylistItem(connection, playlistID: playlist, trackID: first, position: 0)
            try Fixture.insertPlaylistItem(connection, playlistID: playlist, trackID: second, position: 1)
            try Fixture.insertPlaylistItem(connection, playlistID: playlist, trackID: first, position: 2)
            try connection.execute("INSERT INTO artist (id, name, name_key) VALUES (1, 'A', 'a')")
            try connection.execute("INSERT INTO track_artist (track_id, artist_id, role, position) VALUES (\(first), 1, 'artist', 0)")

            try connection.execute("DELETE FROM track WHERE id = \(first)")
            #expect(try connection.rows("SELECT track_id FROM playlist_item").compactMap { $0[0] as Int64? } == [second])
            #expect(try Fixture.count(connection, "track_artist") == 0)

            try connection.execute("DELETE FROM playlist WHERE id = \(playlist)")
            #expect(try Fixture.count(connection, "playlist_item") == 0)
            #expect(try Fixture.count(connection, "track") == 1)
        }
    }

    @Test func foreignKeysAreEnforced() throws {
        try withDatabase { connection in
            let library = try Fixture.insertLibrary(connection)
            let folder = try Fixture.insertFolder(connection, libraryID: library)
            try Fixture.insertTrack(connection, libraryID: library, folderID: folder)
            let missingFolder = try constraintError {
                try Fixture.insertTrack(connection, libraryID: library, folderID: 999, path: "/x")
            }
            #expect(missingFolder.message == "FOREIGN KEY constraint failed")
            // A folder that still has tracks cannot be deleted on its own.
            _ = try constraintError { try connection.execute("DELETE FROM folder WHERE id = \(folder)") }
            _ = try constraintError { try Fixture.insertPlaylist(connection, name: "P", userID: 42) }
            _ = try constraintError {
                try connection.execute("INSERT INTO track_artist (track_id, artist_id, role, position) VALUES (1, 1, 'producer', 0)")
            }
        }
    }

    @Test func deletingAnArtistUnlinksItsAlbums() throws {
        try withDatabase { connection in
            try connection.execute("""
                INSERT INTO artist (id, name, name_key) VALUES (1, 'A', 'a');
                INSERT INTO album (group_key, title, album_artist, artist_id) VALUES ('k', 'T', 'A', 1);
                DELETE FROM artist WHERE id = 1;
                """)
            #expect(try connection.row("SELECT artist_id FROM album")?.values == [.null])
        }
    }
}
