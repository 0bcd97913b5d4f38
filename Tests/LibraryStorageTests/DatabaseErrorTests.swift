import CSQLite
@testable import LibraryCore
@testable import LibraryStorage
import Testing

@Suite("DatabaseError")
struct DatabaseErrorTests {
    @Test func notNullViolationCarriesCodeMessageAndSQL() throws {
        let queue = try Database.open(.inMemory)
        let error = try #require(throws: DatabaseError.self) {
            try queue.write { connection in
                let library = try Fixture.insertLibrary(connection)
                let folder = try Fixture.insertFolder(connection, libraryID: library)
                try Fixture.insertTrack(connection, libraryID: library, folderID: folder, title: nil)
            }
        }
        #expect(error.code == 1299) // SQLITE_CONSTRAINT_NOTNULL: extended codes are on
        #expect(error.primaryCode == SQLITE_CONSTRAINT)
        #expect(error.isConstraintViolation)
        #expect(!error.isBusy)
        #expect(error.message == "NOT NULL constraint failed: track.title")
        let sql = try #require(error.sql)
        #expect(sql.contains("INSERT INTO track"))
        #expect(error.description.hasPrefix("SQLite error 1299: NOT NULL constraint failed: track.title - while executing `"))
        #expect(error.description.contains("INSERT INTO track"))
        #expect(error.localizedDescription == error.description)
        // The failed write left nothing behind.
        #expect(try queue.read { try Fixture.count($0, "library") } == 0)
    }

    @Test func prepareErrorCarriesSQL() throws {
        let connection = try Connection(location: .inMemory)
        let error = try #require(throws: DatabaseError.self) {
            try connection.rows("SELEKT 1")
        }
        #expect(error.code == SQLITE_ERROR)
        #expect(error.message.contains("syntax error"))
        #expect(error.sql == "SELEKT 1")
    }

    @Test func executeErrorCarriesSQL() throws {
        let connection = try Connection(location: .inMemory)
        let error = try #require(throws: DatabaseError.self) {
            try connection.execute("CREATE TABLE t (x); SELECT * FROM nowhere")
        }
        #expect(error.message == "no such table: nowhere")
        #expect(error.sql == "CREATE TABLE t (x); SELECT * FROM nowhere")
    }

    @Test func uniqueViolationIsAConstraintViolation() throws {
        let connection = try Connection(location: .inMemory)
        try connection.execute("CREATE TABLE t (x UNIQUE)")
        try connection.execute("INSERT INTO t VALUES (\(1))")
        let error = try #require(throws: DatabaseError.self) {
            try connection.execute("INSERT INTO t VALUES (\(1))")
        }
        #expect(error.code == 2067) // SQLITE_CONSTRAINT_UNIQUE
        #expect(error.isConstraintViolation)
        #expect(error.message == "UNIQUE constraint failed: t.x")
    }

    @Test func descriptionWithoutSQL() {
        let error = DatabaseError(code: 5, message: "database is locked")
        #expect(error.description == "SQLite error 5: database is locked")
        #expect(error.isBusy)
        #expect(DatabaseError(code: 262, message: "").isBusy) // SQLITE_LOCKED_SHAREDCACHE
        #expect(!DatabaseError(code: 1, message: "").isBusy)
        #expect(DatabaseError(code: 2067, message: "").primaryCode == 19)
    }
}
