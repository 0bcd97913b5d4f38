import CSQLite
@testable import LibraryCore
@testable import LibraryStorage
import Testing

@Suite("Statement and Connection queries")
struct StatementTests {
    @Test func argumentCountIsCheckedBeforeBinding() throws {
        let connection = try Connection(location: .inMemory)
        try connection.execute("CREATE TABLE t (a, b)")
        let sql = "INSERT INTO t (a, b) VALUES (?, ?)"
        for arguments: [DatabaseValue] in [[], [.integer(1)], [.integer(1), .integer(2), .integer(3)]] {
            let error = try #require(throws: DatabaseError.self) {
                try connection.cachedStatement(SQL(sql: sql, arguments: arguments)).execute()
            }
            #expect(error.code == SQLITE_MISUSE)
            #expect(error.message == "wrong number of arguments: expected 2, got \(arguments.count)")
            #expect(error.sql == sql)
        }
        #expect(try Fixture.count(connection, "t") == 0)
        // The statement is still usable after a refused bind.
        try connection.execute("INSERT INTO t (a, b) VALUES (\(1), \(2))")
        #expect(try Fixture.count(connection, "t") == 1)
    }

    @Test func queryWithoutParametersRefusesArguments() throws {
        let connection = try Connection(location: .inMemory)
        #expect(throws: DatabaseError.self) { try connection.rows(SQL(sql: "SELECT 1", arguments: [.integer(1)])) }
    }

    @Test func cachedStatementIsReusedAndRebound() throws {
        let connection = try Connection(location: .inMemory)
        let first = try connection.cachedStatement("SELECT \(1) + 1")
        let second = try connection.cachedStatement("SELECT \(2) + 1")
        #expect(first === second)
        #expect(second.arguments == [.integer(2)])
        #expect(try connection.makeStatement("SELECT \(1) + 1") !== first)
        #expect(try connection.scalar("SELECT \(1) + 1") == 2)
        #expect(try connection.scalar("SELECT \(10) + 1") == 11)
        #expect(try connection.rows("SELECT \(20) + 1").map { $0[0] as Int? } == [21])
    }

    @Test func rowStopsEarlyAndLeavesTheStatementReusable() throws {
        let connection = try Connection(location: .inMemory)
        try connection.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1), (2), (3)")
        let sql: SQL = "SELECT x FROM t ORDER BY x"
        #expect(try connection.row(sql)?[0] as Int? == 1)
        #expect(try connection.rows(sql).compactMap { $0[0] as Int? } == [1, 2, 3])
        #expect(try connection.row("SELECT x FROM t WHERE x > 5") == nil)
        #expect(try connection.scalar("SELECT x FROM t WHERE x > 5") as Int? == nil)
        #expect(try connection.scalar("SELECT NULL") as Int? == nil)
    }

    @Test func stepForEachAndColumns() throws {
        let connection = try Connection(location: .inMemory)
        try connection.execute("CREATE TABLE t (n INTEGER, s TEXT); INSERT INTO t VALUES (1, 'a'), (2, NULL)")
        let statement = try connection.makeStatement("SELECT n, s FROM t WHERE n >= \(1) ORDER BY n")
        #expect(statement.parameterCount == 1)
        #expect(statement.columnNames == ["n", "s"])
        #expect(statement.sql == "SELECT n, s FROM t WHERE n >= ? ORDER BY n")
        var seen: [String] = []
        try statement.forEach { row in
            seen.append("\(row.column(0, as: Int.self) ?? -1):\(row.column(1, as: String.self) ?? "nil")")
            #expect(row.value(at: 1) == (seen.count == 1 ? .text("a") : .null))
        }
        #expect(seen == ["1:a", "2:nil"])

        try statement.bind([.integer(2)])
        #expect(try statement.step())
        #expect(statement.column(0) == 2)
        #expect(try statement.step() == false)
    }

    @Test func executeRunsSeveralStatementsAndReportsChanges() throws {
        let connection = try Connection(location: .inMemory)
        try connection.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, x); INSERT INTO t (x) VALUES (1), (2), (3)")
        #expect(connection.lastInsertedRowID == 3)
        try connection.execute("UPDATE t SET x = x * 10 WHERE x >= \(2)")
        #expect(connection.changes == 2)
        #expect(try connection.rows("SELECT x FROM t ORDER BY id").compactMap { $0[0] as Int? } == [1, 20, 30])
    }

    @Test func foreignKeysAreOnForEveryConnection() throws {
        let connection = try Connection(location: .inMemory)
        #expect(try connection.scalar("PRAGMA foreign_keys") == 1)
        #expect(try connection.scalar("PRAGMA synchronous") == 1)
    }

    @Test func columnsAreReadByNameInAnyOrder() throws {
        let connection = try Connection(location: .inMemory)
        try connection.execute("CREATE TABLE t (n INTEGER, s TEXT); INSERT INTO t VALUES (1, 'a'), (2, NULL)")
        for sql: SQL in ["SELECT n, s FROM t ORDER BY n", "SELECT s, 0 AS other, n FROM t ORDER BY n"] {
            var seen: [String] = []
            try connection.forEach(sql) { row in
                seen.append("\(row["n"] as Int? ?? -1):\(row["s"] as String? ?? "nil")")
            }
            #expect(seen == ["1:a", "2:nil"])
            let statement = try connection.cachedStatement(sql)
            #expect(statement.index(ofColumn: "n") == statement.columnNames.firstIndex(of: "n"))
            #expect(statement.index(ofColumn: "nope") == nil)
        }
    }

    @Test func valuesAreTheFirstColumnWithoutNulls() throws {
        let connection = try Connection(location: .inMemory)
        try connection.execute("CREATE TABLE t (x); INSERT INTO t VALUES (3), (NULL), (1)")
        #expect(try connection.values("SELECT x FROM t ORDER BY rowid", as: Int.self) == [3, 1])
        #expect(try connection.values("SELECT x FROM t WHERE x > \(5)", as: Int.self) == [])
    }
}
