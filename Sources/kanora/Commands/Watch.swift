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
            // Library modes and failures on stderr, one line per sync on stdout.
            let state = await LiveOutput.run(viewModel, console: console, global: global, print: { [global] lines, state in
                lines.watched(state.libraries)
                let failures = lines.new("failures", in: state.recentFailures, total: state.failureCount)
                if !global.quiet || global.verbose {
                    for failure in failures { console.err("kanora: cannot read \(failure.path): \(failure.reason)") }
                }
                lines.printNew("syncs", in: state.recentSyncs, total: state.syncCount, json: JSONObject.sync) {
                    WatchViewModel.line(for: $0)
                }
            }, until: {
                await viewModel.watch(request)
            })
            try state.viewState.throwIfFailed()
        }
    }
}

extension JSONObject {
    /// One sync as a single JSON line (`kanora watch --json` prints a stream of them).
    static func sync(_ sync: WatchSync) -> JSONObject {
        let s = sync.summary
        return JSONObject([
            "time": Formatting.timestamp(sync.date), "library": sync.library.name, "folder": sync.folder.text,
            "added": s.added, "updated": s.updated, "moved": s.moved, "upgraded": s.upgraded,
            "missing": s.missing, "failed": s.failed,
        ])
    }
}
