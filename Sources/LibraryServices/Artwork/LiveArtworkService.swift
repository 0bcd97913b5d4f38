import CTagLib
import Foundation
import LibraryCore

/// `ArtworkService` over the database, TagLib and libgd.
///
/// The database names the files (tracks of the libraries); a cover is the first image found
/// among them: a track's embedded picture (read with TagLib), else an image in its folder
/// (`CoverFiles`). Only bytes that are an image by their magic bytes are ever returned, so a
/// folder image that is really something else is never served. Resized covers are cached
/// under the source file's path, size and mtime plus the asked size: a changed cover is a
/// new key, and items that share a source (an album and its tracks) share the cached file.
public struct LiveArtworkService: ArtworkService {
    /// Resizes an image to fit a square; nil when it already fits.
    public typealias Resize = @Sendable (Data, Int) throws(LibraryError) -> Artwork?

    /// How many of an album's or artist's tracks are looked at, at most.
    static let candidateLimit = 500
    let database: DatabaseQueue
    let cache: CoverCache?
    let resize: Resize

    /// Covers from `database`'s tracks, resized ones kept in `cache` when given.
    public init(database: DatabaseQueue, cache: CoverCache?, resize: @escaping Resize = { data, size throws(LibraryError) in
        try ImageResizer.fit(data, in: size)
    }) {
        self.database = database
        self.cache = cache
        self.resize = resize
    }

    public func cover(for item: ArtworkItem, size: Int?) async throws -> Artwork {
        if let size, size < 1 { throw LibraryError(.invalidInput, "The cover size must be at least 1 pixel, not \(size).") }
        guard let places = try await places(for: item) else {
            throw LibraryError(.notFound, "There is no \(item) (or all its files are missing).")
        }
        return try await OffCooperativePool.run { [self] in try firstCover(of: item, in: places, size: size) }
    }

    /// The first cover found in `places`, blocking: TagLib, file reads and libgd.
    func firstCover(of item: ArtworkItem, in places: [Place], size: Int?) throws(LibraryError) -> Artwork {
        for place in places {
            let path: RawPath?
            let embedded: Bool
            switch place {
            case .embedded(let file): (path, embedded) = (file, true)
            case .imageIn(let folder): (path, embedded) = (CoverFiles.folderImage(in: folder), false)
            }
            if let path, let artwork = try cover(at: path, embedded: embedded, size: size) { return artwork }
        }
        throw LibraryError(.notFound, "No cover art for \(item): no embedded picture and no cover image in its folder.")
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
    /// itself), resized and cached when `size` is given; nil when there is no image there.
    func cover(at path: RawPath, embedded: Bool, size: Int?) throws(LibraryError) -> Artwork? {
        guard let identity = CoverFiles.identity(of: path) else { return nil }
        let key = size.map { Self.cacheKey(path: path, embedded: embedded, identity: identity, size: $0) }
        if let key, let hit = cache?.artwork(for: key) { return hit }
        guard let data = embedded ? Self.embeddedPicture(at: path) : CoverFiles.contents(of: path),
              let format = ImageFormat(of: data)
        else { return nil }
        let original = Artwork(data: data, format: format)
        guard let size, let key else { return original }
        guard let resized = try resize(data, size) else { return original }
        cache?.store(resized, for: key)
        return resized
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
