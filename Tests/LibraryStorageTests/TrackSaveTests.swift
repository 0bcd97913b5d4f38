import Foundation
@testable import LibraryCore
@testable import LibraryStorage
import Testing

/// `TrackStore.save` and the search index it keeps: inserts are indexed in bulk by
/// `indexForSearch`, updates reindex through the trigger only when a searched column changed.
@Suite struct TrackSaveTests {
    private let database: DatabasePool
    private let libraryID: Int64
    private let folderID: Int64

    init() throws {
        (database, libraryID, folderID) = try Fixture.libraryWithFolder()
    }

    private func save(_ title: String, path: String = "/m/a/1.flac", existingID: Int64? = nil, _ db: Connection) throws -> TrackStore.Saved {
        let record = TrackRecord(
            metadata: TrackMetadata(format: "FLAC", title: title, artists: ["Nina"]),
            file: FileFacts(path: RawPath(path), size: 10, mtimeNs: 1, ctimeNs: 1, inode: 1), fingerprint: nil)
        return try TrackStore.save(
            record, existingID: existingID, libraryID: libraryID, folderID: folderID, albumID: nil, generation: 1,
            now: Date(timeIntervalSince1970: 1000), db)
    }

    private func search(_ text: String) throws -> [Int64] {
        let match = try SearchQuery.parse(text).match()
        return try database.read { db in
            try db.rows("SELECT rowid FROM track_search WHERE \(match) ORDER BY rowid").map { $0[0]! }
        }
    }

    private func searchIndexIsIntact() throws -> Bool {
        try database.write { db in
            try db.execute("INSERT INTO track_search (track_search, rank) VALUES ('integrity-check', 1)")
            return true
        }
    }

    @Test func insertsAreSearchableOnceIndexed() throws {
        let first = try database.write { db in try save("Blue Moon", db) }
        #expect(first.inserted)
        #expect(try search("blue").isEmpty)
        try database.write { db in try TrackStore.indexForSearch(ids: [first.id], db) }
        #expect(try search("blue") == [first.id])
        #expect(try searchIndexIsIntact())
    }

    @Test func anUpdateKeepsTheIdAndReindexesOnlyWhatChanged() throws {
        let first = try database.write { db in
            let saved = try save("Blue Moon", db)
            try TrackStore.indexForSearch(ids: [saved.id], db)
            return saved
        }
        let same = try database.write { db in try save("Blue Moon", existingID: first.id, db) }
        #expect(same == TrackStore.Saved(id: first.id, inserted: false))
        let retagged = try database.write { db in try save("Green Sun", existingID: first.id, db) }
        #expect(retagged == TrackStore.Saved(id: first.id, inserted: false))
        #expect(try search("blue").isEmpty)
        #expect(try search("green") == [first.id])
        #expect(try searchIndexIsIntact())
    }

    @Test func aSecondInsertInTheSameTransactionIsReportedAsInserted() throws {
        let (a, b) = try database.write { db in
            let a = try save("One", path: "/m/a/1.flac", db)
            let b = try save("Two", path: "/m/a/2.flac", db)
            try TrackStore.indexForSearch(ids: [a.id, b.id], db)
            return (a, b)
        }
        #expect(a.inserted && b.inserted && a.id != b.id)
        #expect(try search("two") == [b.id])
        #expect(try searchIndexIsIntact())
    }

    @Test("a second spelling of a saved path (NFD against NFC) updates the same track")
    func anotherSpellingOfThePathUpdates() throws {
        let nfc = "/m/a/Caf\u{E9}.flac", nfd = "/m/a/Cafe\u{301}.flac"
        #expect(Array(nfc.utf8) != Array(nfd.utf8))
        let first = try database.write { db in
            let saved = try save("One", path: nfc, db)
            try TrackStore.indexForSearch(ids: [saved.id], db)
            return saved
        }
        let second = try database.write { db in try save("Two", path: nfd, db) }
        #expect(second == TrackStore.Saved(id: first.id, inserted: false))
        #expect(try search("two") == [first.id])
        #expect(try searchIndexIsIntact())
    }

    @Test("a stale existing id (the row is gone) inserts instead")
    func staleExistingIDInserts() throws {
        let saved = try database.write { db in try save("One", existingID: 999, db) }
        #expect(saved.inserted)
        #expect(saved.id != 999)
    }

