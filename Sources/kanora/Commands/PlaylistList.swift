import ArgumentParser
import Foundation
import LibraryCore
import LibraryServices
import LibraryViewModels

extension Kanora.PlaylistCommand {
    struct ListPlaylists: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the playlists with their track counts and lengths.")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let viewModel = try PlaylistCLI.list(global)
            await viewModel.load()
            let state = viewModel.state
            try state.viewState.throwIfFailed()
            let console = Console.current
            if global.json {
                console.out(JSONOutput.text(state.playlists.map(PlaylistJSON.init)))
                return
            }
            guard !state.playlists.isEmpty else {
                if !global.quiet { console.err("kanora: no playlists yet: create one with `kanora playlist create NAME`") }
                return
            }
            var table = TextTable(columns: [
                .init(title: "NAME", flexible: true), .init(title: "TRACKS", rightAligned: true),
                .init(title: "LENGTH", rightAligned: true), .init(title: "KIND"),
            ])
            table.rows = state.playlists.map {
                [$0.name, String($0.trackCount), Formatting.duration(milliseconds: $0.durationMs), $0.isSmart ? "smart" : "normal"]
            }
            for line in table.render(maxWidth: console.outputWidth) { console.out(line) }
        }
    }

    struct ShowPlaylist: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show a playlist's entries in order (a smart playlist is evaluated now).")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The playlist's name.") var name: String

        func run() async throws {
            let state = try await PlaylistCLI.detail(name, global).state
            guard let playlist = state.playlist else { return }
            let console = Console.current
            if global.json {
                console.out(JSONOutput.text(PlaylistDetailJSON(state: state)))
                return
            }
            if !state.entries.isEmpty {
                var table = TextTable(columns: [
                    .init(title: "#", rightAligned: true), .init(title: "ARTIST", flexible: true),
                    .init(title: "TITLE", flexible: true), .init(title: "LENGTH", rightAligned: true),
                ])
                table.rows = state.entries.map {
                    [String($0.position), $0.track.artist ?? "", $0.track.title + ($0.track.isMissing ? " (missing)" : ""),
                     Formatting.duration(milliseconds: Int64($0.track.metadata.durationMs))]
                }
                for line in table.render(maxWidth: console.outputWidth) { console.out(line) }
            }
            var summary = "\(PlaylistCLI.entries(state.entries.count)), \(Formatting.longDuration(milliseconds: state.totalDurationMs))"
            if state.missingCount > 0 { summary += ", \(state.missingCount) missing" }
            if let query = playlist.smartQuery {
                summary += "; smart: \(query.isEmpty ? "every track" : query)"
                if let sort = playlist.smartSort { summary += ", sort \(sort)" }
                if let limit = playlist.smartLimit { summary += ", limit \(limit)" }
            }
            console.out(summary)
        }
    }
}

/// One playlist in `kanora playlist list --json`.
struct PlaylistJSON: Encodable {
    let playlist: Playlist

    enum Keys: String, CodingKey { case id, name, description, smart, query, sort, limit, trackCount, durationMs }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(playlist.id, forKey: .id)
        try c.encode(playlist.name, forKey: .name)
        try c.encode(playlist.description, forKey: .description)
        try c.encode(playlist.isSmart, forKey: .smart)
        try c.encode(playlist.smartQuery, forKey: .query)
        try c.encode(playlist.smartSort, forKey: .sort)
        try c.encode(playlist.smartLimit, forKey: .limit)
        try c.encode(playlist.trackCount, forKey: .trackCount)
        try c.encode(playlist.durationMs, forKey: .durationMs)
    }
}

/// `kanora playlist show --json`: the playlist, its totals and its entries.
struct PlaylistDetailJSON: Encodable {
    let state: PlaylistDetailViewModel.State

    enum Keys: String, CodingKey { case playlist, entryCount, durationMs, missingCount, entries }
    enum EntryKeys: String, CodingKey { case position, track }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(state.playlist.map(PlaylistJSON.init), forKey: .playlist)
        try c.encode(state.entries.count, forKey: .entryCount)
        try c.encode(state.totalDurationMs, forKey: .durationMs)
        try c.encode(state.missingCount, forKey: .missingCount)
        var entries = c.nestedUnkeyedContainer(forKey: .entries)
        for entry in state.entries {
            var e = entries.nestedContainer(keyedBy: EntryKeys.self)
            try e.encode(entry.position, forKey: .position)
            try e.encode(TrackJSON(track: entry.track), forKey: .track)
        }
    }
}
