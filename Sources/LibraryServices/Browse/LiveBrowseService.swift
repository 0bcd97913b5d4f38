import Foundation
import LibraryCore
import LibraryStorage

/// `BrowseService` over the SQLite database.
public struct LiveBrowseService: BrowseService {
    let database: DatabasePool
    /// The artist index without stars and ratings, until the database changes.
    let artistIndexCache: ArtistIndexCache
    /// The genre list, until the database changes.
    let genreCache: GenreCache
    /// The folders directly inside each library's root, grouped (getIndexes), without songs.
    let folderIndexCache: FolderIndexCache

    package init(database: DatabasePool) {
        self.database = database
        artistIndexCache = ArtistIndexCache(location: database.location)
        genreCache = GenreCache(location: database.location, maximumKeys: 1)
        folderIndexCache = FolderIndexCache(location: database.location)
    }

    public func musicFolders() async throws -> [Library] {
        try await database.reading { try LibraryStore.all($0) }
    }

    public func topFolders(libraryID: Int64?, userID: Int64) async throws -> TopFolders {
        let top = try await folderIndexCache.value(for: libraryID) {
            try await database.reading { db in
                let roots = try BrowseStore.rootFolders(libraryID: libraryID, db)
                return FolderIndex(
                    roots: roots, index: try FolderIndexListing(roots: roots) { root, add in try BrowseStore.forEachSubfolder(of: root, db, add) },
                    lastModified: try BrowseStore.lastScanFinished(db))
            }
        }
        // Songs carry the user's stars: read per request, like the artist index's.
        let songs = try await database.reading { db in
            try top.roots.flatMap { try BrowseStore.folderSongs(id: $0.id, userID: userID, db) }
        }
        return TopFolders(listing: top.index, songs: songs, lastModified: top.lastModified)
    }

    public func folder(id: Int64, userID: Int64) async throws -> FolderListing {
        try await database.reading { db in
            guard let folder = try BrowseStore.folder(id: id, db) else { throw notFound("folder", id) }
            return FolderListing(
                folder: folder, folders: try BrowseStore.subfolders(of: folder, db),
                songs: try BrowseStore.folderSongs(id: id, userID: userID, db))
        }
    }

    public func artistIndex(libraryID: Int64?, userID: Int64) async throws -> [IndexGroup<BrowseArtist>] {
        try await artistIndexListing(libraryID: libraryID, userID: userID).groups
    }

    public func artistIndexListing(libraryID: Int64?, userID: Int64) async throws -> ArtistIndexListing {
        let index = try await artistIndexCache.value(for: libraryID) {
            try await database.reading { db in
                try ArtistIndexListing { add in try BrowseStore.forEachAlbumArtist(libraryID: libraryID, userID: nil, db, add) }
            }
        }
        let annotations = try await database.reading { try BrowseStore.artistAnnotations(userID: userID, $0) }
        return index.annotated(with: annotations)
    }

    public func artist(id: Int64, userID: Int64) async throws -> ArtistDetail {
        try await database.reading { db in
            guard try BrowseStore.artistIsPresent(id: id, db),
                  let artist = try BrowseStore.artists(ids: [id], userID: userID, db).first else { throw notFound("artist", id) }
            let albums = try BrowseStore.albums(ids: try BrowseStore.artistAlbumIDs(artistID: id, db), userID: userID, db)
            return ArtistDetail(artist: artist, albums: albums)
        }
    }

    public func album(id: Int64, userID: Int64) async throws -> AlbumDetail {
        try await database.reading { db in
            guard let album = try BrowseStore.albums(ids: [id], userID: userID, db).first else { throw notFound("album", id) }
            return AlbumDetail(album: album, songs: try BrowseStore.albumSongs(id: id, userID: userID, db))
        }
    }

    public func song(id: Int64, userID: Int64) async throws -> BrowseSong {
        try await database.reading { db in
            guard let song = try BrowseStore.songs(ids: [id], userID: userID, db).first else { throw notFound("song", id) }
            return song
        }
    }

    public func songs(ids: [Int64], userID: Int64) async throws -> [BrowseSong] {
        try await database.reading { try BrowseStore.songs(ids: ids, userID: userID, $0) }
    }

