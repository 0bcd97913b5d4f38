import Foundation
import LibraryCore
import LibraryServices

/// star, unstar, setRating, scrobble, getNowPlaying, getPlayQueue and savePlayQueue: each
/// user's marks and queue, through `AnnotationService`.
enum AnnotationEndpoints: SubsonicEndpointGroup {
    static let endpoints: [SubsonicEndpoint] = [
        SubsonicEndpoint("star") { request in
            try await request.services.annotations.star(try starItems(request), user: request.user.id)
            return .ok
        },
        SubsonicEndpoint("unstar") { request in
            try await request.services.annotations.unstar(try starItems(request), user: request.user.id)
            return .ok
        },
        SubsonicEndpoint("setRating") { request in
            let item = try annotated(try SubsonicID(parsing: try request.parameters.required("id")), parameter: "id")
            let rating = try request.parameters.requiredInt("rating")
            guard (0...5).contains(rating) else { throw SubsonicError.invalidParameter("rating", "must be 0 to 5, not \(rating)") }
            try await request.services.annotations.setRating(rating == 0 ? nil : rating, for: item, user: request.user.id)
            return .ok
        },
        SubsonicEndpoint("scrobble", handler: scrobble),
        SubsonicEndpoint("getNowPlaying", handler: nowPlaying),
        SubsonicEndpoint("getPlayQueue", handler: playQueue),
        SubsonicEndpoint("savePlayQueue", handler: savePlayQueue),
    ]

    /// The items of star/unstar: `id` (songs, albums or artists), `albumId`, `artistId`,
    /// each repeatable; at least one.
    static func starItems(_ request: SubsonicRequest) throws(SubsonicError) -> [AnnotatedItem] {
        let parameters = request.parameters
        var items: [AnnotatedItem] = []
        for id in try parameters.ids("id") { items.append(try annotated(id, parameter: "id")) }
        for text in parameters.strings("albumId") { items.append(.album(try SubsonicID(parsing: text, as: .album, parameter: "albumId").value)) }
        for text in parameters.strings("artistId") { items.append(.artist(try SubsonicID(parsing: text, as: .artist, parameter: "artistId").value)) }
        guard !items.isEmpty else { throw SubsonicError.missingParameter("id") }
        return items
    }

    /// The song, album or artist an id names.
    static func annotated(_ id: SubsonicID, parameter: String) throws(SubsonicError) -> AnnotatedItem {
        switch id.kind {
        case .track: return .track(id.value)
        case .album: return .album(id.value)
        case .artist: return .artist(id.value)
        case .folder, .playlist, .library:
            throw SubsonicError.invalidParameter(parameter, "must name a song, an album or an artist, not '\(id)'")
        }
    }

    /// `submission=true` (the default) counts plays, at `time` (ms since 1970) or now;
    /// `false` says what the user is playing now.
    private static func scrobble(_ request: SubsonicRequest) async throws -> SubsonicReply {
        let tracks = try request.parameters.trackIDs("id")
        guard !tracks.isEmpty else { throw SubsonicError.missingParameter("id") }
        let times = try request.parameters.strings("time").map { text throws(SubsonicError) -> Date in
            guard let ms = Int64(text), ms >= 0, ms < 100_000_000_000_000 else {
                throw SubsonicError.invalidParameter("time", "must be milliseconds since 1970, not '\(text.prefix(32))'")
            }
            return Date(timeIntervalSince1970: Double(ms) / 1000)
        }
        let now = request.services.now()
        if try request.parameters.bool("submission") ?? true {
            for (index, track) in tracks.enumerated() {
                try await request.services.annotations.scrobble(trackID: track, at: index < times.count ? times[index] : now, user: request.user.id)
            }
            return .ok
        }
        for track in tracks {
            guard let found = try await request.services.library.track(id: track) else { throw SubsonicID.track(track).notFound }
            request.server.nowPlaying.start(
                trackID: track, duration: Double(found.metadata.audio.durationMs) / 1000, user: (request.user.id, request.user.name),
                player: request.parameters.string("c") ?? "", at: now)
        }
        return .ok
    }

    private static func nowPlaying(_ request: SubsonicRequest) async throws -> SubsonicReply {
        let now = request.services.now()
        var entries: [SubsonicNode] = []
        for entry in request.server.nowPlaying.current(at: now) {
            guard let track = try await request.services.library.track(id: entry.trackID) else { continue }
            let marks = try await request.services.annotations.annotations(for: [.track(track.id)], user: request.user.id)
            var node = SongEntries.node(track, marks[.track(track.id)])
            node.set("username", entry.userName)
            node.set("minutesAgo", Int(now.timeIntervalSince(entry.startedAt) / 60))
            node.set("playerId", 0)
            node.set("playerName", entry.player.isEmpty ? nil : entry.player)
            entries.append(node)
        }
        var list = SubsonicNode("nowPlaying")
        list.appendList("entry", entries)
        return .payload(list)
    }

    /// The saved queue; a user who never saved one gets an empty queue changed at 1970, so
    /// that a client syncing by date keeps its own.
    private static func playQueue(_ request: SubsonicRequest) async throws -> SubsonicReply {
        let queue = try await request.services.annotations.playQueue(user: request.user.id)
            ?? PlayQueue(trackIDs: [], currentTrackID: nil, positionMs: 0, changedAt: Date(timeIntervalSince1970: 0), changedBy: nil)
        var tracks: [Track] = []
        for id in queue.trackIDs {
            if let track = try await request.services.library.track(id: id) { tracks.append(track) }
        }
        var node = SubsonicNode("playQueue", [
            "current": queue.currentTrackID.map(SubsonicID.track), "position": queue.positionMs,
            "username": request.user.name, "changed": queue.changedAt, "changedBy": queue.changedBy ?? "",
        ])
        node.appendList("entry", try await SongEntries.nodes(tracks, for: request))
        return .payload(node)
    }

    /// Saves the queue: `id` (repeated songs), `current`, `position` (ms); no `id` clears it.
    private static func savePlayQueue(_ request: SubsonicRequest) async throws -> SubsonicReply {
        let parameters = request.parameters
        let ids = try parameters.trackIDs("id")
        let current = try parameters.string("current").map { text throws(SubsonicError) in try SubsonicID(parsing: text, as: .track, parameter: "current").value }
        let position = try parameters.int("position") ?? 0
        guard position >= 0 else { throw SubsonicError.invalidParameter("position", "must be 0 or more, not \(position)") }
        let queue = PlayQueue(
            trackIDs: ids, currentTrackID: ids.isEmpty ? nil : current, positionMs: Int64(position),
            changedAt: request.services.now(), changedBy: parameters.string("c").map { String($0.prefix(100)) })
        try await request.services.annotations.savePlayQueue(queue, user: request.user.id)
        return .ok
    }
}
