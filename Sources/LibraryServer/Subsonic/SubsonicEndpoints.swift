/// The registration list: every Subsonic endpoint the server answers.
///
/// HOW TO ADD ENDPOINTS (one file per area, one line here):
/// 1. In your own file under Sources/LibraryServer/Endpoints/, declare a group:
///    ```swift
///    enum BrowseEndpoints: SubsonicEndpointGroup {
///        static let endpoints: [SubsonicEndpoint] = [
///            SubsonicEndpoint("getAlbum") { request in
///                let id = try request.parameters.id("id", as: .album)
///                let album = try await request.services.browse.album(id: id.value)
///                return .payload(SubsonicNode("album", ["id": id, "name": album.name]))
///            },
///            SubsonicEndpoint("stream") { request in .raw(response) },
///        ]
///    }
///    ```
/// 2. Add `BrowseEndpoints.self` to `groups` below (one line; keep one group per line so
///    merges of the four areas do not conflict).
///
/// The layer does the rest: `/rest/NAME` and `/rest/NAME.view`, GET and POST form bodies,
/// authentication (`access: .user` by default, `.admin`, or `.anyone`), the `f` format,
/// the envelope (status, version, type, serverVersion, openSubsonic) and errors. Throw a
/// `SubsonicError` (or a `LibraryError`, mapped: notFound -> 70, invalidInput -> 10) to
/// answer `status="failed"`. Build answers with `SubsonicNode`; use `appendList` for
/// every list, so JSON gets an array even when it is empty or holds one item. Ids are
/// `SubsonicID`s (`.track(id)`, `.album(id)`...), parsed back with `parameters.id(_:as:)`.
public enum SubsonicEndpoints {
    /// Every group the server registers.
    public static var groups: [any SubsonicEndpointGroup.Type] {
        [
            SystemEndpoints.self,
            AnnotationEndpoints.self,
            PlaylistEndpoints.self,
            MediaEndpoints.self,
            BrowseEndpoints.self,
            ListEndpoints.self,
        ]
    }

    /// Every endpoint by name; a name registered twice is a programming error caught by
    /// the tests (the later one would win).
    static func table(_ groups: [any SubsonicEndpointGroup.Type] = groups) -> [String: SubsonicEndpoint] {
        var table: [String: SubsonicEndpoint] = [:]
        for group in groups {
            for endpoint in group.endpoints { table[endpoint.name] = endpoint }
        }
        return table
    }
}

/// A set of Subsonic endpoints belonging to one area (system, users, browse, media).
public protocol SubsonicEndpointGroup {
    /// The group's endpoints.
    static var endpoints: [SubsonicEndpoint] { get }
}
