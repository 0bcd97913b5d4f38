import LibraryCore
import Synchronization

/// Hands streamed rows (which arrive on the database's reading thread) to a `RowWriter`,
/// so `kanora list` and `kanora search` print each row as it is read and keep none.
final class RowStream<Row: Sendable>: Sendable {
    private let writer: Mutex<RowWriter<Row>>

    init(_ writer: sending RowWriter<Row>) {
        self.writer = Mutex(writer)
    }

    /// Writes the next row.
    func write(_ row: Row) {
        writer.withLock { $0.write(row) }
    }

    /// Ends the output once the last row came.
    func finish() {
        writer.withLock { $0.finish() }
    }
}

/// Keeps the cells of streamed track lines (lent on the database's reading thread) for
/// `kanora list`'s and `kanora search`'s table, which needs every row to size its columns:
/// each line's cells are copied as it comes, and no line is kept.
final class TrackLineTable: Sendable {
    private let table = Mutex(TableCells(columns: Tables.trackColumns))

    /// Adds the row of `line`.
    func write(_ line: TrackLine) {
        table.withLock { Tables.appendCells(line, to: &$0) }
    }

    /// The cells of every row written so far.
    var cells: TableCells { table.withLock { $0 } }
}
