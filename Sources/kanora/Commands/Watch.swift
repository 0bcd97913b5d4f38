#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import Dispatch
import Foundation
import LibraryCore
import LibraryServices
import LibraryViewModels

extension Kanora {
    struct Watch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Keep libraries in sync continuously, syncing folders as they change.",
            discussion: """
                Watches every folder of the libraries with inotify and, once nothing has changed \
                for --debounce seconds, syncs the folders that did, printing one line per sync. \
                Libraries on network or FUSE mounts, or too big for the inotify watch limit, are \
                rescanned every --interval seconds instead. Stop with Ctrl-C: a running sync \
                finishes the batch it is writing first.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The libraries to watch, by name (default: all).")
        var libraries: [String] = []

        @Option(help: "Seconds without changes before the changed folders are synced.")
        var debounce: Double = 2

        @Option(help: "Seconds between rescans of libraries that cannot be watched for changes.")
        var interval: Double = 300

        @Flag(help: "Rescan every library every --interval seconds instead of watching for changes.")
        var poll = false

        func validate() throws {
            guard debounce.isFinite, debounce >= 0, debounce <= 3600 else {
                throw ArgumentParser.ValidationError("--debounce takes seconds from 0 to 3600, e.g. --debounce 2.")
            }
            guard interval.isFinite, interval >= 0.1, interval <= 7 * 86_400 else {
                throw ArgumentParser.ValidationError("--interval takes seconds from 0.1 to 604800 (a week), e.g. --interval 300.")
            }
        }

        func run() async throws {
            let console = Console.current
            let viewModel = WatchViewModel(services: try global.services(mustExist: true))
            let request = WatchRequest(
                libraries: libraries, options: WatchOptions(debounce: debounce, interval: interval, forcePeriodic: poll))
            let updates = viewModel.updates()
            let printing = Task { [global] () -> WatchPrinter in
                var printer = WatchPrinter(console: console, global: global)
                for await state in updates { printer.print(state) }
                return printer
            }
            let watching = Task { await viewModel.watch(request) }
            let signals = StopSignals { watching.cancel() }
            // Cancelling the command (as tests do) stops the watch like a signal.
            await withTaskCancellationHandler { await watching.value } onCancel: { watching.cancel() }
            signals.restore()
            printing.cancel()
            var printer = await printing.value
            let state = viewModel.state
            printer.print(state)
            try state.viewState.throwIfFailed()
        }
    }
}

/// Turns SIGINT and SIGTERM into a call to `stop` (once) while installed.
private final class StopSignals {
    private let sources: [any DispatchSourceSignal]

    init(stop: @escaping @Sendable () -> Void) {
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: stop)
            source.resume()
            return source
        }
    }

    /// Cancels the handlers and gives the signals their default actions back.
    func restore() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}

/// Prints what is new in each state: library modes (stderr), one line per sync (stdout),
/// failures (stderr).
private struct WatchPrinter {
    let console: Console
    let global: GlobalOptions
    private var modes: [Int64: WatchMode] = [:]
    private var syncsPrinted = 0
    private var failuresPrinted = 0

    init(console: Console, global: GlobalOptions) {
        self.console = console
        self.global = global
    }

    mutating func print(_ state: WatchViewModel.State) {
        for watched in state.libraries where modes[watched.library.id] != watched.mode {
            modes[watched.library.id] = watched.mode
            if !global.quiet { console.err("kanora: \(watched.description)") }
        }
        let newFailures = state.recentFailures.suffix(max(0, state.failureCount - failuresPrinted))
        failuresPrinted = state.failureCount
        if !global.quiet || global.verbose {
            for failure in newFailures { console.err("kanora: cannot read \(failure.path): \(failure.reason)") }
        }
        let newSyncs = state.recentSyncs.suffix(max(0, state.syncCount - syncsPrinted))
        syncsPrinted = state.syncCount
        for sync in newSyncs {
            console.out(global.json ? WatchSyncJSON.line(sync) : WatchViewModel.line(for: sync))
        }
    }
}

/// One sync as a single JSON line (`kanora watch --json` prints a stream of them).
private enum WatchSyncJSON {
    struct Line: Encodable {
        let time: String, library: String, folder: String
        let added: Int, updated: Int, moved: Int, upgraded: Int, missing: Int, failed: Int
    }

    static func line(_ sync: WatchSync) -> String {
        let s = sync.summary
        let line = Line(
            time: Formatting.timestamp(sync.date), library: sync.library.name, folder: sync.folder.text,
            added: s.added, updated: s.updated, moved: s.moved, upgraded: s.upgraded, missing: s.missing, failed: s.failed)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(line)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }
}
