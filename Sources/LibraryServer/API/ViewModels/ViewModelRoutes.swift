import Foundation
import Hummingbird
import KanoraAPI
import LibraryCore
import LibraryServices

/// Answers `GET /api/v1/viewmodels/NAME` for every hosted view model of the web app: its
/// query read from the URL parameters, the caller admitted by the request's declared
/// `ViewModelAccess` (checked in `authorize`, the one place), the screen built over the
/// services and encoded with the `Localizer` of the request's language, so every text is
/// resolved and every number, date and length formatted.
public struct ViewModelRoutes: Sendable {
    let services: ServiceContainer
    let localization: Localization
    /// Whether the server transcodes what a browser cannot play (track rows then stream it as Opus).
    let transcoding: Bool
    /// The scan a client started, shown on the libraries screen.
    let scanSlot: ScanSlot?

    public init(services: ServiceContainer, localization: Localization = .shipped, transcoding: Bool, scanSlot: ScanSlot?) {
        self.services = services
        self.localization = localization
        self.transcoding = transcoding
        self.scanSlot = scanSlot
    }

    /// Adds `signin` to `open` (the `/api/v1` group that needs no sign-in) and every other
    /// view model to `group` (the authenticated one, which sets `context.apiUser`).
    public func register(open: RouterGroup<ServerRequestContext>, group: RouterGroup<ServerRequestContext>) {
        add(SignInScreenRequest.self, to: open.group("viewmodels")) { _, context in ScreenBuilder.signIn(context) }
        let group = group.group("viewmodels")
        add(AppScreenRequest.self, to: group) { _, context in ScreenBuilder.app(context) }
        add(HomeScreenRequest.self, to: group) { _, context in try await ScreenBuilder.home(context) }
        add(AlbumsScreenRequest.self, to: group) { query, context in try await ScreenBuilder.albums(query, context) }
        add(ArtistsScreenRequest.self, to: group) { _, context in try await ScreenBuilder.artists(context) }
        add(AlbumScreenRequest.self, to: group) { query, context in try await ScreenBuilder.album(query, context) }
        add(ArtistScreenRequest.self, to: group) { query, context in try await ScreenBuilder.artist(query, context) }
        add(SearchScreenRequest.self, to: group) { query, context in try await ScreenBuilder.search(query, context) }
        add(PlaylistsScreenRequest.self, to: group) { _, context in try await ScreenBuilder.playlists(context) }
        // A playlist's rows are written straight into bytes (thousands of them, at times).
        let playlistJSON: @Sendable (PlaylistScreen, any Localizer) throws -> ByteBuffer = {
            ByteBuffer(bytes: try TrackItemsJSON.encode($0, localizer: $1))
        }
        add(PlaylistScreenRequest.self, to: group, encode: playlistJSON) { query, context in
            try await ScreenBuilder.playlist(query, context)
        }
        add(SmartPreviewScreenRequest.self, to: group) { query, context in try await ScreenBuilder.smartPreview(query, context) }
        add(QueueScreenRequest.self, to: group) { query, context in try await ScreenBuilder.queue(query, context) }
        add(DoctorScreenRequest.self, to: group) { _, context in try await ScreenBuilder.doctor(context) }
        add(LibrariesScreenRequest.self, to: group) { _, context in try await ScreenBuilder.libraries(context) }
        add(UsersScreenRequest.self, to: group) { _, context in try await ScreenBuilder.users(context) }
    }

    /// Answers `R` with the screen `build` makes, as JSON written by `encode` (by default
    /// `encoder(localizer:)`'s; a screen of many rows may write them faster, the same bytes).
    private func add<R: ViewModelRequest>(
        _ type: R.Type, to group: RouterGroup<ServerRequestContext>,
        encode: @escaping @Sendable (R.ResponseBody, any Localizer) throws -> ByteBuffer = { screen, localizer in
            ByteBuffer(bytes: try ViewModelRoutes.encoder(localizer: localizer).encode(screen))
        },
        _ build: @escaping @Sendable (R.Query, ScreenContext) async throws -> R.ResponseBody
    ) {
        group.get(RouterPath(R.name)) { [self] request, context in
            let user = context.apiUser
            try Self.authorize(R.self, user: user)
            let query = try R.Query(parameters: Self.formParameters(request.uri.query))
            let language = RequestLanguage.of(request, user: user)
            let screen = try await build(query, ScreenContext(
                services: services, user: user, language: language, localization: localization, transcoding: transcoding,
                scanSlot: scanSlot))
            return Self.response(json: try encode(screen, localization.localizer(for: language)))
        }
    }

    /// The URL's parameters as an HTML form encodes them: `+` is a space, `%2B` a plus (the
    /// first of a repeated name wins). Hummingbird's own parsing leaves `+` a plus.
    static func formParameters(_ query: String?) -> [String: String] {
        func decode(_ text: Substring) -> String {
            let spaced = text.replacingOccurrences(of: "+", with: " ")
            return spaced.removingPercentEncoding ?? spaced
        }
        var parameters: [String: String] = [:]
        for pair in (query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            if parameters[name] == nil { parameters[name] = parts.count > 1 ? decode(parts[1]) : "" }
        }
        return parameters
    }

    /// Admits `user` (nil: not signed in) when `R`'s access allows; else 401 or 403.
    static func authorize<R: ViewModelRequest>(_ type: R.Type, user: User?) throws(ViewModelFailure) {
        guard R.access.admits(isAdmin: user?.isAdmin) else {
            throw user == nil
                ? ViewModelFailure(.unauthorized, .key("error.signInNeeded"))
                : ViewModelFailure(.forbidden, .key("error.forbidden.admin"))
        }
    }

    /// The encoder of every screen: keys sorted, slashes unescaped, texts resolved by `localizer`.
    static func encoder(localizer: any Localizer) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = APIDate.encodingStrategy
        encoder.userInfo[.localizer] = localizer
        return encoder
    }

    /// A screen's JSON as the answer.
    static func response(json: ByteBuffer) -> Response {
        Response(
            status: .ok, headers: [.contentType: API.jsonContentType, .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: json))
    }
}

extension RequestLanguage {
    /// The language of `request`: `user`'s setting, else its `Accept-Language`, else English.
    static func of(_ request: Request, user: User?) -> String {
        choose(setting: setting(of: user), acceptLanguage: request.headers[.acceptLanguage], shipped: Localization.shipped.languages)
    }

    /// The user's chosen language (nil: follow the browser).
    static func setting(of user: User?) -> String? {
        user?.language
    }
}
