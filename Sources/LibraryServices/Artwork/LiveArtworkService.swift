import CTagLib
import Foundation
import LibraryCore
import LibraryStorage

/// `ArtworkService` over the database, TagLib and libgd.
///
/// The database names the files (tracks of the libraries); a cover is the first image found
/// among them: a track's embedded picture (read with TagLib), else an image in its folder
/// (`CoverFiles`). Only bytes that are an image by their magic bytes are ever returned, so a
/// folder image that is really something else is never served. A size asked for is rounded
/// up to one of a few steps (`sizeSteps`; above the largest the original is sent), so
/// clients asking for 1, 2, 3... pixels share one resized image. Resized covers are cached
/// under the source file's path, size and mtime plus the step: a changed cover is a new
/// key, and items that share a source (an album and its tracks) share the cached file.
/// Resizes (decoding, scaling and encoding with libgd) run at most `resizeLimit` at once;
/// the requests beyond wait suspended, holding no thread.
public struct LiveArtworkService: ArtworkService {
    /// Resizes an image to fit a square; nil when it already fits.
    public typealias Resize = @Sendable (Data, Int) throws(LibraryError) -> Artwork?

    /// The sizes covers are resized to, smallest first.
    public static let sizeSteps = [64, 128, 256, 512, 1024]
    /// How many of an album's or artist's tracks are looked at, at most.
    static let candidateLimit = 500
    let database: DatabasePool
    let cache: CoverCache?
    let resize: Resize
    let resizes: AsyncSemaphore

    /// Covers from `database`'s tracks, resized ones kept in `cache` when given, at most
    /// `resizeLimit` resizes at a time (by default one per processor).
    package init(
        database: DatabasePool, cache: CoverCache?, resizeLimit: Int = ProcessInfo.processInfo.activeProcessorCount,
        resize: @escaping Resize = { data, size throws(LibraryError) in try ImageResizer.fit(data, in: size) }
    ) {
        self.database = database
        self.cache = cache
        self.resize = resize
        self.resizes = AsyncSemaphore(permits: resizeLimit)
    }

    /// The step a cover asked for at `size` pixels is resized to; nil above the largest
    /// step (the original is sent).
    public static func step(for size: Int) -> Int? {
        sizeSteps.first { $0 >= size }
    }

    public func cover(for item: ArtworkItem, size: Int?) async throws -> Artwork {
        if let size, size < 1 { throw LibraryError(.invalidInput, "The cover size must be at least 1 pixel, not \(size).") }
        guard let places = try await places(for: item) else {
            throw LibraryError(.notFound, "There is no \(item) (or all its files are missing).")
        }
        let step = size.flatMap(Self.step(for:))
        switch try await OffCooperativePool.run({ [self] in try firstCover(of: item, in: places, size: step) }) {
        case .ready(let artwork):
            return artwork
        case .toResize(let original, let key, let size):
            return try await resizes.withPermit {
                try await OffCooperativePool.run { [self] in try resized(original, to: size, key: key) }
            }
        }
    }

    /// A cover found: ready to send (the original, or a cache hit), or to be resized.
    enum Found: Sendable {
        case ready(Artwork)
        /// `original` fitted into `size`×`size` is the answer, cached under `key`.
        case toResize(Artwork, key: String, size: Int)
    }

    /// The first cover found in `places`, blocking: TagLib and file reads.
    func firstCover(of item: ArtworkItem, in places: [Place], size: Int?) throws(LibraryError) -> Found {
        for place in places {
            let path: RawPath?
            let embedded: Bool
            switch place {
            case .embedded(let file): (path, embedded) = (file, true)
            case .imageIn(let folder): (path, embedded) = (CoverFiles.folderImage(in: folder), false)
            }
            if let path, let found = cover(at: path, embedded: embedded, size: size) { return found }
        }
        throw LibraryError(.notFound, "No cover art for \(item): no embedded picture and no cover image in its folder.")
    }

    /// `original` fitted into `size`×`size` and cached under `key`, blocking (libgd). The
    /// cache is asked again first: a request for the same image may have made it meanwhile.
    func resized(_ original: Artwork, to size: Int, key: String) throws(LibraryError) -> Artwork {
        if let hit = cache?.artwork(for: key) { return hit }
        guard let resized = try resize(original.data, size) else { return original }
        cache?.store(resized, for: key)
        return resized
    }

