import Foundation
import LibraryCore

/// A `BrowseService` whose every method throws `.unimplemented`.
public struct UnimplementedBrowseService: BrowseService {
    public init() {}
    public func musicFolders() async throws -> [Library] { throw unimplemented("BrowseService.musicFolders") }
    public func topFolders(libraryID: Int64?, userID: Int64) async throws -> TopFolders { throw unimplemented("BrowseService.topFolders") }
    public func folder(id: Int64, userID: Int64) async throws -> FolderListing { throw unimplemented("BrowseService.folder") }
    public func artistIndex(libraryID: Int64?, userID: Int64) async throws -> [IndexGroup<BrowseArtist>] {
        throw unimplemented("BrowseService.artistIndex")
    }
    public func artistIndexListing(libraryID: Int64?, userID: Int64) async throws -> ArtistIndexListing {
        throw unimplemented("BrowseService.artistIndexListing")
    }
    public func artist(id: Int64, userID: Int64) async throws -> ArtistDetail { throw unimplemented("BrowseService.artist") }
    public func album(id: Int64, userID: Int64) async throws -> AlbumDetail { throw unimplemented("BrowseService.album") }
    public func song(id: Int64, userID: Int64) async throws -> BrowseSong { throw unimplemented("BrowseService.song") }
    public func songs(ids: [Int64], userID: Int64) async throws -> [BrowseSong] { throw unimplemented("BrowseService.songs(ids:)") }
    public func genres() async throws -> [BrowseGenre] { throw unimplemented("BrowseService.genres") }
    public func albumList(_ type: AlbumListType, page: Page, libraryID: Int64?, userID: Int64) async throws -> [BrowseAlbum] {
        throw unimplemented("BrowseService.albumList")
    }
    public func randomSongs(_ request: RandomSongsRequest, userID: Int64) async throws -> [BrowseSong] {
        throw unimplemented("BrowseService.randomSongs")
    }
    public func songs(genre: String, page: Page, libraryID: Int64?, userID: Int64) async throws -> [BrowseSong] {
        throw unimplemented("BrowseService.songs(genre:)")
    }
    public func search(_ request: BrowseSearchRequest, userID: Int64) async throws -> BrowseSearchResult {
        throw unimplemented("BrowseService.search")
    }
    public func starred(libraryID: Int64?, userID: Int64) async throws -> BrowseSearchResult { throw unimplemented("BrowseService.starred") }
}
