import Foundation
import LibraryCore
import LibraryServices

/// A listing of tracks, albums or artists matching a `ListRequest`.
public protocol QueryListing: Listing where Request == ListRequest {
    /// What the rows are: sort keys are checked against its fields.
    static var target: QueryTarget { get }
}

extension TrackListing: QueryListing {
    public static var target: QueryTarget { .tracks }
}

extension AlbumListing: QueryListing {
    public static var target: QueryTarget { .albums }
}

extension ArtistListing: QueryListing {
    public static var target: QueryTarget { .artists }
}

extension ListingViewModel where Source: QueryListing {
    /// Loads the rows for what a user typed: query arguments (each one term, as in beets:
    /// `album:Kind of Blue`) and sort keys (`year+`). A malformed query, an unknown field or
    /// sort key fails the state with an `.invalidInput` error, and nothing is loaded.
    /// `detail` says how much of each track the caller reads (see `TrackDetail`).
    public func load(
        arguments: [String], sort: [String] = [], limit: Int? = nil, includeMissing: Bool = false,
        detail: TrackDetail? = nil, currentDirectory: String = FileManager.default.currentDirectoryPath
    ) async {
        guard let request = request(
            arguments: arguments, sort: sort, limit: limit, includeMissing: includeMissing,
            detail: detail, currentDirectory: currentDirectory)
        else { return }
        await load(request)
    }

    /// `load(arguments:sort:limit:includeMissing:detail:currentDirectory:)` with the rows
    /// handed to `body` one at a time as they are read rather than kept (see `stream(_:_:)`);
    /// `fields`, when given, names the only track fields the caller reads (see `ListRequest.fields`).
    public func stream(
        arguments: [String], sort: [String] = [], limit: Int? = nil, includeMissing: Bool = false,
        detail: TrackDetail? = nil, fields: Set<String>? = nil,
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        _ body: @escaping @Sendable (Source.Row) -> Void
    ) async {
        guard var request = request(
            arguments: arguments, sort: sort, limit: limit, includeMissing: includeMissing,
            detail: detail, currentDirectory: currentDirectory)
        else { return }
        request.fields = fields
        await stream(request, body)
    }

    /// `stream(arguments:sort:limit:includeMissing:detail:fields:currentDirectory:_:)` with
    /// each track handed to `body` as a line (`TrackLine`, see `streamLines(_:_:)`); `fields`
    /// naming `albumartist` asks for the album artists too.
    public func streamLines(
        arguments: [String], sort: [String] = [], limit: Int? = nil, includeMissing: Bool = false,
        fields: Set<String>? = nil, currentDirectory: String = FileManager.default.currentDirectoryPath,
        _ body: @escaping @Sendable (TrackLine) -> Void
    ) async where Source: TrackLineListing {
        guard var request = request(
            arguments: arguments, sort: sort, limit: limit, includeMissing: includeMissing,
            detail: .brief, currentDirectory: currentDirectory)
        else { return }
        request.fields = fields
        await streamLines(request, body)
    }

    /// The request for what a user typed, or nil (the state failed) when it does not parse.
    private func request(
        arguments: [String], sort: [String], limit: Int?, includeMissing: Bool,
        detail: TrackDetail?, currentDirectory: String
    ) -> ListRequest? {
        do {
            return ListRequest(
                query: try LibraryQuery.parse(arguments: arguments, currentDirectory: currentDirectory),
                sort: sort.isEmpty ? nil : try LibrarySort.parse(sort, for: Source.target),
                limit: limit, includeMissing: includeMissing, detail: detail)
        } catch {
            fail(error)
            return nil
        }
    }
}
