import Foundation
import LibraryServices
import LibraryViewModels

/// Prints what is new in each state of a long-running command's view model.
protocol StatePrinter: Sendable {
    associatedtype State: Sendable
    mutating func print(_ state: State)
}

/// The loop of a command that runs until stopped (`kanora watch`, `kanora events`).
enum LiveOutput {
    /// Runs `work` until it returns or the command is stopped (SIGINT, SIGTERM, or the task
    /// cancelled), printing the view model's states as they come and the final state once
    /// more at the end (so nothing published last is lost); returns the final state.
    static func run<Model: ViewModel, Printer: StatePrinter>(
        _ viewModel: Model, printer: Printer, until work: @escaping @Sendable () async -> Void
    ) async -> Model.State where Printer.State == Model.State {
        let updates = viewModel.updates()
        let printing = Task { () -> Printer in
            var printer = printer
            for await state in updates { printer.print(state) }
            return printer
        }
        await StopSignals.run(until: work)
        printing.cancel()
        var printer = await printing.value
        let state = viewModel.state
        printer.print(state)
        return state
    }
}

/// What a long-running command's printer has printed so far, so each state prints only
/// what is new in it.
struct PrintedSoFar: Sendable {
    private var modes: [Int64: WatchMode] = [:]
    private var counts: [String: Int] = [:]

    /// The libraries whose watch mode is new or changed since the last call.
    mutating func changedModes(_ watched: [WatchViewModel.WatchedLibrary]) -> [WatchViewModel.WatchedLibrary] {
        watched.filter { watched in
            defer { modes[watched.library.id] = watched.mode }
            return modes[watched.library.id] != watched.mode
        }
    }

    /// The items of `recent` (the newest of `total` so far) not yet returned for `key`.
    mutating func new<Item>(_ key: String, in recent: [Item], total: Int) -> ArraySlice<Item> {
        defer { counts[key] = total }
        return recent.suffix(max(0, total - counts[key, default: 0]))
    }

    /// One value as a single line of JSON (keys sorted), for commands printing a stream of them.
    static func jsonLine(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }
}
