import Foundation
import KanoraAPI
import LibraryCore
import LibraryServices
import LibraryViewModels

/// What a screen is built for: the services, who asks (nil on the sign-in screen), the
/// language and whether the server transcodes.
struct ScreenContext: Sendable {
    let services: ServiceContainer
    let user: User?
    let language: String
    let localization: Localization
    /// Whether formats a browser cannot play are streamed as Opus.
    let transcoding: Bool
    /// The scan a client started, if one runs.
    let scanSlot: ScanSlot?

    /// The signed-in user's id (routes other than `signin` always have one).
    var userID: Int64 { user?.id ?? User.localID }
}

/// Builds each hosted view model from the services, in a few queries each (never one per row).
enum ScreenBuilder {
    static func signIn(_ context: ScreenContext) -> SignInScreen {
        SignInScreen(language: context.language, languages: context.localization.choices)
    }

    static func app(_ context: ScreenContext) -> AppScreen {
        let user = context.user
        return AppScreen(
            user: AppScreen.SignedInUser(name: user?.name ?? "", isAdmin: user?.isAdmin ?? false), language: context.language,
            languages: context.localization.choices)
    }

    static func home(_ context: ScreenContext) async throws -> HomeScreen {
        let browse = context.services.browse, userID = context.userID
        let page = Page(size: HomeScreen.sectionSize)
        let types: [(String, AlbumListType)] = [
            ("recent", .newest), ("played", .recent), ("frequent", .frequent), ("random", .random), ("starred", .starred),
        ]
        var sections: [HomeScreen.Section] = []
        for (id, type) in types {
            let albums = try await browse.albumList(type, page: page, libraryID: nil, userID: userID)
            sections.append(HomeScreen.Section(id: id, albums: albums.map(ScreenRows.card)))
        }
        return HomeScreen(sections: sections)
    }

    static func albums(_ query: AlbumsScreenRequest.Query, _ context: ScreenContext) async throws -> AlbumsScreen {
        let type: AlbumListType = switch query.sort {
        case .newest: .newest
        case .name: .alphabeticalByName
        case .artist: .alphabeticalByArtist
        case .year: .byYear(from: 0, to: Int(Int32.max))
        case .frequent: .frequent
        case .recent: .recent
        case .random: .random
        }
        // One more than a page says whether another follows.
        let albums = try await context.services.browse.albumList(
            type, page: Page(size: query.limit + 1, offset: query.offset), libraryID: nil, userID: context.userID)
        let more = albums.count > query.limit
        return AlbumsScreen(
            sort: query.sort, albums: albums.prefix(query.limit).map(ScreenRows.card), nextOffset: more ? query.offset + query.limit : nil)
    }

    static func artists(_ context: ScreenContext) async throws -> ArtistsScreen {
        // Rows straight from the packed index, as getArtists writes it: no array of artists in between.
        let listing = try await context.services.browse.artistIndexListing(libraryID: nil, userID: context.userID)
        return ArtistsScreen(groups: listing.headings.map { heading in
            ArtistsScreen.Group(
                letter: heading.name, artists: heading.positions.map { listing.withArtist(at: $0, ScreenRows.artist) })
        })
    }

    static func album(_ query: IDQuery, _ context: ScreenContext) async throws -> AlbumScreen {
        let detail = try await context.services.browse.album(id: query.id, userID: context.userID)
        let album = detail.album
        return AlbumScreen(
            albumID: album.id, title: album.name, artist: album.artist, artistID: album.artistID, year: album.year.map(String.init),
            coverURL: album.hasCover ? ScreenRows.coverURL("al-\(album.id)") : nil,
            summary: ScreenRows.tracksAndLength(count: album.songCount, milliseconds: Int64(album.durationMs)),
            starred: album.annotation.starredAt != nil,
            tracks: detail.songs.map { ScreenRows.track($0, transcoding: context.transcoding) })
    }

    static func artist(_ query: IDQuery, _ context: ScreenContext) async throws -> ArtistScreen {
        let detail = try await context.services.browse.artist(id: query.id, userID: context.userID)
        return ArtistScreen(
            artistID: detail.artist.id, title: detail.artist.name, summary: .key("summary.albums", count: detail.albums.count),
            albums: detail.albums.map(ScreenRows.card))
    }

    static func search(_ query: TextQuery, _ context: ScreenContext) async throws -> SearchScreen {
        let text = query.text.trimmingCharacters(in: .whitespacesAndNewlines)
        // An empty search would list everything (as Subsonic clients sync): ask first.
        guard !text.isEmpty else { return SearchScreen(query: "", artists: [], albums: [], tracks: []) }
        let limits = SearchScreenRequest.limits
        let result = try await context.services.browse.search(
            BrowseSearchRequest(
                text: text, artists: Page(size: limits.artists), albums: Page(size: limits.albums), songs: Page(size: limits.tracks)),
            userID: context.userID)
        return SearchScreen(
            query: text, artists: result.artists.map(ScreenRows.artist), albums: result.albums.map(ScreenRows.card),
            tracks: result.songs.map { ScreenRows.track($0, transcoding: context.transcoding) })
    }

    static func doctor(_ context: ScreenContext) async throws -> DoctorScreen {
        let state = await DoctorViewModel.hostedState(services: context.services, request: ())
        if let failure = state.viewState.failure { throw failure }
        return DoctorFindings.screen(state.health)
    }

    static func libraries(_ context: ScreenContext) async throws -> LibrariesScreen {
        let libraries = try await context.services.library.libraries()
        let scan = context.scanSlot.flatMap { slot in slot.current.map { _ in scanState(slot.progress) } }
        return LibrariesScreen(
            libraries: libraries.map {
                LibrariesScreen.Row(id: $0.id, name: $0.name, path: $0.root.text, lastScan: $0.lastScanAt)
            },
            scan: scan ?? .idle)
    }

    /// "Scanning Jazz: 120 files" and how far, once the scan is in a library.
    static func scanState(_ status: ScanStatus?) -> LibrariesScreen.Scan {
        guard let status else { return LibrariesScreen.Scan(running: true, text: .key("libraries.scan.starting"), fraction: nil) }
        let progress = status.progress
        return LibrariesScreen.Scan(
            running: true, text: .key("libraries.scan.running", count: progress.processed, ["library": .text(status.library)]),
            fraction: progress.found > 0 ? min(1, Double(progress.processed) / Double(progress.found)) : nil)
    }

    static func users(_ context: ScreenContext) async throws -> UsersScreen {
        let service = context.services.users
        var rows: [UsersScreen.Row] = []
        // One query per user for their keys: a household has a handful of users.
        for user in try await service.users() {
            let keys = try await service.apiKeys(forUser: user.name)
            rows.append(UsersScreen.Row(
                name: user.name, isAdmin: user.isAdmin,
                keys: keys.map { UsersScreen.Key(id: $0.id, label: $0.label, created: $0.createdAt) }))
        }
        return UsersScreen(users: rows)
    }
}