    public func genres() async throws -> [BrowseGenre] {
        try await genreCache.value(for: nil) {
            try await database.reading { try BrowseStore.genres($0) }
        }
    }

    public func albumList(_ type: AlbumListType, page: Page, libraryID: Int64?, userID: Int64) async throws -> [BrowseAlbum] {
        let page = page.limited(to: BrowseLimits.listSize)
        return try await database.reading { db in
            let ids = try BrowseStore.albumListIDs(type, page: page, libraryID: libraryID, userID: userID, db)
            return try BrowseStore.albums(ids: ids, userID: userID, db)
        }
    }

    public func randomSongs(_ request: RandomSongsRequest, userID: Int64) async throws -> [BrowseSong] {
        let years: ClosedRange<Int>? = switch (request.fromYear, request.toYear) {
        case (nil, nil): nil
        case let (from, to): min(from ?? Int(Int32.min), to ?? Int(Int32.max))...max(from ?? Int(Int32.min), to ?? Int(Int32.max))
        }
        let size = min(max(0, request.size), BrowseLimits.listSize)
        return try await database.reading { db in
            let ids = try BrowseStore.randomSongIDs(size: size, genre: request.genre, years: years, libraryID: request.libraryID, db)
            return try BrowseStore.songs(ids: ids, userID: userID, db)
        }
    }

    public func songs(genre: String, page: Page, libraryID: Int64?, userID: Int64) async throws -> [BrowseSong] {
        let page = page.limited(to: BrowseLimits.listSize)
        return try await database.reading { db in
            try BrowseStore.songs(ids: try BrowseStore.genreSongIDs(genre, page: page, libraryID: libraryID, db), userID: userID, db)
        }
    }

    public func search(_ request: BrowseSearchRequest, userID: Int64) async throws -> BrowseSearchResult {
        let query = try Self.searchQuery(request.text)
        let limit = BrowseLimits.searchSize
        return try await database.reading { db in
            // Artists, albums and songs search the same columns: what one learns spares the next a query.
            var facts = SearchFacts()
            let artists = try BrowseStore.searchArtists(
                query, page: request.artists.limited(to: limit), libraryID: request.libraryID, userID: userID, facts: &facts, db)
            let albumIDs = try BrowseStore.searchAlbumIDs(
                query, page: request.albums.limited(to: limit), libraryID: request.libraryID, facts: &facts, db)
            let songIDs = try BrowseStore.searchSongIDs(
                query, page: request.songs.limited(to: limit), libraryID: request.libraryID, facts: &facts, db)
            return BrowseSearchResult(
                artists: artists, albums: try BrowseStore.albums(ids: albumIDs, userID: userID, db),
                songs: try BrowseStore.songs(ids: songIDs, userID: userID, db))
        }
    }

    public func starred(libraryID: Int64?, userID: Int64) async throws -> BrowseSearchResult {
        try await database.reading { db in
            let ids = try BrowseStore.starredIDs(userID: userID, libraryID: libraryID, db)
            return BrowseSearchResult(
                artists: try BrowseStore.artists(ids: ids.artists, userID: userID, db),
                albums: try BrowseStore.albums(ids: ids.albums, userID: userID, db),
                songs: try BrowseStore.songs(ids: ids.songs, userID: userID, db))
        }
    }

    /// The search for `text`; nil (list everything) when it is empty, only quotes (`""`, as
    /// some clients send), or has no letters or digits.
    static func searchQuery(_ text: String) throws -> SearchQuery? {
        try? SearchQuery.parse(text.trimmingCharacters(in: searchTrimmed))
    }

    /// What a search's text is trimmed of, made once instead of on every search.
    private static let searchTrimmed = CharacterSet.whitespaces.union(CharacterSet(charactersIn: "\"'*"))

    private func notFound(_ kind: String, _ id: Int64) -> LibraryError {
        LibraryError(.notFound, "No \(kind) with id \(id).")
    }
}

extension Page {
    /// This page with its size capped at `limit`.
    func limited(to limit: Int) -> Page {
        Page(size: min(size, limit), offset: offset)
    }
}
