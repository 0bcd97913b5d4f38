import ArgumentParser
import Foundation
import LibraryCore
import LibraryServices

extension Kanora {
    struct Prune: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "prune",
            abstract: "Delete missing tracks for good, and say which playlist entries that removes.",
            discussion: "Scans only mark vanished files missing; this is the one command that deletes them.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "Only prune this library (default: all).")
        var library: String?

        @Flag(name: .long, help: "Show what would be removed without removing it.")
        var dryRun = false

        func run() async throws {
            let services = try global.services(mustExist: true)
            let report = try await services.library.prune(library: library, dryRun: dryRun)
            global.print(json: JSONObject.prune(report, dryRun: dryRun)) { printText(report) }
        }

        private func printText(_ report: PruneReport) {
            let console = Console.current
            let verb = dryRun ? "Would remove" : "Removed"
            for entry in report.playlistEntries {
                console.out("\(verb) entry \(entry.position) of playlist \"\(entry.playlist)\": \(entry.trackTitle) (\(entry.path))")
            }
            if global.verbose {
                for path in report.tracks { console.out("\(verb) \(path)") }
            }
            console.out("\(verb) \(report.tracks.count) missing track\(report.tracks.count == 1 ? "" : "s") and \(report.playlistEntries.count) playlist entr\(report.playlistEntries.count == 1 ? "y" : "ies").")
        }
    }
}

extension JSONObject {
    /// `kanora prune --json`.
    static func prune(_ report: PruneReport, dryRun: Bool) -> JSONObject {
        JSONObject([
            "dryRun": dryRun, "tracks": report.tracks,
            "playlistEntries": report.playlistEntries.map {
                JSONObject(["playlist": $0.playlist, "position": $0.position, "title": $0.trackTitle, "path": $0.path])
            },
        ])
    }
}
