import ArgumentParser
import Foundation
import LibraryCore
import LibraryServices
import LibraryViewModels

extension Kanora {
    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "stats", abstract: "Show counts, total length and size, formats and the last scan.")

        @OptionGroup var global: GlobalOptions

        @Argument(parsing: .allUnrecognized, help: "Query terms, one per argument: statistics of the matching tracks only.")
        var terms: [String] = []

        func run() async throws {
            let viewModel = LibraryViewModel(services: try global.services(mustExist: true))
            let s = try await viewModel.loadedState { await $0.load(arguments: terms) }.statistics
            global.print(json: JSONObject.statistics(s)) { printText(s) }
        }

        private func printText(_ s: LibraryStatistics) {
            let lines: [(String, String)] = [
                ("Libraries", String(s.libraries)), ("Tracks", String(s.tracks)), ("Albums", String(s.albums)),
                ("Album artists", String(s.albumArtists)), ("Artists", String(s.artists)),
                ("Compilations", String(s.compilations)),
                ("Total length", Formatting.longDuration(milliseconds: s.totalDurationMs)),
                ("Total size", Formatting.bytes(s.totalBytes)),
                ("Formats", s.formats.map { "\($0.format) \($0.tracks)" }.joined(separator: ", ")),
                ("Missing tracks", String(s.missingTracks)), ("Damaged tracks", String(s.damagedTracks)),
                ("Unreadable files", String(s.unreadableFiles)),
                ("Last scan", s.lastScanAt.map(Formatting.timestamp) ?? "never"),
            ]
            let width = lines.map(\.0.count).max() ?? 0
            for (name, value) in lines {
                Console.current.out(name + ":" + String(repeating: " ", count: width - name.count + 1) + value)
            }
        }
    }
}

extension JSONObject {
    /// `kanora stats --json`.
    static func statistics(_ stats: LibraryStatistics) -> JSONObject {
        JSONObject([
            "libraries": stats.libraries, "tracks": stats.tracks, "albums": stats.albums,
            "albumArtists": stats.albumArtists, "artists": stats.artists, "compilations": stats.compilations,
            "totalDurationMs": stats.totalDurationMs, "totalBytes": stats.totalBytes,
            "formats": Dictionary(uniqueKeysWithValues: stats.formats.map { ($0.format, $0.tracks) }),
            "missingTracks": stats.missingTracks, "damagedTracks": stats.damagedTracks,
            "unreadableFiles": stats.unreadableFiles, "lastScan": stats.lastScanAt.map(Formatting.timestamp),
        ])
    }
}
