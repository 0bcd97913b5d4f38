import Foundation
@testable import LibraryCore
@testable import LibraryStorage
import Testing

@Suite("v11: folders record their cover image")
struct FolderCoverMigrationTests {
    @Test("existing folders count as having an image and are listed again by the next scan; new rows record the scan's answer")
    func existingFoldersAreRelisted() throws {
        let database = try Database.open(.inMemory, migrator: Fixture.migrator(before: "v12-folder-cover-images"))
        try database.write { db in
            try db.execute("""
                INSERT INTO library (id, name, name_key, root, root_text, created_at) VALUES (1, 'L', 'l', X'2F6D', '/m', 0);
                INSERT INTO folder (id, library_id, path, path_text, fingerprint) VALUES (1, 1, X'2F6D', '/m', 42);
                """)
            try Schema.migrator.migrate(db)
        }
        let row = try database.read { db in try db.makeStatement("SELECT has_cover_image, fingerprint FROM folder WHERE id = 1").rows() }
        #expect(row.first?[0] as Int64? == 1)
        #expect(row.first?[1] as Int64? == nil)
        let seen = try database.write { db in
            try FolderStore.markSeen(
                libraryID: 1, path: RawPath("/m/a"), mtimeNs: 0, fingerprint: 7, hasCoverImage: false, generation: 1, db)
        }
        let flag: Int64? = try database.read { db in try db.scalar("SELECT has_cover_image FROM folder WHERE id = \(seen)") }
        #expect(flag == 0)
    }
}
