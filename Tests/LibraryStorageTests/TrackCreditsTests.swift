import Foundation
@testable import LibraryStorage
import LibraryCore
import Testing

/// A track's credits are read without a sort: they must still come in tag order, by role,
/// and a track listed twice must not get its credits twice.
@Suite("Track credits")
struct TrackCreditsTests {
    /// A database file with two tracks credited out of insertion order, and a reader on it.
    private struct Setup {
        let folder: URL, database: DatabasePool, reader: Connection
        let first: Int64, second: Int64
        /// Artist ids by name.
        let artists: [String: Int64]

        init() throws {
            let files = try DatabaseWithReader("credits")
            (folder, database, reader) = (files.folder, files.database, files.reader)
            (first, second, artists) = try database.write { db in
                let library = try Fixture.insertLibrary(db, root: "/m")
                let folderID = try Fixture.insertFolder(db, libraryID: library, path: "/m/a")
                let first = try Fixture.insertTrack(db, libraryID: library, folderID: folderID, path: "/m/a/1.flac")
                let second = try Fixture.insertTrack(db, libraryID: library, folderID: folderID, path: "/m/a/2.flac")
                var artists: [String: Int64] = [:]
                for name in ["Ann", "Bob", "Cy", "Di"] {
                    try db.execute("INSERT INTO artist (name, name_key) VALUES (\(name), \(name.lowercased()))")
                    artists[name] = db.lastInsertedRowID
                }
                // Inserted neither by position nor by artist id.
                for (track, role, position, name) in [
                    (first, "artist", 2, "Ann"), (first, "albumartist", 1, "Bob"), (first, "artist", 0, "Cy"),
                    (second, "artist", 0, "Di"), (first, "albumartist", 0, "Di"), (first, "artist", 1, "Bob"),
                ] {
                    try db.execute("""
                        INSERT INTO track_artist (track_id, role, position, artist_id)
                        VALUES (\(track), \(role), \(position), \(artists[name]!))
                        """)
                }
                return (first, second, artists)
            }
        }
    }

    /// `credits` as "artists / album artists" names, by track.
    private func names(_ credits: [Int64: BrowseStore.TrackCredits]) -> [Int64: String] {
        credits.mapValues { credit in
            credit.artists.map(\.name).joined(separator: ",") + " / " + credit.albumArtists.map(\.name).joined(separator: ",")
        }
    }

    @Test func creditsComeInTagOrderOnAReaderAndTheWriter() throws {
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        let expected = [setup.first: "Cy,Bob,Ann / Di,Bob", setup.second: "Di / "]
        // Twice on the reader: the names from the table, then from its memo.
        for _ in 0..<2 {
            #expect(names(try BrowseStore.artistCredits(trackIDs: [setup.second, setup.first], setup.reader)) == expected)
        }
        #expect(names(try setup.database.write { db in try BrowseStore.artistCredits(trackIDs: [setup.first, setup.second], db) }) == expected)
        let albumArtists = try BrowseStore.artistCredits(trackIDs: [setup.first], roles: .albumArtists, setup.reader)
        #expect(names(albumArtists) == [setup.first: " / Di,Bob"])
        #expect(albumArtists[setup.first]?.albumArtists.map(\.id) == [setup.artists["Di"]!, setup.artists["Bob"]!])
    }

    /// A track listed twice meets its own credits again: the repeats are refused, as they do
    /// not come after the last credit of their role.
    @Test func aTrackListedTwiceGetsItsCreditsOnce() throws {
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        let twice = try BrowseStore.artistCredits(trackIDs: [setup.first, setup.second, setup.first], setup.reader)
        #expect(names(twice) == [setup.first: "Cy,Bob,Ann / Di,Bob", setup.second: "Di / "])
    }

    /// A credit before the last of its role is refused: what tells the unsorted read that its
    /// rows came out of tag order, and that it must read them again sorted.
    @Test func aCreditOutOfTagOrderIsRefused() {
        var credits = BrowseStore.TrackCredits()
        let ann = ArtistReference(id: 1, name: "Ann"), bob = ArtistReference(id: 2, name: "Bob")
        let added = [
            credits.add(ann, asArtist: true, at: 1), credits.add(bob, asArtist: false, at: 0),
            credits.add(bob, asArtist: true, at: 0), credits.add(bob, asArtist: true, at: 1), credits.add(bob, asArtist: true, at: 3),
        ]
        #expect(added == [true, true, false, false, true])
        #expect(credits.artists == [ann, bob] && credits.albumArtists == [bob])
    }
}
