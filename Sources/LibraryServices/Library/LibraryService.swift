import Foundation
import LibraryCore
import LibraryStorage

/// Reads and manages the library: libraries, tracks, albums, artists, statistics.
public protocol LibraryService: Sendable {
    /// Every library, by name.
    func libraries() async throws -> [Library]
    /// The library with this name (ignoring case); throws `.notFound` naming the known ones.
    func library(named name: String) async throws -> Library
    /// Renames a library; the new name must follow `LibraryRules`.
    func renameLibrary(named name: String, to newName: String) async throws -> Library
    /// Forgets a library and its tracks (files on disk are untouched).
    func removeLibrary(named name: String) async throws -> Library
    /// Tracks matching a request.
    func tracks(_ request: ListRequest) async throws -> [Track]
    /// Albums with at least one track matching a request.
    func albums(_ request: ListRequest) async throws -> [AlbumSummary]
    /// Artists credited on at least one track matching a request.
    func artists(_ request: ListRequest) async throws -> [ArtistSummary]
    /// Present tracks matching full-text search `text` (folded; the last word is a prefix),
    /// best match first; throws `.invalidInput` when the text has no word to search for.
    func search(_ text: String, limit: Int?) async throws -> [Track]
    /// `search(_:limit:)` filling only the track fields `detail` names (more is allowed).
    func search(_ text: String, limit: Int?, detail: TrackDetail) async throws -> [Track]
    /// `tracks(_:)` handed to `body` one at a time, in order, as they are read, so a large
    /// listing need not hold them all (`kanora list`).
    func forEachTrack(_ request: ListRequest, _ body: @escaping @Sendable (Track) -> Void) async throws
    /// `search(_:limit:detail:)` handed to `body` one at a time, best match first, as they are read.
    func forEachSearchResult(
        _ text: String, limit: Int?, detail: TrackDetail, _ body: @escaping @Sendable (Track) -> Void
    ) async throws
    /// `forEachTrack(_:_:)` with each track as a line (`TrackLine`: what `TrackDetail.brief`
    /// names, as the stored bytes; with the request's `fields`, at least the line fields they
    /// name, `albumartist` among them), for a listing of one line a track (`kanora list`'s
    /// table and templates).
    func forEachTrackLine(_ request: ListRequest, _ body: @escaping @Sendable (TrackLine) -> Void) async throws
    /// `forEachSearchResult(_:limit:detail:_:)` with each result as a line (`TrackLine`).
    func forEachSearchLine(_ text: String, limit: Int?, _ body: @escaping @Sendable (TrackLine) -> Void) async throws
    /// One track by id.
    func track(id: Int64) async throws -> Track?
    /// One track by absolute path.
    func track(path: RawPath) async throws -> Track?
    /// Totals over the present tracks matching `query`.
    func statistics(matching query: LibraryQuery) async throws -> LibraryStatistics
    /// Files the scanner could not read, with reasons.
    func unreadableFiles() async throws -> [StoredFailure]
    /// What is wrong with every library: damaged, unreadable, missing, duplicate and
    /// untagged files, and albums with gaps in their track numbers (`kanora doctor`).
    func health() async throws -> LibraryHealth
    /// Deletes missing tracks for good (of the named library, or all) with their playlist
    /// entries, and says what went; with `dryRun` only says what would go.
    func prune(library name: String?, dryRun: Bool) async throws -> PruneReport
    /// Merges the track `newID` into the track `oldID` by hand (`kanora merge`), in one
    /// transaction: the old id survives with the history of both (play counts summed,
    /// stars, ratings, playlist entries and play queue entries kept: see
    /// `MoveStore.merge`) and the present file (the new one's when both or neither are
    /// present). Throws `.invalidInput` for one id twice, `.notFound` for an unknown id,
    /// and `.conflict` when both files are present unless `force`.
    func merge(trackID oldID: Int64, into newID: Int64, force: Bool) async throws -> TrackMergeReport
}

/// What `LibraryService.merge` did.
public struct TrackMergeReport: Sendable, Equatable, Codable {
    /// The merged track, under the old id.
    public var track: Track
    /// The track merged away: its id and path.
    public var removedID: Int64
    public var removedPath: String

