import Foundation
import KanoraAPI
import LibraryCore
import LibraryServices

extension ScreenBuilder {
    static func playlists(_ context: ScreenContext) async throws -> PlaylistsScreen {
        let playlists = try await context.services.playlists(for: context.userID).playlists()
        return PlaylistsScreen(playlists: playlists.map {
            PlaylistsScreen.Row(
                id: $0.id, name: $0.name, smart: $0.isSmart,
                summary: ScreenRows.tracksAndLength(count: $0.trackCount, milliseconds: $0.durationMs), updated: $0.updatedAt)
        })
    }

    static func playlist(_ query: IDQuery, _ context: ScreenContext) async throws -> PlaylistScreen {
        let service = context.services.playlists(for: context.userID)
        let playlist = try await service.playlist(id: query.id)
        // The entries, their stars and artists in one read (the tracks used to be read twice).
        let songs = try await service.songs(of: playlist.name, reading: .trackRow)
        let rows = songs.map { song in
            // A missing track keeps its tags, unstarred and without its artist's link.
            let present = !song.track.isMissing
            return ScreenRows.track(
                song.track, artistID: present ? song.artistID : nil, starred: present && song.annotation.starredAt != nil,
                transcoding: context.transcoding, position: song.position)
        }
        return PlaylistScreen(
            playlistID: playlist.id, name: playlist.name, smart: playlist.isSmart, query: playlist.smartQuery,
            description: playlist.description,
            summary: ScreenRows.tracksAndLength(count: songs.count, milliseconds: songs.reduce(0) { $0 + Int64($1.track.metadata.audio.durationMs) }),
            tracks: rows)
    }

    static func smartPreview(_ query: TextQuery, _ context: ScreenContext) async throws -> SmartPreviewScreen {
        let parsed: LibraryQuery
        do {
            parsed = query.text.trimmingCharacters(in: .whitespaces).isEmpty ? .all : try LibraryQuery.parse(query.text)
        } catch {
            let range = query.text.range(of: error.term) ?? query.text.startIndex..<query.text.endIndex
            return SmartPreviewScreen(error: SmartPreviewScreen.QueryProblem(
                message: ErrorLocalization.queryProblem(error),
                offset: query.text.utf16.distance(from: query.text.startIndex, to: range.lowerBound),
                length: query.text.utf16.distance(from: range.lowerBound, to: range.upperBound)))
        }
        let limit = SmartPreviewScreen.maximumTracks
        let tracks = try await context.services.library.tracks(ListRequest(query: parsed, limit: limit + 1))
        let shown = Array(tracks.prefix(limit))
        return SmartPreviewScreen(tracks: try await rows(for: shown, positions: nil, context), more: tracks.count > limit)
    }

    static func queue(_ query: QueueScreenRequest.Query, _ context: ScreenContext) async throws -> QueueScreen {
        let songs = try await context.services.browse.songs(ids: query.ids, userID: context.userID)
        return QueueScreen(tracks: songs.map { ScreenRows.track($0, transcoding: context.transcoding) })
    }

    /// Rows for `tracks` in order, with the user's stars and the artists' ids read in one
    /// query; a track the browse service no longer lists (its file is missing) keeps its
    /// tags, unstarred.
    private static func rows(for tracks: [Track], positions: [Int]?, _ context: ScreenContext) async throws -> [TrackItem] {
        let songs = try await context.services.browse.songs(ids: tracks.map(\.id), userID: context.userID)
        let byID = Dictionary(songs.map { ($0.track.id, $0) }, uniquingKeysWith: { first, _ in first })
        return tracks.enumerated().map { index, track in
            let position = positions?[index]
            if let song = byID[track.id] { return ScreenRows.track(song, transcoding: context.transcoding, position: position) }
            return ScreenRows.track(track, artistID: nil, starred: false, transcoding: context.transcoding, position: position)
        }
    }
}

/// The doctor's findings as the screen's sections, each item's detail localized.
enum DoctorFindings {
    /// The first `limit` of `values`, then "…" when there are more: a group of thousands of
    /// copies names a few (its count says how many), so the screen stays small.
    static func listed(_ values: [String], limit: Int = 3) -> String {
        values.prefix(limit).joined(separator: ", ") + (values.count > limit ? ", …" : "")
    }

    static func screen(_ health: LibraryHealth) -> DoctorScreen {
        typealias Item = DoctorScreen.Item
        let limit = DoctorScreen.sectionLimit
        let sections: [(String, [Item])] = [
            ("damaged", health.damaged.prefix(limit).map {
                Item(subject: $0.path, detail: .key("doctor.detail.damage", ["problem": .text($0.problem)]), trackID: $0.id)
            }),
            ("unreadable", health.unreadable.prefix(limit).map {
                Item(subject: $0.path, detail: .key("doctor.detail.unreadable", ["reason": .text($0.reason)]))
            }),
            ("missing", health.missing.prefix(limit).map { Item(subject: $0.path, trackID: $0.id) }),
            ("duplicates", health.duplicates.prefix(limit).map { group in
                Item(
                    subject: group.first?.path ?? "", detail: .key("doctor.detail.duplicates", count: group.count - 1, [
                        "paths": .text(listed(group.dropFirst().map(\.path))),
                    ]), trackID: group.first?.id)
            }),
            ("untagged", health.untagged.prefix(limit).map { Item(subject: $0.path, trackID: $0.id) }),
            ("incompleteAlbums", health.incompleteAlbums.prefix(limit).map { album in
                let numbers = LocalizableString.Argument.text(listed(album.missingTrackNumbers.map(String.init), limit: 20))
                let detail: LocalizableString = album.disc.map {
                    .key("doctor.detail.gapsOnDisc", ["numbers": numbers, "disc": .number($0)])
                } ?? .key("doctor.detail.gaps", ["numbers": numbers])
                return Item(subject: "\(album.albumArtist) – \(album.album)", detail: detail)
            }),
            ("possibleUpgrades", health.possibleUpgrades.prefix(limit).map {
                Item(
                    subject: $0.missing.path,
                    detail: .key("doctor.detail.upgrade", ["path": .text($0.present.path), "reason": .text($0.reason)]),
                    trackID: $0.present.id)
            }),
        ]
        return DoctorScreen(
            problemCount: health.problemCount,
            sections: sections.filter { !$0.1.isEmpty }.map { DoctorScreen.Section(id: $0.0, items: $0.1) })
    }
}