    /// Where a cover may be, in the order to look.
    enum Place: Sendable, Equatable {
        /// The picture embedded in this audio file.
        case embedded(RawPath)
        /// The best cover image file in this folder.
        case imageIn(RawPath)
    }

    /// The places to look for `item`'s cover, from the database; nil when there is no such item.
    ///
    /// Album by album (an artist has several), the embedded pictures of its tracks, then the
    /// images in their folders; a folder's own image comes before its tracks' pictures.
    func places(for item: ArtworkItem) async throws(LibraryError) -> [Place]? {
        let limit = Self.candidateLimit
        switch item {
        case .track(let id):
            return Self.places(try await database.reading { try ArtworkStore.candidates(trackID: id, $0) })
        case .album(let id):
            return Self.places(try await database.reading { try ArtworkStore.candidates(albumID: id, limit: limit, $0) })
        case .artist(let id):
            return Self.places(try await database.reading { try ArtworkStore.candidates(artistID: id, limit: limit, $0) })
        case .folder(let id):
            guard let folder = try await database.reading({ try ArtworkStore.folder(id: id, limit: limit, $0) }) else { return nil }
            return [.imageIn(folder.path)] + folder.tracks.filter(\.hasEmbeddedCover).map { .embedded($0.path) }
        }
    }

    /// Each album's embedded pictures, then its folders' images, album after album; nil for no tracks.
    static func places(_ tracks: [ArtworkStore.Candidate]) -> [Place]? {
        guard !tracks.isEmpty else { return nil }
        var groups: [[ArtworkStore.Candidate]] = []
        for track in tracks {
            if let last = groups.last?.last, last.albumID == track.albumID {
                groups[groups.count - 1].append(track)
            } else {
                groups.append([track])
            }
        }
        return groups.flatMap { group -> [Place] in
            var folders: [RawPath] = []
            for track in group where !folders.contains(track.path.parent) { folders.append(track.path.parent) }
            return group.filter(\.hasEmbeddedCover).map { .embedded($0.path) } + folders.map { .imageIn($0) }
        }
    }

    /// The cover held by the file at `path` (its embedded picture, or the image file
    /// itself): cached or to be resized when `size` is given; nil when there is no image there.
    func cover(at path: RawPath, embedded: Bool, size: Int?) -> Found? {
        guard let identity = CoverFiles.identity(of: path) else { return nil }
        let key = size.map { Self.cacheKey(path: path, embedded: embedded, identity: identity, size: $0) }
        if let key, let hit = cache?.artwork(for: key) { return .ready(hit) }
        guard let data = embedded ? Self.embeddedPicture(at: path) : CoverFiles.contents(of: path),
              let format = ImageFormat(of: data)
        else { return nil }
        let original = Artwork(data: data, format: format)
        guard let size, let key else { return .ready(original) }
        // Images are never upscaled: one that fits, by its header, needs no resize.
        if let (width, height) = ImageInfo.dimensions(of: data), width <= size, height <= size { return .ready(original) }
        return .toResize(original, key: key, size: size)
    }

    /// The picture embedded in the audio file at `path`, through TagLib (none over 32 MiB).
    static func embeddedPicture(at path: RawPath) -> Data? {
        guard let picture = path.withCString({ ctaglib_read_picture($0) }) else { return nil }
        defer { ctaglib_picture_free(picture) }
        guard picture.pointee.size <= CoverFiles.maximumImageBytes else { return nil }
        return Data(bytes: picture.pointee.data, count: picture.pointee.size)
    }

    /// "<hash of kind and path>-<file size>-<mtime>-<asked size>": a file name, whatever the path.
    static func cacheKey(path: RawPath, embedded: Bool, identity: (size: Int64, mtimeNs: Int64), size: Int) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 // FNV-1a
        for byte in [embedded ? 1 : 0] + path.bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return "\(String(hash, radix: 16))-\(identity.size)-\(identity.mtimeNs)-\(size)"
    }
}
