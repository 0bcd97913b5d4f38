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
            let console = Console.current
            if global.json {
                console.out(JSONOutput.text(PruneJSON(report: report, dryRun: dryRun)))
                return
            }
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

/// `kanora prune --json`.
struct PruneJSON: Encodable {
    let report: PruneReport
    let dryRun: Bool

    enum Keys: String, CodingKey { case dryRun, tracks, playlistEntries }
    enum EntryKeys: String, CodingKey { case playlist, position, title, path }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(dryRun, forKey: .dryRun)
        try c.encode(report.tracks, forKey: .tracks)
        var entries = c.nestedUnkeyedContainer(forKey: .playlistEntries)
        for entry in report.playlistEntries {
            var e = entries.nestedContainer(keyedBy: EntryKeys.self)
            try e.encode(entry.playlist, forKey: .playlist)
            try e.encode(entry.position, forKey: .position)
            try e.encode(entry.trackTitle, forKey: .title)
            try e.encode(entry.path, forKey: .path)
        }
    }
}
