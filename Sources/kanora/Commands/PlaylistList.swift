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
            let state = try await PlaylistCLI.list(global).loadedState { await $0.load() }
            let console = Console.current
            global.print(json: state.playlists.map(JSONObject.playlist)) {
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
            global.print(json: JSONObject.playlistDetail(state)) {
                if !state.entries.isEmpty {
                    var table = TextTable(columns: [
                        .init(title: "#", rightAligned: true), .init(title: "ARTIST", flexible: true),
                        .init(title: "TITLE", flexible: true), .init(title: "LENGTH", rightAligned: true),
                    ])
                    table.rows = state.entries.map {
                        [String($0.position), $0.track.artist ?? "", $0.track.title + ($0.track.isMissing ? " (missing)" : ""),
                         Formatting.duration(milliseconds: Int64($0.track.metadata.audio.durationMs))]
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
}

extension JSONObject {
    /// One playlist in `kanora playlist list --json`.
    static func playlist(_ playlist: Playlist) -> JSONObject {
        JSONObject([
            "id": playlist.id, "name": playlist.name, "description": playlist.description, "smart": playlist.isSmart,
            "query": playlist.smartQuery, "sort": playlist.smartSort, "limit": playlist.smartLimit,
            "trackCount": playlist.trackCount, "durationMs": playlist.durationMs,
        ])
    }

    /// `kanora playlist show --json`: the playlist, its totals and its entries.
    static func playlistDetail(_ state: PlaylistDetailViewModel.State) -> JSONObject {
        JSONObject([
            "playlist": state.playlist.map(JSONObject.playlist), "entryCount": state.entries.count,
            "durationMs": state.totalDurationMs, "missingCount": state.missingCount,
            "entries": state.entries.map { JSONObject(["position": $0.position, "track": JSONRows.track.object($0.track)]) },
        ])
    }
}
