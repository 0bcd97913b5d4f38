@testable import kanora
import Testing

/// `TableCells` keeps any cell as the text it was: short and long, narrow and wide, bytes
/// that are not UTF-8 as `String` repairs them, and tables of many chunks.
@Suite("table cells")
struct TableCellsTests {
    /// `cells` laid out by hand: each padded with spaces to its column's widest (widths from
    /// the characters, 2 for the CJK ones used here), two spaces apart, trailing ones dropped.
    private func laidOut(_ rows: [[String]]) -> [String] {
        let width = { (text: String) in text.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x3000 ? 2 : 1) } }
        let widths = rows[0].indices.map { column in rows.map { width($0[column]) }.max()! }
        return rows.map { row in
            var line = ""
            for (column, cell) in row.enumerated() {
                if column > 0 { line += "  " }
                line += cell + String(repeating: " ", count: widths[column] - width(cell))
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }

    @Test func cellsLongShortWideAndManyComeBackAsWritten() {
        let columns: [TextTable.Column] = [.init(title: "A"), .init(title: "B"), .init(title: "C")]
        var rows = [["A", "B", "C"]]
        // Past 127 bytes (a longer header), wide characters (a width apart from the length),
        // empty cells, and enough rows to fill several chunks.
        for index in 0..<12_000 {
            let long = String(repeating: "x", count: index % 300)
            let wide = index % 7 == 0 ? "東京事変 \(index)" : "Björk \(index)"
            rows.append([String(index), index % 5 == 0 ? "" : long, wide])
        }
        var cells = TableCells(columns: columns)
        for row in rows.dropFirst() {
            for cell in row { cells.append(cell) }
        }
        #expect(cells.rowCount == 12_000)
        var lines: [String] = []
        cells.forEachLine(maxWidth: nil) { lines.append(String(decoding: $0, as: UTF8.self)) }
        #expect(lines == laidOut(rows))
    }

    @Test func bytesThatAreNotUTF8AreKeptAsStringRepairsThem() {
        let columns: [TextTable.Column] = [.init(title: "NAME"), .init(title: "N")]
        let broken: [[UInt8]] = [[0x41, 0xFF, 0x42], [0xE6, 0x9D], Array("ok".utf8), [0xC3, 0xA9, 0x80, 0x20, 0x43]]
        var cells = TableCells(columns: columns)
        for bytes in broken {
            cells.appendBytes(bytes)
            cells.endCell()
            cells.append(1)
        }
        var lines: [String] = []
        cells.forEachLine(maxWidth: nil) { lines.append(String(decoding: $0, as: UTF8.self)) }
        let repaired = broken.map { String(decoding: $0, as: UTF8.self) }
        #expect(lines == TextTable(columns: columns, rows: repaired.map { [$0, "1"] }).render(maxWidth: nil))
        #expect(lines[1] == "A\u{FFFD}B   1")
    }

    @Test func printableASCIIIsFoundEightBytesAtATime() {
        // Every byte below 0x80, and a few above, at every position of a 17-byte text.
        for byte in Array(0..<0x80) + [0x80, 0xC3, 0xFF] as [UInt8] {
            for position in 0..<17 {
                var bytes = Array("abcdefghijklmnopq".utf8)
                bytes[position] = byte
                let text = String(decoding: bytes, as: UTF8.self)
                let measured = bytes.withUnsafeBufferPointer { DisplayWidth.measure(utf8: $0) }
                #expect(measured.width == DisplayWidth.of(text), "byte \(byte) at \(position)")
                #expect(measured.valid == (byte < 0x80), "byte \(byte) at \(position)")
            }
        }
    }
}
