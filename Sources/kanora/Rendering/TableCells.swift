/// A table's cells kept as UTF-8 bytes, one after another, with each cell's display width
/// and each column's widest cell so far: a large listing's table keeps a few bytes a cell
/// instead of a `String`, and its columns are sized as the rows come.
///
/// Each cell is a header (a varint of its length, shifted left once, with the low bit set
/// when its display width differs from its length, then a varint of that width) and its
/// bytes, in chunks of about 256 KiB: 100,000 rows take about a byte a cell beyond the text,
/// and nothing is copied as the table grows (memory first touched is what costs here).
///
/// Fill a row with `append` calls, one per column (`endCell()` after writing a cell's bytes
/// with `appendBytes`), then `write(maxWidth:to:)` prints the header and the rows.
struct TableCells {
    let columns: [TextTable.Column]
    /// The full chunks, in order.
    private var chunks: [[UInt8]] = []
    /// The chunk being written: whole cells, then the cell being written.
    private var bytes: [UInt8] = []
    /// Each column's widest cell, header included.
    private var columnWidths: [Int]
    /// Where the cell being written starts in `bytes` (at its one-byte header slot).
    private var cellStart = 0
    /// The number of whole cells kept.
    private var cellCount = 0
    private static let chunkSize = 1 << 18

    init(columns: [TextTable.Column]) {
        self.columns = columns
        columnWidths = columns.map { DisplayWidth.of($0.title) }
        bytes.append(0)
    }

    /// The number of whole rows kept.
    var rowCount: Int { columns.isEmpty ? 0 : cellCount / columns.count }

    /// Adds a cell holding `text`.
    mutating func append(_ text: String) {
        appendBytes(text.utf8)
        endCell()
    }

    /// Adds a cell holding the decimal digits of `value`.
    mutating func append(_ value: Int) {
        Formatting.appendDecimal(value, to: &bytes)
        endASCIICell()
    }

    /// Appends bytes to the cell being written (end it with `endCell()`).
    mutating func appendBytes(_ more: some Sequence<UInt8>) {
        bytes.append(contentsOf: more)
    }

    /// Appends to the cell being written through `write` (end it with `endCell()`).
    mutating func appendBytes(_ write: (inout [UInt8]) -> Void) {
        write(&bytes)
    }

    /// Ends the cell being written: measures it (bytes that are not UTF-8 become U+FFFD, as
    /// `String(decoding:as:)` makes them), counts it toward its column's width and writes its
    /// header.
    mutating func endCell() {
        let start = cellStart + 1
        var (width, valid) = bytes.withUnsafeBufferPointer { DisplayWidth.measure(utf8: UnsafeBufferPointer(rebasing: $0[start...])) }
        if !valid {
            let repaired = Array(bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start...]), as: UTF8.self) }.utf8)
            bytes.replaceSubrange(start..., with: repaired)
            width = repaired.withUnsafeBufferPointer { DisplayWidth.of(utf8: $0) }
        }
        end(width: width)
    }

    /// Ends the cell being written, which holds only printable ASCII (digits, a duration):
    /// one column a byte, nothing to measure.
    mutating func endASCIICell() {
        end(width: bytes.count - cellStart - 1)
    }

    /// Ends the cell being written, `width` columns wide: counts it toward its column's width
    /// and writes its header.
    private mutating func end(width: Int) {
        let start = cellStart + 1
        let column = cellCount % columns.count
        if width > columnWidths[column] { columnWidths[column] = width }
        cellCount += 1
        let length = bytes.count - start
        if length < 0x40, width == length {
            bytes[cellStart] = UInt8(length << 1)
        } else {
            var header: [UInt8] = []
            Self.appendVarint(length << 1 | (width == length ? 0 : 1), to: &header)
            if width != length { Self.appendVarint(width, to: &header) }
            bytes.replaceSubrange(cellStart..<start, with: header)
        }
        if bytes.count >= Self.chunkSize {
            chunks.append(bytes)
            bytes = []
            bytes.reserveCapacity(Self.chunkSize + 4096)
        }
        cellStart = bytes.count
        bytes.append(0)
    }

    /// Appends `value` (not negative) seven bits a byte, low bits first, the high bit set on
    /// all but the last byte.
    private static func appendVarint(_ value: Int, to bytes: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Reads a varint written by `appendVarint` at `position`, moving past it.
    private static func readVarint(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) -> Int {
        var value = 0
        var shift = 0
        while true {
            let byte = bytes[position]
            position += 1
            value |= Int(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    /// Calls `body` with each whole cell's bytes and display width, in order.
    private func forEachCell(_ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) {
        var remaining = cellCount
        for chunk in chunks + [bytes] {
            chunk.withUnsafeBufferPointer { chunk in
                var position = 0
                while remaining > 0, position < chunk.count {
                    let header = Self.readVarint(chunk, &position)
                    let length = header >> 1
                    let width = header & 1 == 0 ? length : Self.readVarint(chunk, &position)
                    body(UnsafeBufferPointer(rebasing: chunk[position..<(position + length)]), width)
                    position += length
                    remaining -= 1
                }
            }
        }
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
            var index = 0
            forEachCell { text, width in
                if index > 0 {
                    line.append(UInt8(ascii: " "))
                    line.append(UInt8(ascii: " "))
                }
                Self.append(text, width: width, in: shown[index], rightAligned[index], spaces, to: &line)
                index += 1
                if index == count {
                    while line.last == UInt8(ascii: " ") { line.removeLast() }
                    line.withUnsafeBufferPointer { sink.appendLine($0) }
                    line.removeAll(keepingCapacity: true)
                    index = 0
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