    /// A record with every column set, at `path`.
    private func fullRecord(_ title: String, year: Int, path: String) -> TrackRecord {
        let metadata = TrackMetadata(
            format: "FLAC", durationMs: 201_000, bitrate: 900, sampleRate: 44_100, channels: 2, bitDepth: 16,
            hasCoverArt: true, title: title, titleSort: "\(title), The", artists: ["Nina", "Ray"], artistSort: "Simone, Nina",
            albumArtists: ["Nina"], albumArtistSort: "Simone", album: "Pastel", albumSort: "Pastel!", trackNumber: 3,
            trackTotal: 9, discNumber: 1, discTotal: 2, date: "\(year)-05-01", year: year, originalDate: "1965",
            originalYear: 1965, genres: ["Jazz", "Soul"], composer: "Composer \(title)", comment: "c \(title)",
            compilation: true, bpm: 98.5,
            musicBrainz: MusicBrainzIDs(recordingID: "r-\(title)", trackID: "t", albumID: "a", releaseGroupID: "g", artistID: "ar", albumArtistID: "aa"),
            replayGain: ReplayGain(trackGain: -6.5, trackPeak: 0.9, albumGain: -7, albumPeak: 0.95),
            otherTags: ["MOOD": ["calm"]], damage: nil)
        let file = FileFacts(path: RawPath(path), size: Int64(1000 + title.count), mtimeNs: 7, ctimeNs: 8, inode: 9)
        return TrackRecord(metadata: metadata, file: file, fingerprint: "fp-\(title)")
    }

    /// Every column of the row `id` but those that name or date the row itself.
    private func storedValues(_ id: Int64) throws -> [String] {
        let skipped: Set<String> = ["id", "path", "path_text", "added_at", "added_scan"]
        return try database.read { db in
            let columns = try db.rows("SELECT name FROM pragma_table_info('track')").compactMap { $0[0] as String? }.filter { !skipped.contains($0) }
            let row = try db.rows("SELECT \(sql: columns.joined(separator: ", ")) FROM track WHERE id = \(id)")
            return zip(columns, row.first?.values ?? []).map { "\($0)=\($1)" }
        }
    }

    @Test("an update that keeps folder, album, year and format (indexes untouched) stores what a fresh save stores")
    func aSteadyUpdateStoresEveryColumn() throws {
        let (updated, fresh) = try database.write { db in
            let first = try TrackStore.save(fullRecord("Blue", year: 1966, path: "/m/a/1.flac"), existingID: nil, libraryID: libraryID,
                                            folderID: folderID, albumID: nil, generation: 1, now: Date(timeIntervalSince1970: 1000), db)
            try TrackStore.indexForSearch(ids: [first.id], db)
            _ = try TrackStore.save(fullRecord("Green", year: 1966, path: "/m/a/1.flac"), existingID: first.id, libraryID: libraryID,
                                    folderID: folderID, albumID: nil, generation: 1, now: Date(timeIntervalSince1970: 2000), db)
            let fresh = try TrackStore.save(fullRecord("Green", year: 1966, path: "/m/a/2.flac"), existingID: nil, libraryID: libraryID,
                                            folderID: folderID, albumID: nil, generation: 1, now: Date(timeIntervalSince1970: 2000), db)
            return (first.id, fresh.id)
        }
        let values = try storedValues(updated)
        #expect(values.contains { $0.hasPrefix("title=") && $0.contains("Green") })
        #expect(values == (try storedValues(fresh)))
        let integrity: String? = try database.read { try $0.scalar("PRAGMA integrity_check") }
        #expect(integrity == "ok")
    }

