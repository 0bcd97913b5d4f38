@testable import LibraryCore
@testable import LibraryStorage
import Testing

@Suite("Row")
struct RowTests {
    private let row = Row(
        columns: ["id", "name", "missing", "data"],
        values: [.integer(7), .text("Abba"), .null, .blob([0, 1])])

    @Test func subscriptsByIndexAndNameConvert() {
        #expect(row[0] as Int64? == 7)
        #expect(row["id"] as Int? == 7)
        #expect(row["name"] as String? == "Abba")
        #expect(row[3] as [UInt8]? == [0, 1])
        #expect(row["data"] as [UInt8]? == [0, 1])
    }

    @Test func nullMismatchAndUnknownColumnsAreNil() {
        #expect(row["missing"] as String? == nil)
        #expect(row["name"] as Int64? == nil)
        #expect(row["nope"] as Int64? == nil)
    }

    @Test func valueNamedReturnsRawValueOrNull() {
        #expect(row.value(named: "name") == .text("Abba"))
        #expect(row.value(named: "nope") == .null)
    }

    @Test func rowsFromAQueryKeepColumnNamesInSelectOrder() throws {
        let connection = try Connection(location: .inMemory)
        let rows = try connection.rows("SELECT 1 AS b, 'x' AS a UNION ALL SELECT 2, NULL")
        #expect(rows.count == 2)
        #expect(rows[0].columns == ["b", "a"])
        #expect(rows[0] == Row(columns: ["b", "a"], values: [.integer(1), .text("x")]))
        #expect(rows[1] == Row(columns: ["b", "a"], values: [.integer(2), .null]))
    }

    @Test func firstColumnDuplicateNameWins() {
        let row = Row(columns: ["x", "x"], values: [.integer(1), .integer(2)])
        #expect(row["x"] as Int? == 1)
    }
}
