/// A table's cells kept as UTF-8 bytes, one after another, with each cell's display width
/// and each column's widest cell so far: a large listing's table keeps a few bytes a cell
/// instead of a `String`, and its columns are sized as the rows come.
///
/// Fill a row with `append` calls, one per column (`endCell()` after writing a cell's bytes
/// with `appendBytes`), then `write(maxWidth:to:)` prints the header and the rows.
struct TableCells {
    let columns: [TextTable.Column]
    /// The cells' bytes, cell after cell, row after row.
    private var bytes: [UInt8] = []
    /// Where each cell ends in `bytes` (it starts where the previous one ends).
    private var ends: [UInt32] = []
    /// Each cell's display width.
    private var widths: [UInt32] = []
    /// Each column's widest cell, header included.
    private var columnWidths: [Int]
    /// Where the cell being written starts.
    private var cellStart = 0

    init(columns: [TextTable.Column]) {
        self.columns = columns
        columnWidths = columns.map { DisplayWidth.of($0.title) }
    }

    /// The number of whole rows kept.
    var rowCount: Int { columns.isEmpty ? 0 : ends.count / columns.count }

    /// Adds a cell holding `text`.
    mutating func append(_ text: String) {
        appendBytes(text.utf8)
        endCell()
    }

    /// Adds a cell holding the decimal digits of `value`.
    mutating func append(_ value: Int) {
        Formatting.appendDecimal(value, to: &bytes)
        endCell()
    }

    /// Appends bytes to the cell being written (end it with `endCell()`).
    mutating func appendBytes(_ more: some Sequence<UInt8>) {
        bytes.append(contentsOf: more)
    }

    /// Appends to the cell being written through `write` (end it with `endCell()`).
    mutating func appendBytes(_ write: (inout [UInt8]) -> Void) {
        write(&bytes)
    }

    /// Ends the cell being written: measures it and counts it toward its column's width.
    mutating func endCell() {
        let start = cellStart
        let width = bytes.withUnsafeBufferPointer { DisplayWidth.of(utf8: UnsafeBufferPointer(rebasing: $0[start...])) }
        let column = ends.count % columns.count
        if width > columnWidths[column] { columnWidths[column] = width }
        ends.append(UInt32(bytes.count))
        widths.append(UInt32(width))
        cellStart = bytes.count
    }

    /// Writes the table's lines, header first, into `out` (see `forEachLine`).
    func write(maxWidth: Int?, to out: inout OutputBuffer) {
        forEachLine(maxWidth: maxWidth) { line in
            out.append(bytes: line)
            out.endLine()
        }
    }

    /// Calls `body` with each line's UTF-8 bytes, header first: columns padded to their
    /// widest cell, flexible ones shrunk (cells cut with "…") to fit `maxWidth` when given.
    func forEachLine(maxWidth: Int?, _ body: ([UInt8]) -> Void) {
        var shown = columnWidths
        if let maxWidth { TextTable.shrink(&shown, columns: columns, toFit: maxWidth) }
        let rightAligned = columns.map(\.rightAligned)
        var line: [UInt8] = []
        line.reserveCapacity(shown.reduce(2 * columns.count, +) * 2)
        func emit(_ cell: (Int) -> (text: UnsafeBufferPointer<UInt8>, width: Int)) {
            line.removeAll(keepingCapacity: true)
            for index in rightAligned.indices {
                if index > 0 {
                    line.append(UInt8(ascii: " "))
                    line.append(UInt8(ascii: " "))
                }
                let (text, width) = cell(index)
                if width > shown[index] {
                    let cut = DisplayWidth.truncate(String(decoding: text, as: UTF8.self), to: shown[index])
                    Self.append(Array(cut.utf8), width: DisplayWidth.of(cut), in: shown[index], rightAligned[index], to: &line)
                } else {
                    Self.append(text, width: width, in: shown[index], rightAligned[index], to: &line)
                }
            }
            while line.last == UInt8(ascii: " ") { line.removeLast() }
            body(line)
        }
        var header = TableCells(columns: columns)
        for column in columns { header.append(column.title) }
        header.forEachRow { emit($0) }
        forEachRow { emit($0) }
    }

    /// Appends `text`, `width` columns wide, padded to `shown` columns on the left when
    /// `rightAligned`, else on the right.
    private static func append(
        _ text: some Collection<UInt8>, width: Int, in shown: Int, _ rightAligned: Bool, to line: inout [UInt8]
    ) {
        if !rightAligned { line.append(contentsOf: text) }
        var padding = shown - width
        while padding > 0 {
            line.append(UInt8(ascii: " "))
            padding -= 1
        }
        if rightAligned { line.append(contentsOf: text) }
    }

    /// Calls `body` once a row with the bytes and width of the row's cell at each column index.
    private func forEachRow(_ body: ((Int) -> (text: UnsafeBufferPointer<UInt8>, width: Int)) -> Void) {
        let count = columns.count
        bytes.withUnsafeBufferPointer { all in
            ends.withUnsafeBufferPointer { ends in
                widths.withUnsafeBufferPointer { widths in
                    for row in 0..<rowCount {
                        let first = row * count
                        body { index in
                            let position = first + index
                            let start = position == 0 ? 0 : Int(ends[position - 1])
                            return (UnsafeBufferPointer(rebasing: all[start..<Int(ends[position])]), Int(widths[position]))
                        }
                    }
                }
            }
        }
    }
}
