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

/// Writes streamed track lines (lent on the database's reading thread) through a template
/// as they come (`kanora list --format` when the template prints only `TrackLine` fields).
final class TemplateLineWriter: Sendable {
    private struct State {
        var out: OutputBuffer
        var count = 0
    }

    private let template: TrackTemplate
    private let quiet: Bool
    private let console: Console
    private let state: Mutex<State>

    init(_ template: TrackTemplate, _ printer: RowPrinter) {
        self.template = template
        quiet = printer.quiet
        console = printer.console
        state = Mutex(State(out: OutputBuffer(console: printer.console)))
    }

    /// Writes the line of `line`.
    func write(_ line: TrackLine) {
        state.withLock { state in
            state.out.append { template.append(line, to: &$0) }
            state.out.endLine()
            state.count += 1
        }
    }

    /// Writes what is left; says "nothing matches" on the error stream when no line came.
    func finish() {
        state.withLock { state in
            if state.count == 0 && !quiet { console.err("kanora: nothing matches") }
            state.out.flush()
        }
    }
}
