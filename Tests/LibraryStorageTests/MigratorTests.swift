@testable import LibraryCore
@testable import LibraryStorage
import Testing

@Suite("Migrator")
struct MigratorTests {
    private let first = Migration("one", sql: "CREATE TABLE a (x); INSERT INTO a VALUES (1);")
    private let second = Migration("two", sql: "CREATE TABLE b (y)")

    private func tables(_ connection: Connection) throws -> [String] {
        try connection.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap { $0[0] }
    }

    @Test func appliesEachMigrationOnceInOrder() throws {
        let connection = try Connection(location: .inMemory)
        let migrator = Migrator([first, second])
        #expect(try migrator.appliedMigrations(connection) == [])
        #expect(try migrator.migrate(connection) == ["one", "two"])
        #expect(try migrator.migrate(connection) == [])
        #expect(try migrator.appliedMigrations(connection) == ["one", "two"])
        #expect(try Fixture.count(connection, "a") == 1) // the INSERT did not run twice
        #expect(try tables(connection) == ["a", "b", "kanora_migration"])
        let stamps = try connection.rows("SELECT applied_at FROM kanora_migration").compactMap { $0[0] as Int64? }
        #expect(stamps.count == 2 && stamps.allSatisfy { $0 > 1_600_000_000 })
    }

    @Test func appendedMigrationsApplyLater() throws {
        let connection = try Connection(location: .inMemory)
        #expect(try Migrator([first]).migrate(connection) == ["one"])
        #expect(try Migrator([first, second]).migrate(connection) == ["two"])
        #expect(try Migrator([first, second]).appliedMigrations(connection) == ["one", "two"])
    }

    @Test func failingMigrationLeavesNothingBehind() throws {
        let connection = try Connection(location: .inMemory)
        let broken = Migration("broken", sql: """
            CREATE TABLE c (z);
            INSERT INTO c VALUES (1);
            INSERT INTO nowhere VALUES (1);
            """)
        let error = try #require(throws: DatabaseError.self) {
            try Migrator([first, broken, second]).migrate(connection)
        }
        #expect(error.message == "no such table: nowhere")
        #expect(!connection.isInTransaction)
        // "one" stays applied; "broken" left no table and no record; "two" never ran.
        #expect(try Migrator([first]).appliedMigrations(connection) == ["one"])
        #expect(try tables(connection) == ["a", "kanora_migration"])

        let fixed = Migration("broken", sql: "CREATE TABLE c (z)")
        #expect(try Migrator([first, fixed, second]).migrate(connection) == ["broken", "two"])
        #expect(try tables(connection) == ["a", "b", "c", "kanora_migration"])
    }

    @Test func schemaMigratorCreatesEveryTable() throws {
        let connection = try Connection(location: .inMemory)
        #expect(try Schema.migrator.migrate(connection) == Schema.migrations.map(\.name))
        #expect(Schema.migrations.first?.name == "v1-initial-schema")
        let names = try tables(connection)
        for table in ["album", "artist", "folder", "kanora_migration", "library", "playlist", "playlist_item",
                      "scan_failure", "track", "track_artist", "user", "track_search"] {
            #expect(names.contains(table), "missing table \(table)")
        }
        #expect(Schema.version == Schema.migrations.count)
        #expect(Set(Schema.migrations.map(\.name)).count == Schema.migrations.count)
        #expect(try connection.row("SELECT id, name FROM user") == Row(columns: ["id", "name"], values: [.integer(1), .text("local")]))
        #expect(try connection.rows("PRAGMA foreign_key_check").isEmpty)
        #expect(try connection.scalar("PRAGMA integrity_check") == "ok")
    }
}
