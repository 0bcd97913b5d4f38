import Foundation
import LibraryCore
import LibraryServices
import Testing
import TestSupport

@Suite("Folder browsing over the real folders of the sample library")
struct BrowseFolderTests {
    @Test func theTopListsTheRootsChildrenAndFoldersNestByID() async throws {
        let harness = try BrowseHarness(reader: TagLibReader())
        defer { harness.folder.remove() }
        try await harness.scan(Fixtures.sampleLibrary.path)

        let libraries = try await harness.browse.musicFolders()
        #expect(libraries.count == 1)
        let top = try await harness.browse.topFolders(libraryID: nil, userID: User.localID)
        #expect(top.index.map(\.name) == ["B", "M", "T", "V"])
        #expect(top.index.flatMap(\.items).map(\.name) == ["Björk", "Mötley Crüe", "Tokyo Jihen", "Various Artists"])
        #expect(top.songs.isEmpty)
        #expect(top.lastModified != nil)
        #expect(try await harness.browse.topFolders(libraryID: 999, userID: User.localID).index.isEmpty)

        let bjork = try #require(top.index.first?.items.first)
        let artistFolder = try await harness.browse.folder(id: bjork.id, userID: User.localID)
        #expect(artistFolder.folders.map(\.name) == ["Homogenic (1997)"])
        #expect(artistFolder.songs.isEmpty)
        let root = try #require(artistFolder.folder.parentID)
        #expect(try await harness.browse.folder(id: root, userID: User.localID).folder.parentID == nil)

        let album = try await harness.browse.folder(id: artistFolder.folders[0].id, userID: User.localID)
        #expect(album.folder.parentID == bjork.id)
        #expect(album.folder.name == "Homogenic (1997)")
        #expect(album.folders.isEmpty)
        #expect(album.songs.map(\.track.title) == ["Hunter", "Jóga", "Unravel"])
        #expect(album.songs.allSatisfy { $0.folderID == album.folder.id })

        let decade = try #require(top.index.flatMap(\.items).first { $0.name == "Mötley Crüe" })
        let discs = try await harness.browse.folder(id: try #require(try await harness.browse.folder(id: decade.id, userID: 1).folders.first).id, userID: 1)
        #expect(discs.folders.map(\.name) == ["CD1", "CD2"])

        await #expect(throws: LibraryError(.notFound, "No folder with id 9999.")) {
            _ = try await harness.browse.folder(id: 9999, userID: User.localID)
        }
    }

    @Test func songsLyingInARootFolderAreListedAtTheTop() async throws {
        let harness = try BrowseHarness()
        defer { harness.folder.remove() }
        try BrowseFixture.write(into: harness)
        try await harness.scan()
        let top = try await harness.browse.topFolders(libraryID: nil, userID: User.localID)
        #expect(top.songs.map(\.track.title) == ["Loose"])
        #expect(top.index.flatMap(\.items).map(\.name) == ["Air", "The Beatles", "Björk", "Sampler"])
    }
}
