import Testing
@testable import LibraryStorage

@Suite("SQL literals")
struct SQLTests {
    @Test func interpolatedValuesAreBoundNeverWrittenIntoTheText() {
        let title = "'); DROP TABLE track; --"
        let sql: SQL = "SELECT id FROM track WHERE title = \(title) AND year > \(1990) AND bpm < \(120.5)"
        #expect(sql.text == "SELECT id FROM track WHERE title = ? AND year > ? AND bpm < ?")
        #expect(sql.arguments == [.text(title), .integer(1990), .real(120.5)])
    }

    @Test func nilBindsNullAndBytesBindABlob() {
        let missing: String? = nil
        let sql: SQL = "UPDATE t SET a = \(missing), b = \([UInt8]([0, 1])), c = \(true)"
        #expect(sql.text == "UPDATE t SET a = ?, b = ?, c = ?")
        #expect(sql.arguments == [.null, .blob([0, 1]), .integer(1)])
    }

    @Test func trustedTextGoesInAsItIs() {
        let column = "t.title_fold"
        let sql: SQL = "SELECT \(sql: column) FROM track t ORDER BY \(sql: column) DESC"
        #expect(sql.text == "SELECT t.title_fold FROM track t ORDER BY t.title_fold DESC")
        #expect(sql.arguments.isEmpty)
    }

    @Test func fragmentsNestWithTheirArgumentsInPlace() {
        let library: SQL = " AND t.library_id = \(Int64(7))"
        let condition: SQL = "t.year = \(1997)"
        let sql: SQL = "SELECT t.id FROM track t WHERE \(condition)\(library) LIMIT \(10)"
        #expect(sql.text == "SELECT t.id FROM track t WHERE t.year = ? AND t.library_id = ? LIMIT ?")
        #expect(sql.arguments == [.integer(1997), .integer(7), .integer(10)])
    }

    @Test func appendingAndJoiningKeepTheOrder() {
        var sql: SQL = "SELECT 1 WHERE \(1) = 1"
        sql.append(" AND \(2) = 2")
        #expect(sql + " AND \(3) = 3" == SQL(sql: "SELECT 1 WHERE ? = 1 AND ? = 2 AND ? = 3", arguments: [.integer(1), .integer(2), .integer(3)]))
        let joined = ["a = \("x")", "b = \("y")", "c"].map { $0 as SQL }.joined(separator: " OR ")
        #expect(joined == SQL(sql: "a = ? OR b = ? OR c", arguments: [.text("x"), .text("y")]))
        #expect([SQL]().joined(separator: ", ") == "")
    }

    @Test func theDatabaseSeesTheValuesAsArguments() throws {
        let connection = try Connection(location: .inMemory)
        try connection.execute("CREATE TABLE t (name TEXT)")
        let name = "O'Brien \"quoted\" ?"
        try connection.execute("INSERT INTO t (name) VALUES (\(name))")
        #expect(try connection.scalar("SELECT name FROM t WHERE name = \(name)") == name)
        #expect(try connection.scalar("SELECT count(*) FROM t WHERE name = \("O'Brien")") == 0)
    }
}
