import Foundation
import LibraryCore
@testable import LibraryServices
import LibraryStorage
import Synchronization
import TestSupport

/// A scanned temporary library laid out for cover art: one folder per case.
///
/// - Embedded/: tagged.flac (an 8×8 embedded JPEG) beside a 300×200 cover.jpg
/// - Folder/: alac.m4a (no picture) with Folder.JPG (300×200) and album.png: the folder name wins
/// - Alpha/: no-title.mp3 with COVER.png (120×80, translucent)
/// - None/: id3v1.mp3 and no image
/// - Corrupt/: tta.tta with a cover.jpg that is a JPEG header and then garbage
/// - Wma/: wma.wma (an embedded picture, album artist "Media Player")
struct ArtworkTestLibrary {
    let folder: TemporaryDirectory
    let database: DatabasePool
    let library: LiveLibraryService
    /// The tracks by file name.
    let tracks: [String: Track]

    static let layout = [
        "Embedded/tagged.flac": "tagged.flac", "Embedded/cover.jpg": "covers/cover.jpg",
        "Folder/alac.m4a": "alac.m4a", "Folder/Folder.JPG": "covers/cover.jpg", "Folder/album.png": "covers/alpha.png",
        "Alpha/no-title.mp3": "no-title.mp3", "Alpha/COVER.png": "covers/alpha.png",
        "None/id3v1.mp3": "id3v1.mp3", "Corrupt/tta.tta": "tta.tta", "Wma/wma.wma": "wma.wma",
    ]

    init() async throws {
        folder = try TemporaryDirectory("artwork")
        for (relative, fixture) in Self.layout {
            try folder.copy(Fixtures.url(fixture), to: "music/\(relative)")
        }
        let corrupt = Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data(repeating: 0x42, count: 600)
        try folder.write("music/Corrupt/cover.jpg", corrupt)
        database = try Database.open(.inMemory)
        let feed = ChangeFeed()
        let scanner = LiveScanService(database: database, reader: TagLibReader(), feed: feed, files: ScanFiles())
        _ = try await scanner.run(folder.path("music"))
        library = LiveLibraryService(database: database, feed: feed)
        let all = try await library.tracks(ListRequest())
        tracks = Dictionary(uniqueKeysWithValues: all.map { (String(decoding: $0.path.lastComponent, as: UTF8.self), $0) })
    }

    /// The service over this library, with `cache` and a resize that counts its calls.
    func service(cache: CoverCache? = nil, counter: ResizeCounter = ResizeCounter()) -> LiveArtworkService {
        LiveArtworkService(database: database, cache: cache) { data, size throws(LibraryError) in
            counter.increment()
            return try ImageResizer.fit(data, in: size)
        }
    }

    /// The service with a cache in this library's folder, the cache and the resize counter.
    func cachedService() -> (LiveArtworkService, CoverCache, ResizeCounter) {
        let cache = CoverCache(directory: folder.url.appendingPathComponent("cache"))
        let counter = ResizeCounter()
        return (service(cache: cache, counter: counter), cache, counter)
    }

    /// The id of track `name`.
    func id(_ name: String) throws -> Int64 {
        guard let track = tracks[name] else { throw LibraryError(.notFound, "no fixture track \(name)") }
        return track.id
    }

    func remove() { folder.remove() }
}

/// Counts resizes (decodes), from any thread.
final class ResizeCounter: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
