/// A table's cells kept as UTF-8 bytes, one after another, with each cell's display width
/// and each column's widest cell so far: a large listing's table keeps a few bytes a cell
/// instead of a `String`, and its columns are sized as the rows come.
///
/// Fill a row with `append` calls, one per column (`endCell()` after writing a cell's bytes
/// with `appendBytes`), then `write(_:maxWidth:to:)` prints the header and the rows.
struct TableCells {
    let columns: [TextTable.Column]
    /// The cells' bytes, cell after cell, row after row.
    private var bytes: [UInt8] = []
    /// Where each cell ends in `bytes` (it starts where the previous one ends).
    private var ends: [Int] = []
    /// Each cell's display width.
    private var widths: [Int] = []
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
    mutating func append(_ value: some BinaryInteger) {
        append(String(value))
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
        let width = Self.width(bytes[cellStart...])
        let column = ends.count % columns.count
        if width > columnWidths[column] { columnWidths[column] = width }
        ends.append(bytes.count)
        widths.append(width)
        cellStart = bytes.count
    }

    /// The display width of a cell's UTF-8 bytes (`DisplayWidth.of` the same text).
    private static func width(_ cell: ArraySlice<UInt8>) -> Int {
        if cell.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return cell.count }
        return DisplayWidth.of(String(decoding: cell, as: UTF8.self))
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
        let spaces = [UInt8](repeating: UInt8(ascii: " "), count: (shown.max() ?? 0) + 1)
        let count = columns.count
        var line: [UInt8] = []
        func emit(_ cell: (Int) -> (text: ArraySlice<UInt8>, width: Int)) {
            line.removeAll(keepingCapacity: true)
            for index in 0..<count {
                if index > 0 { line.append(contentsOf: spaces[0..<2]) }
                var (text, width) = cell(index)
                if width > shown[index] {
                    let cut = DisplayWidth.truncate(String(decoding: text, as: UTF8.self), to: shown[index])
                    text = ArraySlice(cut.utf8)
                    width = DisplayWidth.of(cut)
                }
                let padding = spaces[0..<max(0, shown[index] - width)]
                if columns[index].rightAligned {
                    line.append(contentsOf: padding)
                    line.append(contentsOf: text)
                } else {
                    line.append(contentsOf: text)
                    line.append(contentsOf: padding)
                }
            }
            while line.last == UInt8(ascii: " ") { line.removeLast() }
            body(line)
        }
        let titles = columns.map { ArraySlice($0.title.utf8) }
        emit { (titles[$0], DisplayWidth.of(columns[$0].title)) }
        for row in 0..<rowCount {
            let first = row * count
            emit { index in
                let position = first + index
                let start = position == 0 ? 0 : ends[position - 1]
                return (bytes[start..<ends[position]], widths[position])
            }
        }
    }
}