    @Test("updates that leave their search text for the batch end store what direct updates store")
    func searchTextSetAtTheBatchEnd() throws {
        // Three rewrites: steady (same year), a year change, and a row another spelling holds.
        let ids = try database.write { db in
            let a = try TrackStore.save(fullRecord("Blue", year: 1966, path: "/m/a/1.flac"), existingID: nil, libraryID: libraryID,
                                        folderID: folderID, albumID: nil, generation: 1, now: Date(timeIntervalSince1970: 1000), db)
            let b = try TrackStore.save(fullRecord("Red", year: 1966, path: "/m/a/2.flac"), existingID: nil, libraryID: libraryID,
                                        folderID: folderID, albumID: nil, generation: 1, now: Date(timeIntervalSince1970: 1000), db)
            let c = try TrackStore.save(fullRecord("Gold", year: 1966, path: "/m/a/3.flac"), existingID: nil, libraryID: libraryID,
                                        folderID: folderID, albumID: nil, generation: 1, now: Date(timeIntervalSince1970: 1000), db)
            try TrackStore.indexForSearch(ids: [a.id, b.id, c.id], db)
            return [a.id, b.id, c.id]
        }
        let searchText = SearchTextBatch()
        try database.write { db in
            for (index, (title, year)) in [("Green", 1966), ("Pink", 1971), ("Gold", 1966)].enumerated() {
                _ = try TrackStore.save(
                    fullRecord(title, year: year, path: "/m/a/\(index + 1).flac"), existingID: ids[index], libraryID: libraryID,
                    folderID: folderID, albumID: nil, generation: 1, now: Date(timeIntervalSince1970: 2000), searchText: searchText, db)
            }
            // Until the batch sets it, the search index and the folded text are the old ones.
            let folded: String? = try db.scalar("SELECT title_fold FROM track WHERE id = \(ids[0])")
            #expect(folded == "blue")
            try TrackStore.setSearchText(searchText, db)
        }
        #expect(searchText.isEmpty)
        #expect(try search("blue").isEmpty && search("red").isEmpty)
        #expect(try search("green") == [ids[0]])
        #expect(try search("pink") == [ids[1]])
        #expect(try search("gold") == [ids[2]])
        #expect(try searchIndexIsIntact())
        // Every column as a fresh save stores it.
        let fresh = try database.write { db in
            try TrackStore.save(fullRecord("Green", year: 1966, path: "/m/a/9.flac"), existingID: nil, libraryID: libraryID,
                                folderID: folderID, albumID: nil, generation: 1, now: Date(timeIntervalSince1970: 2000), db).id
        }
        #expect(try storedValues(ids[0]) == storedValues(fresh))
    }

    @Test("an update that changes the year moves the track in the year index")
    func anUpdateThatChangesTheYearReindexesIt() throws {
        let id = try database.write { db in
            let first = try TrackStore.save(fullRecord("Blue", year: 1966, path: "/m/a/1.flac"), existingID: nil, libraryID: libraryID,
                                            folderID: folderID, albumID: nil, generation: 1, now: Date(timeIntervalSince1970: 1000), db)
            try TrackStore.indexForSearch(ids: [first.id], db)
            _ = try TrackStore.save(fullRecord("Blue", year: 1971, path: "/m/a/1.flac"), existingID: first.id, libraryID: libraryID,
                                    folderID: folderID, albumID: nil, generation: 1, now: Date(timeIntervalSince1970: 2000), db)
            return first.id
        }
        let found: [Int64] = try database.read { db in
            try db.rows("SELECT id FROM track INDEXED BY track_album_by_year WHERE year = 1971").compactMap { $0[0] }
        }
        #expect(found == [id])
        let integrity: String? = try database.read { try $0.scalar("PRAGMA integrity_check") }
        #expect(integrity == "ok")
    }

    @Test("relinking artists keeps unchanged links and replaces changed ones")
    func relinkingArtists() throws {
        func links(_ id: Int64) throws -> [String] {
            try database.read { db in
                try db.rows("""
                    SELECT ta.role || ta.position || ':' || a.name FROM track_artist ta JOIN artist a ON a.id = ta.artist_id
                    WHERE ta.track_id = \(id) ORDER BY ta.role, ta.position
                    """).compactMap { $0[0] }
            }
        }
        func record(_ artists: [String], albumArtists: [String]) -> TrackRecord {
            TrackRecord(
                metadata: TrackMetadata(format: "FLAC", title: "T", artists: artists, albumArtists: albumArtists),
                file: FileFacts(path: RawPath("/m/a/1.flac"), size: 10, mtimeNs: 1, ctimeNs: 1, inode: 1), fingerprint: nil)
        }
        let id = try database.write { db in
            let saved = try save("T", db)
            try CatalogStore.linkArtists(trackID: saved.id, record: record(["Nina", "Ray"], albumArtists: ["Nina"]), new: true, db)
            return saved.id
        }
        #expect(try links(id) == ["albumartist0:Nina", "artist0:Nina", "artist1:Ray"])
        try database.write { db in
            try CatalogStore.linkArtists(trackID: id, record: record(["Nina", "Ray"], albumArtists: ["Nina"]), new: false, db)
        }
        #expect(try links(id) == ["albumartist0:Nina", "artist0:Nina", "artist1:Ray"])
        try database.write { db in
            try CatalogStore.linkArtists(trackID: id, record: record(["Ray"], albumArtists: ["Various"]), new: false, db)
        }
        #expect(try links(id) == ["albumartist0:Various", "artist0:Ray"])
    }
}
