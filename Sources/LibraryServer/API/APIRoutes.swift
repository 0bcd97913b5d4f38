import Foundation
import Hummingbird
import KanoraAPI
import LibraryCore
import LibraryServices

/// Kanora's own API under `/api/v1/`: every request type of `KanoraAPI` answered over the
/// server's services, behind API-key (or session) authentication, every error in the
/// envelope (`APIErrorMiddleware`).
public enum APIRoutes {
    /// Mounts the API on `router`: the sign-in and its screen open, every other route behind
    /// `APIAuthentication`.
    public static func register(on router: Router<ServerRequestContext>, services: ServiceContainer, state: ServerState) {
        let open = router.group(RouterPath(String(API.root.dropLast()))).add(middleware: APIErrorMiddleware())
        let group = open.group()
            .add(middleware: APIAuthentication(users: services.users, state: state))
            .add(middleware: APIErrorMiddleware())
        let api = APIRouteGroup(group: group, open: open, services: services, heartbeat: state.configuration.eventHeartbeat)
        let version = state.configuration.serverVersion
        api.register(VersionRequest.self) { _, _ in VersionInfo(server: version) }
        registerLibrary(api)
        registerPlaylists(api)
        registerPlaylistEdits(api)
        registerScans(api, slot: state.apiScan)
        UserRoutes.register(api)
        UserDataRoutes.register(api, state: state)
        SessionRoutes.register(api, state: state)
        // Hand-written routes, behind the same authentication: the live change feed and the
        // server-hosted view models.
        let heartbeat = state.configuration.eventHeartbeat
        api.group.get(RouterPath(EventsRequest.endpoint)) { _, context in
            let user = try APIRouteGroup.authorize(EventsRequest.self, context: context)
            return EventStreamResponder.response(
                feed: services.feed, heartbeat: heartbeat, isVisible: visibility(to: services.playlists(for: user.id)))
        }
        HostedViewModelResponder.addRoutes(to: api.group, services: services)
        // The web app's screens. Transcoding is off until the server detects ffmpeg.
        ViewModelRoutes(services: services, transcoding: state.transcoder.isEnabled, scanSlot: state.apiScan).register(open: open, group: api.group)
        StreamRoute.add(to: api.group, services: services, transcoder: state.transcoder)
        registerUnknown(api)
    }

    /// Whether a change may go to the user whose playlists are `playlists`: everything but
    /// an edit of another user's playlist. A deleted playlist's id is sent to everyone (its
    /// owner is no longer known); it says nothing but that some playlist went.
    static func visibility(to playlists: any PlaylistService) -> @Sendable (LibraryEvent) async -> Bool {
        { event in
            guard case .playlistsChanged(let id?) = event else { return true }
            do {
                _ = try await playlists.playlist(id: id)
                return true
            } catch let error as LibraryError where error.code == .forbidden {
                return false
            } catch {
                return true
            }
        }
    }

    /// Any other path under `/api/v1/`: 404 in the envelope (exact routes win over `**`).
    static func registerUnknown(_ api: APIRouteGroup) {
        for method in APIMethod.allCases {
            api.group.on("**", method: HTTPRequest.Method(rawValue: method.rawValue)!) { request, _ -> Response in
                throw LibraryError(.notFound, "No such request: \(request.method) \(request.uri.path). The README lists Kanora's API (/api/v1/).")
            }
        }
    }

    static func registerLibrary(_ api: APIRouteGroup) {
        api.register(LibrariesRequest.self) { _, caller in try await caller.services.library.libraries() }
        api.register(LibraryNamedRequest.self) { request, caller in try await caller.services.library.library(named: request.query.name) }
        api.register(RenameLibraryRequest.self) { request, caller in
            try await caller.services.library.renameLibrary(named: request.body.name, to: request.body.newName)
        }
        api.register(RemoveLibraryRequest.self) { request, caller in try await caller.services.library.removeLibrary(named: request.body.name) }
        api.register(TracksRequest.self) { request, caller in try await caller.services.library.tracks(request.query).map(TrackRow.init) }
        api.register(AlbumsRequest.self) { request, caller in try await caller.services.library.albums(request.query) }
        api.register(ArtistsRequest.self) { request, caller in try await caller.services.library.artists(request.query) }
        api.register(SearchRequest.self) { request, caller in
            try await caller.services.library.search(request.query.text, limit: request.query.limit).map(TrackRow.init)
        }
        api.register(TrackRequest.self) { request, caller in
            let library = caller.services.library
            if let id = request.query.id { return TrackAnswer(track: try await library.track(id: id)) }
            guard let path = request.query.path else { throw LibraryError(.invalidInput, "Ask for a track by `id` or by `path`.") }
            return TrackAnswer(track: try await library.track(path: path))
        }
        api.register(StatisticsRequest.self) { request, caller in try await caller.services.library.statistics(matching: request.query) }
        api.register(UnreadableFilesRequest.self) { _, caller in try await caller.services.library.unreadableFiles() }
        api.register(HealthRequest.self) { _, caller in try await caller.services.library.health() }
        api.register(PruneRequest.self) { request, caller in
            try await caller.services.library.prune(library: request.body.library, dryRun: request.body.dryRun)
        }
        api.register(MergeTracksRequest.self) { request, caller in
            let body = request.body
            return try await caller.services.library.merge(trackID: body.oldID, into: body.newID, force: body.force)
        }
    }

