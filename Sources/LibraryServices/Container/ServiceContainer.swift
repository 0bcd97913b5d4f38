import Foundation
import LibraryCore
import LibraryStorage

/// The services an app (CLI, GUI, server) works with, built once and injected into view
/// models: never reached through a singleton.
public struct ServiceContainer: Sendable {
    public let library: any LibraryService
    public let scanner: any ScanService
    public let playlists: any PlaylistService
    /// Keeps libraries in sync continuously (`kanora watch`).
    public let watcher: any WatchService
    /// Accounts, passwords and API keys.
    public let users: any UserService
    /// Each user's stars, ratings, play counts and play queue.
    public let annotations: any AnnotationService
    /// Folders, indexes, album lists and paged search, as a music server's clients browse.
    public let browse: any BrowseService
    /// Cover art, resized and cached.
    public let artwork: any ArtworkService
    /// The change feed the services publish to and view models subscribe to.
    public let feed: ChangeFeed
    /// The clock, so tests can pin "now".
    public let now: @Sendable () -> Date
    private let userPlaylists: @Sendable (Int64) -> any PlaylistService
    /// What the services need kept alive as long as the container (a remote feed's bridge).
    private let retained: (any Sendable)?

    public init(
        library: any LibraryService, scanner: any ScanService, playlists: any PlaylistService,
        watcher: any WatchService = UnimplementedWatchService(), users: any UserService = UnimplementedUserService(),
        annotations: any AnnotationService = UnimplementedAnnotationService(),
        browse: any BrowseService = UnimplementedBrowseService(), artwork: any ArtworkService = UnimplementedArtworkService(),
        feed: ChangeFeed, now: @escaping @Sendable () -> Date = Date.init,
        playlistsForUser: (@Sendable (Int64) -> any PlaylistService)? = nil, retaining retained: (any Sendable)? = nil
    ) {
        self.retained = retained
        self.userPlaylists = playlistsForUser ?? { userID in
            userID == User.localID ? playlists : UnimplementedPlaylistService()
        }
        self.library = library
        self.scanner = scanner
        self.playlists = playlists
        self.watcher = watcher
        self.users = users
        self.annotations = annotations
        self.browse = browse
        self.artwork = artwork
        self.feed = feed
        self.now = now
    }

    /// The playlists of one user (`playlists` is the local user's, the CLI's).
    public func playlists(for userID: Int64) -> any PlaylistService {
        userPlaylists(userID)
    }

    /// Live services over the database at `databaseURL` (created and migrated if new) and TagLib.
    public static func live(databaseURL: URL, reader: any TagReader = TagLibReader()) throws(LibraryError) -> ServiceContainer {
        let directory = databaseURL.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw LibraryError(.fileSystem, "Cannot create the folder \(directory.path) for the database: \(error.localizedDescription)")
        }
        // The database's own files (and journal, lock) never trigger a sync, should they lie in a library.
        return try open(
            .file(databaseURL.path), reader: reader, files: .beside(databaseURL),
            sealer: .keyFile(PasswordSealer.keyFileURL(beside: databaseURL)), ignoredNames: [databaseURL.lastPathComponent],
            coverCache: .beside(databaseURL))
    }

    /// Waits for any checkpoint running beside the last commits of this process's databases,
    /// so that a command's process ends with its write-ahead logs folded in.
    public static func settleCheckpoints() {
        Database.settleCheckpoints()
    }

    /// Live services over a fresh in-memory database: for tests and previews.
    public static func inMemory(
        reader: any TagReader = TagLibReader(), scanFiles: ScanFiles = ScanFiles(),
        now: @escaping @Sendable () -> Date = Date.init
    ) throws(LibraryError) -> ServiceContainer {
        try open(.inMemory, reader: reader, files: scanFiles, sealer: .inMemory(), now: now)
    }

    /// Any subset of fakes; the services not given fail loudly when called.
    public static func mock(
        library: (any LibraryService)? = nil, scanner: (any ScanService)? = nil,
        playlists: (any PlaylistService)? = nil, watcher: (any WatchService)? = nil,
        users: (any UserService)? = nil, annotations: (any AnnotationService)? = nil,
        browse: (any BrowseService)? = nil, artwork: (any ArtworkService)? = nil, feed: ChangeFeed = ChangeFeed(),
        now: @escaping @Sendable () -> Date = Date.init
    ) -> ServiceContainer {
        ServiceContainer(
            library: library ?? UnimplementedLibraryService(), scanner: scanner ?? UnimplementedScanService(),
            playlists: playlists ?? UnimplementedPlaylistService(), watcher: watcher ?? UnimplementedWatchService(),
            users: users ?? UnimplementedUserService(), annotations: annotations ?? UnimplementedAnnotationService(),
            browse: browse ?? UnimplementedBrowseService(), artwork: artwork ?? UnimplementedArtworkService(),
            feed: feed, now: now)
    }

    private static func open(
        _ location: Connection.Location, reader: any TagReader, files: ScanFiles, sealer: PasswordSealer, ignoredNames: [String] = [],
        coverCache: CoverCache? = nil, now: @escaping @Sendable () -> Date = Date.init
    ) throws(LibraryError) -> ServiceContainer {
        let database: DatabaseQueue
        do {
            database = try Database.open(location)
        } catch {
            throw LibraryError.wrap(error)
        }
        let feed = ChangeFeed()
        // Every commit is published, those of services that hold no feed (users) too.
        feed.follow(database)
        let library = LiveLibraryService(database: database, feed: feed, now: now)
        let scanner = LiveScanService(database: database, reader: reader, feed: feed, files: files, now: now)
        return ServiceContainer(
            library: library, scanner: scanner,
            playlists: LivePlaylistService(database: database, feed: feed, now: now),
            watcher: LiveWatchService(library: library, scanner: scanner, feed: feed, ignoredNamePrefixes: ignoredNames, now: now),
            users: LiveUserService(database: database, sealer: sealer, now: now),
            annotations: LiveAnnotationService(database: database, now: now),
            browse: LiveBrowseService(database: database),
            artwork: LiveArtworkService(database: database, cache: coverCache),
            feed: feed, now: now,
            playlistsForUser: { LivePlaylistService(database: database, feed: feed, userID: $0, now: now) })
    }
}
