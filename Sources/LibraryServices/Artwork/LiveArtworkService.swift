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
        return try await OffCooperativePool.run { [self] in try findCover(for: item, size: size) }
    }

    /// The cover of `item`, blocking: database, TagLib, file reads and libgd.
    func findCover(for item: ArtworkItem, size: Int?) throws(LibraryError) -> Artwork {
        if case .folder(let id) = item { return try folderCover(id: id, size: size) }
        let groups = try candidateGroups(for: item)
        for group in groups {
            if let artwork = try cover(from: group, size: size) { return artwork }
        }
        if groups.isEmpty { throw LibraryError(.notFound, "There is no \(item) (or all its files are missing).") }
        throw LibraryError(.notFound, "No cover art for \(item): no embedded picture and no cover image in its folder.")
    }

    /// The candidate tracks, one group per album, in the order their covers are tried.
    func candidateGroups(for item: ArtworkItem) throws(LibraryError) -> [[ArtworkStore.Candidate]] {
        switch item {
        case .track(let id):
            let tracks = try database.reading { try ArtworkStore.candidates(trackID: id, $0) }
            return tracks.isEmpty ? [] : [tracks]
        case .album(let id):
            let tracks = try database.reading { try ArtworkStore.candidates(albumID: id, limit: Self.candidateLimit, $0) }
            return tracks.isEmpty ? [] : [tracks]
        case .folder:
            return []
        case .artist(let id):
            let tracks = try database.reading { try ArtworkStore.candidates(artistID: id, limit: Self.candidateLimit, $0) }
            var groups: [[ArtworkStore.Candidate]] = []
            for track in tracks {
                if let last = groups.last?.last, last.albumID == track.albumID {
                    groups[groups.count - 1].append(track)
                } else {
                    groups.append([track])
                }
            }
            return groups
        }
    }

    /// A folder's image, else the first embedded picture among its tracks.
    func folderCover(id: Int64, size: Int?) throws(LibraryError) -> Artwork {
        guard let folder = try database.reading({ try ArtworkStore.folder(id: id, limit: Self.candidateLimit, $0) }) else {
            throw LibraryError(.notFound, "There is no folder \(id).")
        }
        if let image = CoverFiles.folderImage(in: folder.path), let artwork = try cover(at: image, embedded: false, size: size) {
            return artwork
        }
        for track in folder.tracks where track.hasEmbeddedCover {
            if let artwork = try cover(at: track.path, embedded: true, size: size) { return artwork }
        }
        throw LibraryError(.notFound, "No cover art for folder \(id): no cover image in it and no embedded picture in its tracks.")
    }

    /// The first cover among `group`'s embedded pictures, then its folders' images.
    func cover(from group: [ArtworkStore.Candidate], size: Int?) throws(LibraryError) -> Artwork? {
        for track in group where track.hasEmbeddedCover {
            if let artwork = try cover(at: track.path, embedded: true, size: size) { return artwork }
        }
        var folders: [RawPath] = []
        for track in group where !folders.contains(track.path.parent) {
            folders.append(track.path.parent)
        }
        for folder in folders {
            guard let image = CoverFiles.folderImage(in: folder) else { continue }
            if let artwork = try cover(at: image, embedded: false, size: size) { return artwork }
        }
        return nil
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
