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
    /// The column of the cell being written.
    private var column = 0

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
        if width > columnWidths[column] { columnWidths[column] = width }
        column = column + 1 == columns.count ? 0 : column + 1
        ends.append(UInt32(bytes.count))
        widths.append(UInt32(width))
        cellStart = bytes.count
    }

    /// Writes the table's lines, header first, into `out` (see `forEachLine`), each line
    /// straight into the buffer.
    func write(maxWidth: Int?, to out: inout OutputBuffer) {
        appendLines(maxWidth: maxWidth, to: &out)
    }

    /// Calls `body` with each line's UTF-8 bytes, header first: columns padded to their
    /// widest cell, flexible ones shrunk (cells cut with "…") to fit `maxWidth` when given.
    func forEachLine(maxWidth: Int?, _ body: ([UInt8]) -> Void) {
        withoutActuallyEscaping(body) { body in
            var lines = LineCallback(body: body)
            appendLines(maxWidth: maxWidth, to: &lines)
        }
    }

    /// Appends the header's line and then every row's to `sink`, one `appendLine` each.
    private func appendLines(maxWidth: Int?, to sink: inout some LineSink) {
        var shown = columnWidths
        if let maxWidth { TextTable.shrink(&shown, columns: columns, toFit: maxWidth) }
        let rightAligned = columns.map(\.rightAligned)
        var header = TableCells(columns: columns)
        for column in columns { header.append(column.title) }
        header.appendRowLines(shown: shown, rightAligned: rightAligned, to: &sink)
        appendRowLines(shown: shown, rightAligned: rightAligned, to: &sink)
    }

    /// Appends each row's line to `sink`: the cells padded to the `shown` widths (on the left
    /// where `rightAligned`), two spaces between them, cut with "…" when wider than their
    /// column, trailing spaces dropped.
    private func appendRowLines(shown: [Int], rightAligned: [Bool], to sink: inout some LineSink) {
        let count = columns.count
        var line: [UInt8] = []
        line.reserveCapacity(shown.reduce(2 * count, +) * 2)
        // Padding is copied from a run of spaces as long as the widest column.
        let spaces = [UInt8](repeating: UInt8(ascii: " "), count: shown.max() ?? 0)
        spaces.withUnsafeBufferPointer { spaces in
            bytes.withUnsafeBufferPointer { all in
                ends.withUnsafeBufferPointer { ends in
                    widths.withUnsafeBufferPointer { widths in
                        for row in 0..<rowCount {
                            line.removeAll(keepingCapacity: true)
                            for index in 0..<count {
                                if index > 0 {
                                    line.append(UInt8(ascii: " "))
                                    line.append(UInt8(ascii: " "))
                                }
                                let position = row * count + index
                                let start = position == 0 ? 0 : Int(ends[position - 1])
                                let text = UnsafeBufferPointer(rebasing: all[start..<Int(ends[position])])
                                Self.append(text, width: Int(widths[position]), in: shown[index], rightAligned[index], spaces, to: &line)
                            }
                            while line.last == UInt8(ascii: " ") { line.removeLast() }
                            line.withUnsafeBufferPointer { sink.appendLine($0) }
                        }
                    }
                }
            }
        }
    }

    /// Appends `text`, `width` columns wide, padded to `shown` columns on the left when
    /// `rightAligned`, else on the right, with the first bytes of `spaces` (at least `shown`);
    /// cut with "…" when wider than `shown`.
    private static func append(
        _ text: UnsafeBufferPointer<UInt8>, width: Int, in shown: Int, _ rightAligned: Bool,
        _ spaces: UnsafeBufferPointer<UInt8>, to line: inout [UInt8]
    ) {
        if width > shown {
            let cut = DisplayWidth.truncate(String(decoding: text, as: UTF8.self), to: shown)
            pad(Array(cut.utf8), width: DisplayWidth.of(cut), in: shown, rightAligned, spaces, to: &line)
        } else {
            pad(text, width: width, in: shown, rightAligned, spaces, to: &line)
        }
    }

    /// Appends `text` and the spaces that pad it from `width` to `shown` columns.
    private static func pad(
        _ text: some Collection<UInt8>, width: Int, in shown: Int, _ rightAligned: Bool,
        _ spaces: UnsafeBufferPointer<UInt8>, to line: inout [UInt8]
    ) {
        if !rightAligned { line.append(contentsOf: text) }
        if shown > width { line.append(contentsOf: UnsafeBufferPointer(rebasing: spaces[..<(shown - width)])) }
        if rightAligned { line.append(contentsOf: text) }
    }
}

/// Where `TableCells` puts its lines: an `OutputBuffer`, or a callback per line.
protocol LineSink {
    /// Adds one line (its bytes, without the line end).
    mutating func appendLine(_ line: UnsafeBufferPointer<UInt8>)
}

extension OutputBuffer: LineSink {
    mutating func appendLine(_ line: UnsafeBufferPointer<UInt8>) {
        append(bytes: line)
        endLine()
    }
}

/// Hands each line's bytes to a callback.
private struct LineCallback: LineSink {
    let body: ([UInt8]) -> Void

    func appendLine(_ line: UnsafeBufferPointer<UInt8>) {
        body(Array(line))
    }
}
