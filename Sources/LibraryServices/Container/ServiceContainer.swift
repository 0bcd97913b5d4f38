import Foundation
import LibraryCore

/// The services an app (CLI, GUI, server) works with, built once and injected into view
/// models: never reached through a singleton.
public struct ServiceContainer: Sendable {
    public let library: any LibraryService
    public let scanner: any ScanService
    public let playlists: any PlaylistService
    /// The change feed the services publish to and view models subscribe to.
    public let feed: ChangeFeed
    /// The clock, so tests can pin "now".
    public let now: @Sendable () -> Date

    public init(
        library: any LibraryService, scanner: any ScanService, playlists: any PlaylistService,
        feed: ChangeFeed, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.library = library
        self.scanner = scanner
        self.playlists = playlists
        self.feed = feed
        self.now = now
    }

    /// Live services over the database at `databaseURL` (created and migrated if new) and TagLib.
    public static func live(databaseURL: URL, reader: any TagReader = TagLibReader()) throws(LibraryError) -> ServiceContainer {
        let directory = databaseURL.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw LibraryError(.fileSystem, "Cannot create the folder \(directory.path) for the database: \(error.localizedDescription)")
        }
        return try open(.file(databaseURL.path), reader: reader, files: .beside(databaseURL))
    }

    /// Live services over a fresh in-memory database: for tests and previews.
    public static func inMemory(
        reader: any TagReader = TagLibReader(), scanFiles: ScanFiles = ScanFiles(),
        now: @escaping @Sendable () -> Date = Date.init
    ) throws(LibraryError) -> ServiceContainer {
        try open(.inMemory, reader: reader, files: scanFiles, now: now)
    }

    /// Any subset of fakes; the services not given fail loudly when called.
    public static func mock(
        library: (any LibraryService)? = nil, scanner: (any ScanService)? = nil,
        playlists: (any PlaylistService)? = nil, feed: ChangeFeed = ChangeFeed(),
        now: @escaping @Sendable () -> Date = Date.init
    ) -> ServiceContainer {
        ServiceContainer(
            library: library ?? UnimplementedLibraryService(), scanner: scanner ?? UnimplementedScanService(),
            playlists: playlists ?? UnimplementedPlaylistService(), feed: feed, now: now)
    }

    private static func open(
        _ location: Connection.Location, reader: any TagReader, files: ScanFiles, now: @escaping @Sendable () -> Date = Date.init
    ) throws(LibraryError) -> ServiceContainer {
        let database: DatabaseQueue
        do {
            database = try Database.open(location)
        } catch {
            throw LibraryError.wrap(error)
        }
        let feed = ChangeFeed()
        return ServiceContainer(
            library: LiveLibraryService(database: database, feed: feed, now: now),
            scanner: LiveScanService(database: database, reader: reader, feed: feed, files: files, now: now),
            playlists: LivePlaylistService(database: database, feed: feed, now: now),
            feed: feed, now: now)
    }
}