    static func registerPlaylists(_ api: APIRouteGroup) {
        api.register(PlaylistsRequest.self) { _, caller in try await caller.playlists.playlists() }
        api.register(PlaylistNamedRequest.self) { request, caller in try await caller.playlists.playlist(named: request.query.name) }
        api.register(PlaylistByIDRequest.self) { request, caller in try await caller.playlists.playlist(id: request.query.id) }
        api.register(CreatePlaylistRequest.self) { request, caller in try await caller.playlists.create(request.body) }
        // Written from the rows as they are read: the same bytes as the entries' `TrackJSON`.
        api.registerWritten(PlaylistEntriesRequest.self) { request, caller, emit in
            try await caller.playlists.entryRows(of: request.query.name) { try PlaylistEntriesJSON.encode($0, emit: emit) }
        }
        api.register(DeletePlaylistRequest.self) { request, caller in try await caller.playlists.delete(named: request.body.name) }
        api.register(RenamePlaylistRequest.self) { request, caller in
            try await caller.playlists.rename(request.body.name, to: request.body.newName)
        }
        api.register(DuplicatePlaylistRequest.self) { request, caller in
            try await caller.playlists.duplicate(request.body.name, as: request.body.newName)
        }
        api.register(FreezePlaylistRequest.self) { request, caller in try await caller.playlists.freeze(request.body.name) }
        api.register(ImportM3URequest.self) { request, caller in
            let body = request.body
            return try await caller.playlists.importM3U(body.contents, from: URL(fileURLWithPath: body.filePath), name: body.name)
        }
        api.register(ExportM3URequest.self) { request, caller in
            M3UText(text: try await caller.playlists.exportM3U(request.query.name, paths: request.query.paths))
        }
    }

    static func registerPlaylistEdits(_ api: APIRouteGroup) {
        api.register(AddToPlaylistRequest.self) { request, caller in
            let body = request.body
            switch (body.requests, body.trackIDs) {
            case (let requests?, nil): return APICount(count: try await caller.playlists.add(requests, to: body.name, at: body.position))
            case (nil, let ids?): return APICount(count: try await caller.playlists.add(trackIDs: ids, to: body.name, at: body.position))
            default: throw LibraryError(.invalidInput, "Add either `requests` or `trackIDs` to a playlist, not both or neither.")
            }
        }
        api.register(SetEntriesRequest.self) { request, caller in
            try await caller.playlists.setEntries(trackIDs: request.body.trackIDs, of: request.body.name)
            return APIEmpty()
        }
        api.register(SetDescriptionRequest.self) { request, caller in
            try await caller.playlists.setDescription(request.body.description, of: request.body.name)
        }
        api.register(RemoveFromPlaylistRequest.self) { request, caller in
            let body = request.body
            switch (body.positions, body.matching) {
            case (let positions?, nil): return APICount(count: try await caller.playlists.remove(positions: positions, from: body.name))
            case (nil, let query?): return APICount(count: try await caller.playlists.remove(matching: query, from: body.name))
            default: throw LibraryError(.invalidInput, "Remove either `positions` or the entries `matching` a query, not both or neither.")
            }
        }
        api.register(MoveEntryRequest.self) { request, caller in
            try await caller.playlists.move(from: request.body.from, to: request.body.to, in: request.body.name)
            return APIEmpty()
        }
        api.register(ClearPlaylistRequest.self) { request, caller in APICount(count: try await caller.playlists.clear(request.body.name)) }
        api.register(DedupePlaylistRequest.self) { request, caller in APICount(count: try await caller.playlists.dedupe(request.body.name)) }
    }

    static func registerScans(_ api: APIRouteGroup, slot: ScanSlot) {
        api.registerStreaming(ScanLibrariesRequest.self, failure: { .error(APIErrorEnvelope($0).error) }) { request, caller in
            let scans = try await ServerScans.requests(for: request.body, library: caller.services.library)
            return try ServerScans.run(scans, scanner: caller.services.scanner, slot: slot, startedBy: caller.user.name)
        }
    }
}
