import ArgumentParser
import Foundation
import LibraryCore
import LibraryServices
import LibraryViewModels

extension Kanora {
    struct Watch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "watch",
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
            let viewModel = WatchViewModel(services: try global.localServices(mustExist: true, command: "watch"))
            let request = WatchRequest(
                libraries: libraries, options: WatchOptions(debounce: debounce, interval: interval, forcePeriodic: poll))
            let state = await LiveOutput.run(viewModel, printer: WatchPrinter(console: console, global: global)) {
                await viewModel.watch(request)
            }
            try state.viewState.throwIfFailed()
        }
    }
}

/// Prints what is new in each state: library modes (stderr), one line per sync (stdout),
/// failures (stderr).
private struct WatchPrinter: StatePrinter {
    let console: Console
    let global: GlobalOptions
    var printed = PrintedSoFar()

    mutating func print(_ state: WatchViewModel.State) {
        for watched in printed.changedModes(state.libraries) where !global.quiet {
            console.err("kanora: \(watched.description)")
        }
        let newFailures = printed.new("failures", in: state.recentFailures, total: state.failureCount)
        if !global.quiet || global.verbose {
            for failure in newFailures { console.err("kanora: cannot read \(failure.path): \(failure.reason)") }
        }
        for sync in printed.new("syncs", in: state.recentSyncs, total: state.syncCount) {
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
        return PrintedSoFar.jsonLine(line)
    }
}
