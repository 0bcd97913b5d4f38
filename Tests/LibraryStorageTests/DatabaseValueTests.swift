import CSQLite
@testable import LibraryCore
@testable import LibraryStorage
import Testing

@Suite("DatabaseValue binding and conversions")
struct DatabaseValueTests {
    /// Binds `value` into an untyped column and reads it and its storage class back.
    private func roundTrip(_ value: any DatabaseValueConvertible) throws -> (DatabaseValue, String) {
        let connection = try Connection(location: .inMemory)
        try connection.execute("CREATE TABLE v (x)")
        try connection.execute("INSERT INTO v (x) VALUES (\(value))")
        let row = try #require(try connection.row("SELECT x, typeof(x) FROM v"))
        return (row.values[0], try #require(row[1] as String?))
    }

    static let values: [DatabaseValue] = [
        .null,
        .integer(0), .integer(-1), .integer(Int64.max), .integer(Int64.min),
        .real(0), .real(-0.5), .real(.pi), .real(.greatestFiniteMagnitude), .real(.leastNonzeroMagnitude),
        .real(.infinity), .real(-.infinity),
        .text(""), .text("plain"), .text("Björk – Jóga ✓ 坂本龍一 🇫🇷👨‍👩‍👧"), .text("line\nbreak\ttab"),
        .blob([]), .blob([0]), .blob([0, 0, 0]), .blob([0x61, 0, 0x62, 0xFF, 0xFE]), .blob(Array(0...255)),
    ]

    @Test("every DatabaseValue binds and reads back unchanged, with the right storage class", arguments: values)
    func databaseValueRoundTrip(value: DatabaseValue) throws {
        let (read, type) = try roundTrip(value)
        #expect(read == value)
        let expected: String = switch value {
        case .null: "null"
        case .integer: "integer"
        case .real: "real"
        case .text: "text"
        case .blob: "blob"
        }
        #expect(type == expected)
    }

    @Test func int64ExtremesRoundTripThroughSwiftTypes() throws {
        for value in [Int64.min, Int64.min + 1, -1, 0, 1, Int64.max - 1, Int64.max] {
            let connection = try Connection(location: .inMemory)
            let read: Int64? = try connection.scalar("SELECT \(value)")
            #expect(read == value)
        }
        let connection = try Connection(location: .inMemory)
        #expect(try connection.scalar("SELECT \(Int.max)") == Int.max)
        #expect(try connection.scalar("SELECT \(Int.min)") == Int.min)
    }

    @Test func swiftTypesBindAsTheirStorageClass() throws {
        #expect(try roundTrip(Int64(42)) == (.integer(42), "integer"))
        #expect(try roundTrip(7) == (.integer(7), "integer"))
        #expect(try roundTrip(true) == (.integer(1), "integer"))
        #expect(try roundTrip(false) == (.integer(0), "integer"))
        #expect(try roundTrip(2.5) == (.real(2.5), "real"))
        #expect(try roundTrip("héllo") == (.text("héllo"), "text"))
        #expect(try roundTrip([UInt8]([1, 0, 2])) == (.blob([1, 0, 2]), "blob"))
        #expect(try roundTrip([UInt8]()) == (.blob([]), "blob"))
    }

    @Test func optionalsBindNilAsNull() throws {
        #expect(try roundTrip(String?.none) == (.null, "null"))
        #expect(try roundTrip(Int64?.none) == (.null, "null"))
        #expect(try roundTrip([UInt8]?.none) == (.null, "null"))
        #expect(try roundTrip(Int?.some(3)) == (.integer(3), "integer"))
        #expect(try roundTrip(String?.some("x")) == (.text("x"), "text"))
    }

    @Test func textWithEmbeddedNULRoundTrips() throws {
        let (read, type) = try roundTrip("a\u{0}b")
        #expect(read == .text("a\u{0}b"))
        #expect(type == "text")
    }

    @Test func unicodeTextIsStoredAsUTF8Bytes() throws {
        let connection = try Connection(location: .inMemory)
        let text = "Ærø 日本 🎵"
        let bytes: [UInt8]? = try connection.scalar("SELECT CAST(\(text) AS BLOB)")
        #expect(bytes == Array(text.utf8))
        let length: Int? = try connection.scalar("SELECT length(\(text))")
        #expect(length == text.unicodeScalars.count)
    }

    @Test func integerConversions() {
        #expect(Int64.fromDatabaseValue(.integer(5)) == 5)
        #expect(Int64.fromDatabaseValue(.real(3.9)) == 3)
        #expect(Int64.fromDatabaseValue(.real(-3.9)) == -3)
        #expect(Int64.fromDatabaseValue(.real(1e30)) == nil)
        #expect(Int64.fromDatabaseValue(.real(.nan)) == nil)
        #expect(Int64.fromDatabaseValue(.text("5")) == nil)
        #expect(Int64.fromDatabaseValue(.blob([5])) == nil)
        #expect(Int64.fromDatabaseValue(.null) == nil)
        #expect(Int.fromDatabaseValue(.integer(-9)) == -9)
        #expect(Int.fromDatabaseValue(.null) == nil)
    }

    @Test func doubleAndBoolConversions() {
        #expect(Double.fromDatabaseValue(.integer(2)) == 2.0)
        #expect(Double.fromDatabaseValue(.real(0.25)) == 0.25)
        #expect(Double.fromDatabaseValue(.text("1.0")) == nil)
        #expect(Double.fromDatabaseValue(.null) == nil)
        #expect(Bool.fromDatabaseValue(.integer(0)) == false)
        #expect(Bool.fromDatabaseValue(.integer(1)) == true)
        #expect(Bool.fromDatabaseValue(.integer(-7)) == true)
        #expect(Bool.fromDatabaseValue(.text("true")) == nil)
        #expect(Bool.fromDatabaseValue(.null) == nil)
    }

    @Test func stringAndBlobConversions() {
        #expect(String.fromDatabaseValue(.text("x")) == "x")
        #expect(String.fromDatabaseValue(.integer(-12)) == "-12")
        #expect(String.fromDatabaseValue(.real(1.5)) == "1.5")
        #expect(String.fromDatabaseValue(.blob(Array("hé".utf8))) == "hé")
        #expect(String.fromDatabaseValue(.null) == nil)
        #expect([UInt8].fromDatabaseValue(.blob([0, 1])) == [0, 1])
        #expect([UInt8].fromDatabaseValue(.text("é")) == [0xC3, 0xA9])
        #expect([UInt8].fromDatabaseValue(.integer(1)) == nil)
        #expect([UInt8].fromDatabaseValue(.null) == nil)
    }

    @Test func optionalConversionDistinguishesNullFromMismatch() {
        // .some(nil): the column was NULL; nil: the value does not fit the type.
        #expect(Int?.fromDatabaseValue(.null) == .some(nil))
        #expect(Int?.fromDatabaseValue(.integer(4)) == .some(4))
        #expect(Int?.fromDatabaseValue(.text("4")) == nil)
        #expect(Int?.none.databaseValue == .null)
        #expect(Int?.some(1).databaseValue == .integer(1))
    }

    @Test func databaseValueConvertsToItself() {
        for value in Self.values {
            #expect(value.databaseValue == value)
            #expect(DatabaseValue.fromDatabaseValue(value) == value)
        }
    }
}
