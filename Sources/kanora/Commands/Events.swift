import ArgumentParser
import Foundation
import LibraryCore
import LibraryServices
import LibraryViewModels

extension Kanora {
    struct Events: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "events",
            abstract: "Print the library's changes as they happen, one line each, until stopped.",
            discussion: """
                Prints a line for every change: libraries added, renamed or removed, tracks \
                added, updated or gone missing in a library, playlists edited, and scan progress \
                (at most once a second). Run locally, it also watches the libraries' folders as \
                `kanora watch` does, so files added on disk show up. With --json, each line is \
                one JSON object: {"kind": "tracksChanged", "libraryID": 3, "time": "..."} \
                (kinds: librariesChanged, tracksChanged, playlistsChanged with playlistID, \
                scanProgress with progress). Stop with Ctrl-C.
                """)

        @OptionGroup var global: GlobalOptions

        @Option(help: "Only changes to this library's tracks (with changes to the list of libraries, and scan progress).")
        var library: String?

        @Option(help: "Seconds without changes on disk before changed folders are synced.")
        var debounce: Double = 2

        func validate() throws {
            guard debounce.isFinite, debounce >= 0, debounce <= 3600 else {
                throw ArgumentParser.ValidationError("--debounce takes seconds from 0 to 3600, e.g. --debounce 2.")
            }
        }

        func run() async throws {
            let console = Console.current
            let viewModel = EventLogViewModel(services: try global.services(mustExist: true))
            let (library, options) = (library, WatchOptions(debounce: debounce))
            // Watched libraries on stderr, one line per change on stdout.
            let state = await LiveOutput.run(viewModel, console: console, global: global, print: { lines, state in
                lines.watched(state.watched)
                lines.printNew("changes", in: state.recent, total: state.count, json: EventLine.init) {
                    EventLogViewModel.line(for: $0, names: state.libraryNames)
                }
            }, until: {
                await viewModel.follow(library: library, watch: options)
            })
            try state.viewState.throwIfFailed()
        }
    }
}

/// One change as a single JSON line: the event's wire shape plus "time".
private struct EventLine: Encodable {
    let logged: EventLogViewModel.LoggedEvent

    private enum Keys: String, CodingKey { case time }

    func encode(to encoder: any Encoder) throws {
        try logged.event.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(Formatting.timestamp(logged.date), forKey: .time)
    }
}
