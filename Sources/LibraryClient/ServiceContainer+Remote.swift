import Foundation
import LibraryCore
import LibraryServices

extension ServiceContainer {
    /// The services of a Kanora server at `url` (e.g. `http://home:4544`), as the user the
    /// API key `token` belongs to: the same protocols as `live`, so view models and commands
    /// work unchanged. Users, annotations, browsing and artwork are the server's business
    /// and not offered remotely.
    ///
    /// - Throws: `.invalidInput` for an address that is not http(s) or an empty token.
    public static func remote(url: URL, token: String) throws(LibraryError) -> ServiceContainer {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host?.isEmpty == false else {
            throw LibraryError(.invalidInput, "--server takes the server's address, e.g. http://127.0.0.1:4544 (got \(url.absoluteString)).")
        }
        guard !token.isEmpty, !token.contains(where: \.isWhitespace) else {
            throw LibraryError(.invalidInput, "--server needs an API key: pass --token KEY or set KANORA_TOKEN (create one with `kanora user key NAME` on the server).")
        }
        let client = APIClient(baseURL: url, token: token)
        let playlists = RemotePlaylistService(client: client)
        // The server's change feed (GET /api/v1/events) fills the local one while anyone
        // follows it: a command that only reads opens no event stream. A refused key stops
        // the bridge; anything else (a restart, a dropped connection) is retried.
        let feed = ChangeFeed()
        let bridge = RemoteFeedBridge(
            feed: feed, isFatal: { ($0 as? LibraryError)?.code == .unauthorized },
            connect: { try await client.events(lastEventID: $0) })
        feed.attach(bridge)
        return ServiceContainer(
            library: RemoteLibraryService(client: client), scanner: RemoteScanService(client: client), playlists: playlists,
            watcher: RemoteWatchService(), feed: feed, playlistsForUser: { _ in playlists }, retaining: bridge)
    }
}
