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
