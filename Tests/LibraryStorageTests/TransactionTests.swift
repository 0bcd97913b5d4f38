@testable import LibraryCore
@testable import LibraryStorage
import Testing

private struct Boom: Error, Equatable {
    let id: Int
}

@Suite("Closure transactions and savepoints")
struct TransactionTests {
    private func makeConnection() throws -> Connection {
        let connection = try Connection(location: .inMemory)
        try connection.execute("CREATE TABLE t (x INTEGER NOT NULL)")
        return connection
    }

    private func values(_ connection: Connection) throws -> [Int] {
        try connection.rows("SELECT x FROM t ORDER BY rowid").compactMap { $0[0] }
    }

    @Test func commitsWhenTheBodyReturns() throws {
        let connection = try makeConnection()
        let result = try connection.transaction {
            #expect(connection.isInTransaction)
            try connection.execute("INSERT INTO t VALUES (\(1))")
            return "done"
        }
        #expect(result == "done")
        #expect(!connection.isInTransaction)
        #expect(try values(connection) == [1])
    }

    @Test func rollsBackAndRethrowsWhenTheBodyThrows() throws {
        let connection = try makeConnection()
        #expect(throws: Boom(id: 1)) {
            try connection.transaction {
                try connection.execute("INSERT INTO t VALUES (\(1))")
                throw Boom(id: 1)
            }
        }
        #expect(!connection.isInTransaction)
        #expect(try values(connection) == [])
    }

    @Test func rethrowsTheFirstDatabaseError() throws {
        let connection = try makeConnection()
        let error = try #require(throws: DatabaseError.self) {
            try connection.transaction {
                try connection.execute("INSERT INTO t VALUES (\(1))")
                try connection.execute("INSERT INTO t VALUES (\(Int?.none))")
            }
        }
        #expect(error.message == "NOT NULL constraint failed: t.x")
        #expect(try values(connection) == [])
        #expect(!connection.isInTransaction)
    }

    @Test func nestedTransactionsUseSavepoints() throws {
        let connection = try makeConnection()
        try connection.transaction {
            try connection.execute("INSERT INTO t VALUES (\(1))")
            do {
                try connection.transaction {
                    try connection.execute("INSERT INTO t VALUES (\(2))")
                    throw Boom(id: 2)
                }
                Issue.record("the inner transaction should have thrown")
            } catch let error as Boom {
                #expect(error == Boom(id: 2))
            }
            #expect(connection.isInTransaction)
            try connection.transaction {
                try connection.execute("INSERT INTO t VALUES (\(3))")
                try connection.transaction {
                    try connection.execute("INSERT INTO t VALUES (\(4))")
                }
            }
        }
        #expect(!connection.isInTransaction)
        #expect(try values(connection) == [1, 3, 4])
    }

    @Test func outerThrowRollsBackReleasedSavepoints() throws {
        let connection = try makeConnection()
        #expect(throws: Boom(id: 3)) {
            try connection.transaction {
                try connection.transaction {
                    try connection.execute("INSERT INTO t VALUES (\(1))")
                }
                throw Boom(id: 3)
            }
        }
        #expect(try values(connection) == [])
    }

    @Test func failedCommitRollsBackAndLeavesTheConnectionUsable() throws {
        let connection = try Connection(location: .inMemory)
        try connection.execute("""
            CREATE TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TABLE child (parent_id INTEGER REFERENCES parent(id));
            """)
        // Deferred foreign keys are checked at COMMIT, so COMMIT itself fails.
        let error = try #require(throws: DatabaseError.self) {
            try connection.transaction {
                try connection.execute("PRAGMA defer_foreign_keys = ON")
                try connection.execute("INSERT INTO child VALUES (\(42))")
            }
        }
        #expect(error.isConstraintViolation)
        #expect(!connection.isInTransaction)
        #expect(try Fixture.count(connection, "child") == 0)
        // The next transactions start from depth zero again.
        try connection.transaction {
            try connection.execute("INSERT INTO parent VALUES (\(1))")
            try connection.transaction {
                try connection.execute("INSERT INTO child VALUES (\(1))")
            }
        }
        #expect(!connection.isInTransaction)
        #expect(try Fixture.count(connection, "child") == 1)
    }

    @Test func queueWriteCommitsAndRollsBack() throws {
        let queue = try Database.open(.inMemory)
        _ = try queue.write { try Fixture.insertLibrary($0, name: "Kept", root: "/kept") }
        #expect(throws: Boom(id: 4)) {
            try queue.write { connection in
                try Fixture.insertLibrary(connection, name: "Dropped", root: "/dropped")
                throw Boom(id: 4)
            }
        }
        let names = try queue.read { try $0.rows("SELECT name FROM library").compactMap { $0[0] as String? } }
        #expect(names == ["Kept"])
        #expect(try queue.writeWithoutTransaction { !$0.isInTransaction })
    }
}