    public init(track: Track, removedID: Int64, removedPath: String) {
        self.track = track; self.removedID = removedID; self.removedPath = removedPath
    }
}

/// The sort order of a listing (LibraryCore's `SortOrder`; Foundation has a type of that name too).
public typealias LibrarySort = LibraryCore.SortOrder

extension LibraryService {
    /// Every field, whatever `detail` asks: right for services that cannot leave any out.
    public func search(_ text: String, limit: Int?, detail: TrackDetail) async throws -> [Track] {
        try await search(text, limit: limit)
    }

    /// Every track of `tracks(_:)`, fetched first: right for services that cannot stream.
    public func forEachTrack(_ request: ListRequest, _ body: @escaping @Sendable (Track) -> Void) async throws {
        for track in try await tracks(request) { body(track) }
    }

    /// The lines of `forEachTrack(_:_:)`'s brief tracks (and album artists when the request's
    /// fields name them): right for services that hand whole tracks.
    public func forEachTrackLine(_ request: ListRequest, _ body: @escaping @Sendable (TrackLine) -> Void) async throws {
        var brief = request
        brief.detail = .brief
        brief.fields = request.fields.map { $0.intersection(["albumartist"]).union(TrackLine.fieldNames) }
        try await forEachTrack(brief) { track in TrackLine.lending(track, body) }
    }

    /// The lines of `forEachSearchResult(_:limit:detail:_:)`'s brief tracks: right for
    /// services that hand whole tracks.
    public func forEachSearchLine(_ text: String, limit: Int?, _ body: @escaping @Sendable (TrackLine) -> Void) async throws {
        try await forEachSearchResult(text, limit: limit, detail: .brief) { track in TrackLine.lending(track, body) }
    }

    /// Every result of `search(_:limit:detail:)`, fetched first: right for services that cannot stream.
    public func forEachSearchResult(
        _ text: String, limit: Int?, detail: TrackDetail, _ body: @escaping @Sendable (Track) -> Void
    ) async throws {
        for track in try await search(text, limit: limit, detail: detail) { body(track) }
    }
}

/// How much of each listed track a caller reads, so a large listing can leave the rest
/// unread: fields not named keep placeholder values (empty, nil, zero). A service may
/// always fill more.
public enum TrackDetail: String, Sendable, Equatable, Codable {
    /// Every field.
    case full
    /// What a track's summary shows (`kanora list --json`): `brief`, and the library's name,
    /// file size, audio properties, album artists, track and disc totals, date, genres,
    /// composer, compilation flag and damage.
    case summary
    /// What one line about a track shows (`kanora list`'s table): the id, title (the path
    /// stands in for a missing one), artists, album, track and disc numbers, disc total,
    /// year, duration, format and whether the file is missing.
    case brief
    /// The id and the path (`kanora list --paths`).
    case path
}

/// A query, an order and a limit.
public struct ListRequest: Sendable, Equatable, Codable {
    public var query: LibraryQuery
    /// nil: the target's default order.
    public var sort: LibrarySort?
    public var limit: Int?
    /// Also list tracks whose files are missing.
    public var includeMissing: Bool
    /// How much of each track to fill; nil: every field. Albums and artists ignore it.
    public var detail: TrackDetail?
    /// The only track fields the caller reads, by the names `kanora show` prints (`title`,
    /// `albumartist`, `year`, `tag:ISRC`...): a service may fill just these (`fields` wins
    /// over `detail`). nil: as `detail` says. Albums and artists ignore it.
    public var fields: Set<String>?

    public init(
        query: LibraryQuery = .all, sort: LibrarySort? = nil, limit: Int? = nil, includeMissing: Bool = false,
        detail: TrackDetail? = nil, fields: Set<String>? = nil
    ) {
        self.query = query; self.sort = sort; self.limit = limit; self.includeMissing = includeMissing
        self.detail = detail; self.fields = fields
    }

    /// Whether missing tracks take part: asked for, or the query itself mentions `missing:`.
    public var listsMissing: Bool { includeMissing || query.includesMissing }
}
