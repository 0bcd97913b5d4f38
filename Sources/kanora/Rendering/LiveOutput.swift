import Foundation
import LibraryServices
import LibraryViewModels

/// The loop of a command that runs until stopped (`kanora watch`, `kanora events`).
enum LiveOutput {
    /// Runs `work` until it returns or the command is stopped (SIGINT, SIGTERM, or the task
    /// cancelled), giving `print` the view model's states as they come and the final state
    /// once more at the end (so nothing published last is lost); returns the final state.
    static func run<Model: ViewModel>(
        _ viewModel: Model, console: Console, global: GlobalOptions,
        print: @escaping @Sendable (inout LiveLines, Model.State) -> Void, until work: @escaping @Sendable () async -> Void
    ) async -> Model.State {
        let updates = viewModel.updates()
        let printing = Task { () -> LiveLines in
            var lines = LiveLines(console: console, global: global)
            for await state in updates { print(&lines, state) }
            return lines
        }
        await StopSignals.run(until: work)
        printing.cancel()
        var lines = await printing.value
        let state = viewModel.state
        print(&lines, state)
        return state
    }
}

/// What a long-running command prints of each state: it remembers what it printed so far,
/// so each state prints only what is new in it.
struct LiveLines: Sendable {
    let console: Console
    let global: GlobalOptions
    private var modes: [Int64: WatchMode] = [:]
    private var counts: [String: Int] = [:]

    init(console: Console, global: GlobalOptions) {
        self.console = console
        self.global = global
    }

    /// Prints (stderr, unless --quiet) each library whose watch mode is new or changed.
    mutating func watched(_ libraries: [WatchViewModel.WatchedLibrary]) {
        for watched in libraries {
            let changed = modes.updateValue(watched.mode, forKey: watched.library.id) != watched.mode
            if changed && !global.quiet { console.err("kanora: \(watched.description)") }
        }
    }

    /// The items of `recent` (the newest of `total` so far) not yet returned for `key`.
    mutating func new<Item>(_ key: String, in recent: [Item], total: Int) -> ArraySlice<Item> {
        defer { counts[key] = total }
        return recent.suffix(max(0, total - counts[key, default: 0]))
    }

    /// Prints the items `new(_:in:total:)` returns, a line each on stdout: with --json the
    /// value `json` makes as one line of JSON, else `text`.
    mutating func printNew<Item, Value: Encodable>(
        _ key: String, in recent: [Item], total: Int, json: (Item) -> Value, text: (Item) -> String
    ) {
        for item in new(key, in: recent, total: total) {
            console.out(global.json ? JSONOutput.line(json(item)) : text(item))
        }
    }
}
