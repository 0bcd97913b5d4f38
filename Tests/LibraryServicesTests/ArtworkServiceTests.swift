import Foundation
import LibraryCore
@testable import LibraryServices
import Testing
import TestSupport

@Suite("LiveArtworkService finds covers")
struct ArtworkServiceTests {
    @Test("a track's embedded picture wins over its folder's image")
    func embeddedCover() async throws {
        let library = try await ArtworkTestLibrary()
        defer { library.remove() }
        let artwork = try await library.service().cover(for: .track(try library.id("tagged.flac")), size: nil)
        #expect(artwork.format == .jpeg)
        #expect(ImageInfo.dimensions(of: artwork.data)! == (8, 8))
    }

    @Test("without an embedded picture, the folder's image: folder.* beats album.*, names in any case")
    func folderImage() async throws {
        let library = try await ArtworkTestLibrary()
        defer { library.remove() }
        let artwork = try await library.service().cover(for: .track(try library.id("alac.m4a")), size: nil)
        #expect(artwork.data == (try Data(contentsOf: Fixtures.url("covers/cover.jpg"))))
        #expect(artwork.mimeType == "image/jpeg")
    }

    @Test("an album's and an artist's cover come from their tracks")
    func albumAndArtist() async throws {
        let library = try await ArtworkTestLibrary()
        defer { library.remove() }
        let service = library.service()
        let wma = try #require(library.tracks["wma.wma"])
        let album = try await service.cover(for: .album(try #require(wma.albumID)), size: nil)
        #expect(ImageInfo.dimensions(of: album.data)! == (8, 8))
        let artists = try await library.library.artists(ListRequest())
        let mediaPlayer = try #require(artists.first { $0.name == "Media Player" })
        #expect(try await service.cover(for: .artist(mediaPlayer.id), size: nil) == album)
        let appleCore = try #require(artists.first { $0.name == "Apple Core" })
        let folder = try await service.cover(for: .artist(appleCore.id), size: nil)
        #expect(ImageInfo.dimensions(of: folder.data)! == (300, 200))
    }

    @Test("a folder's cover: its image first, else its tracks' embedded picture")
    func folderCover() async throws {
        let library = try await ArtworkTestLibrary()
        defer { library.remove() }
        let service = library.service()
        func folder(of name: String) throws -> Int64 {
            let id: Int64? = try library.database.read { try $0.scalar("SELECT folder_id FROM track WHERE id = \(try library.id(name))") }
            return try #require(id)
        }
        let withImage = try await service.cover(for: .folder(try folder(of: "tagged.flac")), size: nil)
        #expect(ImageInfo.dimensions(of: withImage.data)! == (300, 200))
        let embeddedOnly = try await service.cover(for: .folder(try folder(of: "wma.wma")), size: nil)
        #expect(ImageInfo.dimensions(of: embeddedOnly.data)! == (8, 8))
        for id in [try folder(of: "id3v1.mp3"), 999_999] {
            await #expect { try await service.cover(for: .folder(id), size: nil) } throws: { ($0 as? LibraryError)?.code == .notFound }
        }
    }

    @Test("every fixture with cover art yields its embedded JPEG through TagLib",
          arguments: try Fixtures.expected().files.filter { $0.value.hasCoverArt == true }.keys.sorted())
    func embeddedPictureOfEachFormat(_ name: String) throws {
        let data = try #require(LiveArtworkService.embeddedPicture(at: Fixtures.path(name)))
        #expect(ImageFormat(of: data) == .jpeg)
        #expect(ImageInfo.dimensions(of: data) != nil)
    }

    @Test("files without a picture, and non-audio files, yield none")
    func noEmbeddedPicture() {
        for name in ["id3v1.mp3", "alac.m4a", "random.mp3", "empty.mp3", "covers/cover.jpg", "no-such-file.mp3"] {
            #expect(LiveArtworkService.embeddedPicture(at: Fixtures.path(name)) == nil, "\(name)")
        }
    }

    @Test("unknown ids and items without any cover are not found; a size below 1 is refused")
    func errors() async throws {
        let library = try await ArtworkTestLibrary()
        defer { library.remove() }
        let service = library.service()
        await #expect(throws: LibraryError.self) { try await service.cover(for: .track(999_999), size: nil) }
        do {
            _ = try await service.cover(for: .track(try library.id("id3v1.mp3")), size: nil)
            Issue.record("a track without a cover had one")
        } catch let error as LibraryError {
            #expect(error.code == .notFound)
            #expect(error.message.contains("No cover art"))
        }
        for item in [ArtworkItem.album(999_999), .artist(999_999)] {
            await #expect { try await service.cover(for: item, size: nil) } throws: { ($0 as? LibraryError)?.code == .notFound }
        }
        await #expect { try await service.cover(for: .track(try library.id("tagged.flac")), size: 0) } throws: {
            ($0 as? LibraryError)?.code == .invalidInput
        }
    }

    @Test("a corrupt image is served as is, but resizing it is a clear error, not a crash")
    func corruptImage() async throws {
        let library = try await ArtworkTestLibrary()
        defer { library.remove() }
        let service = library.service()
        let id = try library.id("tta.tta")
        #expect(try await service.cover(for: .track(id), size: nil).data.count == 604)
        await #expect { try await service.cover(for: .track(id), size: 50) } throws: { error in
            let error = error as? LibraryError
            return error?.code == .fileSystem && error?.message.contains("corrupt") == true
        }
    }
}
