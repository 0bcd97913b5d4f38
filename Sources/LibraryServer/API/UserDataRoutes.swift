import Foundation
import Hummingbird
import KanoraAPI
import LibraryCore
import LibraryServices

/// The caller's own marks through `/api/v1`, the same ones their Subsonic clients see:
/// stars, plays (and now playing), the play queue, and covers for the web app's pages.
enum UserDataRoutes {
    /// The largest cover edge the web app may ask for.
    static let maximumCoverSize = 2000

    static func register(_ api: APIRouteGroup, state: ServerState) {
        api.register(StarRequest.self) { request, caller in
            let items = request.body.items
            guard !items.isEmpty else { throw LibraryError(.invalidInput, "Name at least one track, album or artist to star.") }
            if request.body.starred {
                try await caller.services.annotations.star(items, user: caller.user.id)
            } else {
                try await caller.services.annotations.unstar(items, user: caller.user.id)
            }
            return APIEmpty()
        }
        api.register(ScrobbleRequest.self) { request, caller in
            let services = caller.services
            let id = request.body.trackID
            if request.body.submission {
                try await services.annotations.scrobble(trackID: id, at: services.now(), user: caller.user.id)
                return APIEmpty()
            }
            guard let track = try await services.library.track(id: id) else { throw LibraryError(.notFound, "No track has id \(id).") }
            state.nowPlaying.start(
                trackID: id, duration: Double(track.metadata.audio.durationMs) / 1000, user: (caller.user.id, caller.user.name),
                player: "Kanora web", at: services.now())
            return APIEmpty()
        }
        api.register(PlayQueueRequest.self) { _, caller in
            guard let queue = try await caller.services.annotations.playQueue(user: caller.user.id) else {
                return PlayQueueBody(trackIDs: [], current: nil, position: 0)
            }
            return PlayQueueBody(trackIDs: queue.trackIDs, current: queue.currentTrackID, position: Double(queue.positionMs) / 1000)
        }
        api.register(SavePlayQueueRequest.self) { request, caller in
            let body = request.body
            guard body.trackIDs.count <= PlayQueueBody.maximumTracks else {
                throw LibraryError(.invalidInput, "A play queue holds at most \(PlayQueueBody.maximumTracks) tracks, not \(body.trackIDs.count).")
            }
            guard body.position.isFinite, body.position >= 0 else {
                throw LibraryError(.invalidInput, "The position must be 0 seconds or more.")
            }
            let current = body.current.flatMap { body.trackIDs.contains($0) ? $0 : nil }
            let queue = PlayQueue(
                trackIDs: body.trackIDs, currentTrackID: current, positionMs: Int64(body.position * 1000),
                changedAt: caller.services.now(), changedBy: "Kanora web")
            try await caller.services.annotations.savePlayQueue(queue, user: caller.user.id)
            return APIEmpty()
        }
        api.group.get("cover") { [services = api.services] request, context in
            _ = try APIRouteGroup.authorize(CoverRequest.self, context: context)
            return try await cover(request, services: services)
        }
    }

    /// `GET /api/v1/cover?id=al-7&size=300`: the cover of a track, album, artist or folder.
    static func cover(_ request: Request, services: ServiceContainer) async throws -> Response {
        let parameters = request.uri.queryParameters
        guard let text = parameters.get("id") else { throw LibraryError(.invalidInput, "Ask for a cover by `id` (al-7, ar-3, tr-12).") }
        guard let id = try? SubsonicID(parsing: text), let item = MediaEndpoints.artworkItem(id) else {
            throw LibraryError(.invalidInput, "\"\(text.prefix(40))\" names no cover: use al-ID, ar-ID, tr-ID or fo-ID.")
        }
        var size: Int?
        if let sizeText = parameters.get("size") {
            guard let value = Int(sizeText), (1...maximumCoverSize).contains(value) else {
                throw LibraryError(.invalidInput, "The size must be a number of pixels from 1 to \(maximumCoverSize).")
            }
            size = value
        }
        let artwork = try await services.artwork.cover(for: item, size: size)
        var headers = HTTPFields()
        headers[.contentType] = artwork.mimeType
        headers[.cacheControl] = "private, max-age=86400"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: artwork.data)))
    }
}
