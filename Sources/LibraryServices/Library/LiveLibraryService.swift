import Foundation
import LibraryCore
import LibraryStorage

/// `LibraryService` over the SQLite database. Its changes reach the feed from the database
/// itself (`ChangeFeed.follow`).
public struct LiveLibraryService: LibraryService {
    let database: DatabasePool
    let now: @Sendable () -> Date
    /// The last health report, until the database changes.
    let healthCache: HealthCache

    package init(database: DatabasePool, feed: ChangeFeed, now: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        self.now = now
        healthCache = HealthCache(location: database.location)
        feed.follow(database)
    }

    public func libraries() async throws -> [Library] {
        try await database.reading { try LibraryStore.all($0) }
    }

    public func library(named name: String) async throws -> Library {
        try await database.reading { try Self.existingLibrary(named: name, $0) }
    }

    public func renameLibrary(named name: String, to newName: String) async throws -> Library {
        try await database.writing { db in
            let validName = try LibraryRules.name.validate(newName)
            var library = try Self.existingLibrary(named: name, db)
            if let other = try LibraryStore.find(name: validName, db), other.id != library.id {
                throw LibraryError(.conflict, "A library named \"\(other.name)\" already exists: choose another name.")
            }
            try LibraryStore.rename(id: library.id, to: validName, db)
            library.name = validName
            return library
        }
    }

    public func removeLibrary(named name: String) async throws -> Library {
        try await database.writing { db in
            let library = try Self.existingLibrary(named: name, db)
            try LibraryStore.delete(id: library.id, db)
            try CatalogStore.deleteOrphans(db)
            return library
        }
    }

    public func tracks(_ request: ListRequest) async throws -> [Track] {
        let (condition, order) = trackCondition(request)
        return try await database.reading {
            try TrackStore.tracks(
                where: condition, orderBy: order, limit: request.limit, includeMissing: request.listsMissing,
                columns: Self.columns(request), $0)
        }
    }

    public func forEachTrack(_ request: ListRequest, _ body: @escaping @Sendable (Track) -> Void) async throws {
        let (condition, order) = trackCondition(request)
        try await database.reading {
            try TrackStore.forEachTrack(
                where: condition, orderBy: order, limit: request.limit, includeMissing: request.listsMissing,
                columns: Self.columns(request), $0, body)
        }
    }

    public func forEachTrackLine(_ request: ListRequest, _ body: @escaping @Sendable (TrackLine) -> Void) async throws {
        let (condition, order) = trackCondition(request)
        try await database.reading {
            try TrackStore.forEachTrackLine(
                where: condition, orderBy: order, limit: request.limit, includeMissing: request.listsMissing,
                fields: request.fields, $0, body)
        }
    }

    /// The condition and order of a track listing for `request`.
    private func trackCondition(_ request: ListRequest) -> (SQL, String) {
        (request.query.condition(now: now()), (request.sort ?? LibrarySort.defaultOrder(for: .tracks)).sql(for: .tracks))
    }

    /// The track columns a listing for `request` reads (nil: all): its fields' when it names
    /// them, else its detail's.
    private static func columns(_ request: ListRequest) -> Set<String>? {
        if let fields = request.fields { return TrackStore.columns(showing: fields) }
        return columns(request.detail ?? .full)
    }

    /// The track columns a listing of `detail` reads (nil: all).
    private static func columns(_ detail: TrackDetail) -> Set<String>? {
        switch detail {
        case .full: nil
        case .summary: TrackStore.summaryColumns
        case .brief: TrackStore.briefColumns
        case .path: TrackStore.pathColumns
        }
    }

    public func albums(_ request: ListRequest) async throws -> [AlbumSummary] {
        let condition = request.query.condition(now: now())
        let order = (request.sort ?? LibrarySort.defaultOrder(for: .albums)).sql(for: .albums)
        return try await database.reading {
            try CatalogStore.albums(where: condition, orderBy: order, limit: request.limit, includeMissing: request.listsMissing, $0)
        }
    }

    public func artists(_ request: ListRequest) async throws -> [ArtistSummary] {
        let condition = request.query.condition(now: now())
        let order = (request.sort ?? LibrarySort.defaultOrder(for: .artists)).sql(for: .artists)
        return try await database.reading {
            try CatalogStore.artists(where: condition, orderBy: order, limit: request.limit, includeMissing: request.listsMissing, $0)
        }
    }

    public func search(_ text: String, limit: Int?) async throws -> [Track] {
        try await search(text, limit: limit, detail: .full)
    }

    public func search(_ text: String, limit: Int?, detail: TrackDetail) async throws -> [Track] {
        let query = try Self.searchQuery(text)
        let columns = Self.columns(detail)
        return try await database.reading { try TrackStore.search(query, limit: limit, columns: columns, $0) }
    }

    public func forEachSearchResult(
        _ text: String, limit: Int?, detail: TrackDetail, _ body: @escaping @Sendable (Track) -> Void
    ) async throws {
        let query = try Self.searchQuery(text)
        let columns = Self.columns(detail)
        try await database.reading { try TrackStore.search(query, limit: limit, columns: columns, $0, body) }
    }

    public func forEachSearchLine(_ text: String, limit: Int?, _ body: @escaping @Sendable (TrackLine) -> Void) async throws {
        let query = try Self.searchQuery(text)
        try await database.reading { try TrackStore.searchLines(query, limit: limit, $0, body) }
    }

    /// `text` parsed for full-text search; throws `.invalidInput` when it holds no word.
    private static func searchQuery(_ text: String) throws -> SearchQuery {
        do { return try SearchQuery.parse(text) } catch { throw LibraryError.wrap(error) }
    }

    public func track(id: Int64) async throws -> Track? {
        try await database.reading { try TrackStore.find(id: id, $0) }
    }

    public func track(path: RawPath) async throws -> Track? {
        try await database.reading { try TrackStore.find(path: path, $0) }
    }

    public func statistics(matching query: LibraryQuery) async throws -> LibraryStatistics {
        let condition = query.condition(now: now())
        if query.isEmpty {
            return try await database.reading { try StatisticsStore.statistics($0) }
        }
        return try await database.reading { try StatisticsStore.statistics(where: condition, $0) }
    }

    public func unreadableFiles() async throws -> [StoredFailure] {
        try await database.reading { try FailureStore.all($0) }
    }

    public func health() async throws -> LibraryHealth {
        try await healthCache.health { try await database.reading { try DoctorStore.health($0) } }
    }

    public func prune(library name: String?, dryRun: Bool) async throws -> PruneReport {
        try await database.writing { db in
            let libraryID = try name.map { try Self.existingLibrary(named: $0, db).id }
            return try PruneStore.prune(libraryID: libraryID, dryRun: dryRun, db)
        }
    }

    static func existingLibrary(named name: String, _ db: Connection) throws -> Library {
        if let library = try LibraryStore.find(name: name, db) { return library }
        let known = try LibraryStore.all(db).map(\.name)
        let hint = known.isEmpty ? "there are no libraries yet: add one with `kanora scan FOLDER`"
            : "known libraries: \(known.joined(separator: ", "))"
        throw LibraryError(.notFound, "No library named \"\(name)\": \(hint).")
    }
}
