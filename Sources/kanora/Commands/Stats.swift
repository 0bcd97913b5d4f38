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
            await viewModel.load(arguments: terms)
            let state = viewModel.state
            try state.viewState.throwIfFailed()
            let s = state.statistics
            let console = Console.current
            if global.json {
                console.out(JSONOutput.text(StatsJSON(stats: s)))
                return
            }
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
                console.out(name + ":" + String(repeating: " ", count: width - name.count + 1) + value)
            }
        }
    }
}

/// `kanora stats --json`.
struct StatsJSON: Encodable {
    let stats: LibraryStatistics

    enum Keys: String, CodingKey {
        case libraries, tracks, albums, albumArtists, artists, compilations, totalDurationMs, totalBytes
        case formats, missingTracks, damagedTracks, unreadableFiles, lastScan
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(stats.libraries, forKey: .libraries)
        try c.encode(stats.tracks, forKey: .tracks)
        try c.encode(stats.albums, forKey: .albums)
        try c.encode(stats.albumArtists, forKey: .albumArtists)
        try c.encode(stats.artists, forKey: .artists)
        try c.encode(stats.compilations, forKey: .compilations)
        try c.encode(stats.totalDurationMs, forKey: .totalDurationMs)
        try c.encode(stats.totalBytes, forKey: .totalBytes)
        try c.encode(Dictionary(uniqueKeysWithValues: stats.formats.map { ($0.format, $0.tracks) }), forKey: .formats)
        try c.encode(stats.missingTracks, forKey: .missingTracks)
        try c.encode(stats.damagedTracks, forKey: .damagedTracks)
        try c.encode(stats.unreadableFiles, forKey: .unreadableFiles)
        try c.encode(stats.lastScanAt.map(Formatting.timestamp), forKey: .lastScan)
    }
}
