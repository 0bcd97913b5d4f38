import LibraryCore
import LibraryServices

/// What a `ListingViewModel` lists: the request it loads, its rows, and how to fetch them.
public protocol Listing: Sendable {
    associatedtype Request: Sendable & Equatable
    associatedtype Row: Sendable & Equatable

    /// The request a new view model starts with.
    static var initialRequest: Request { get }

    /// The rows for `request`, from the services.
    static func rows(for request: Request, from services: ServiceContainer) async throws -> [Row]

    /// The rows for `request` handed to `body` one at a time, in order (as they are read,
    /// where the services can stream them).
    static func forEachRow(for request: Request, from services: ServiceContainer, _ body: @escaping @Sendable (Row) -> Void) async throws
}

extension Listing {
    /// Every row of `rows(for:from:)`, fetched first.
    public static func forEachRow(
        for request: Request, from services: ServiceContainer, _ body: @escaping @Sendable (Row) -> Void
    ) async throws {
        for row in try await rows(for: request, from: services) { body(row) }
    }
}

/// A listing of tracks that can also hand each as a line (`TrackLine`: the fields of one
/// line about a track, as the stored bytes), for a view printing one line a track.
public protocol TrackLineListing: Listing {
    /// The rows for `request` handed to `body` as lines, one at a time, in order, as they are read.
    static func forEachLine(
        for request: Request, from services: ServiceContainer, _ body: @escaping @Sendable (TrackLine) -> Void
    ) async throws
}

/// Tracks matching a query, in the request's order.
public enum TrackListing: Listing {
    public static var initialRequest: ListRequest { ListRequest() }

    public static func rows(for request: ListRequest, from services: ServiceContainer) async throws -> [Track] {
        try await services.library.tracks(request)
    }

    public static func forEachRow(
        for request: ListRequest, from services: ServiceContainer, _ body: @escaping @Sendable (Track) -> Void
    ) async throws {
        try await services.library.forEachTrack(request, body)
    }
}

extension TrackListing: TrackLineListing {
    public static func forEachLine(
        for request: ListRequest, from services: ServiceContainer, _ body: @escaping @Sendable (TrackLine) -> Void
    ) async throws {
        try await services.library.forEachTrackLine(request, body)
    }
}

/// Albums with at least one track matching a query.
public enum AlbumListing: Listing {
    public static var initialRequest: ListRequest { ListRequest() }

    public static func rows(for request: ListRequest, from services: ServiceContainer) async throws -> [AlbumSummary] {
        try await services.library.albums(request)
    }
}

/// Artists credited on at least one track matching a query.
public enum ArtistListing: Listing {
    public static var initialRequest: ListRequest { ListRequest() }

    public static func rows(for request: ListRequest, from services: ServiceContainer) async throws -> [ArtistSummary] {
        try await services.library.artists(request)
    }
}

/// Full-text search text, how many results to show at most and how much of each to fill.
public struct SearchRequest: Sendable, Equatable {
    public var text: String
    public var limit: Int?
    public var detail: TrackDetail

    public init(text: String = "", limit: Int? = nil, detail: TrackDetail = .full) {
        self.text = text
        self.limit = limit
        self.detail = detail
    }
}

/// Tracks found by full-text search, best match first.
public enum TrackSearchListing: Listing {
    public static var initialRequest: SearchRequest { SearchRequest() }

    public static func rows(for request: SearchRequest, from services: ServiceContainer) async throws -> [Track] {
        // While someone types, text with no word yet ("", "-") shows nothing rather than an error.
        guard (try? SearchQuery.parse(request.text)) != nil else { return [] }
        return try await services.library.search(request.text, limit: request.limit, detail: request.detail)
    }

    public static func forEachRow(
        for request: SearchRequest, from services: ServiceContainer, _ body: @escaping @Sendable (Track) -> Void
    ) async throws {
        guard (try? SearchQuery.parse(request.text)) != nil else { return }
        try await services.library.forEachSearchResult(request.text, limit: request.limit, detail: request.detail, body)
    }
}

extension TrackSearchListing: TrackLineListing {
    public static func forEachLine(
        for request: SearchRequest, from services: ServiceContainer, _ body: @escaping @Sendable (TrackLine) -> Void
    ) async throws {
        guard (try? SearchQuery.parse(request.text)) != nil else { return }
        try await services.library.forEachSearchLine(request.text, limit: request.limit, body)
    }
}
