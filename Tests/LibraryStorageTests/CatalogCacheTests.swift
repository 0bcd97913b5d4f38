import Foundation
@testable import LibraryCore
@testable import LibraryStorage
import Testing

/// The writer's cache of album and artist ids stays bounded and changes no row.
@Suite struct CatalogCacheTests {
    private func record(album: String, artist: String) -> TrackRecord {
        TrackRecord(
            metadata: TrackMetadata(format: "FLAC", title: "Song", artists: [artist], album: album),
            file: FileFacts(path: RawPath("/m/a/\(album).flac"), size: 10, mtimeNs: 1, ctimeNs: 1, inode: 1), fingerprint: nil)
    }

    @Test func aFullCacheStartsAfreshAndFindsTheSameRows() throws {
        let (database, _, _) = try Fixture.libraryWithFolder()
        try database.write { db in
            let cache = CatalogCache(limit: 2)
            let albums = ["A", "B", "C", "A", "B"]
            let ids = try albums.map { album in try CatalogStore.albumID(for: record(album: album, artist: "Artist \(album)"), cache: cache, db) }
            #expect(cache.counts.albums <= 2)
            #expect(cache.counts.artists <= 2)
            #expect(ids[0] != nil && ids[0] == ids[3])
            #expect(ids[1] != nil && ids[1] == ids[4])
            #expect(Set(ids.compactMap { $0 }).count == 3)
            #expect(try db.scalar("SELECT count(*) FROM album") == 3)
            #expect(try db.scalar("SELECT count(*) FROM artist") == 3)
        }
    }
}
