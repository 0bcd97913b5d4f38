import Foundation
import LibraryCore

/// Cover art for tracks, albums and artists: the embedded picture or the folder's image,
/// resized on request and cached.
///
/// Only files the libraries index are read: callers name items by id, never by path.
public protocol ArtworkService: Sendable {
    /// The cover of `item`, fitted into `size`×`size` pixels when `size` is given (never
    /// upscaled). Throws `.notFound` when the item does not exist or has no cover,
    /// `.invalidInput` for a size below 1, `.fileSystem` when the image cannot be decoded.
    func cover(for item: ArtworkItem, size: Int?) async throws -> Artwork
}

/// What a cover is asked for.
public enum ArtworkItem: Sendable, Hashable, CustomStringConvertible {
    /// A track: its embedded picture, else its folder's image.
    case track(Int64)
    /// An album: its first track with an embedded picture, else its folder's image.
    case album(Int64)
    /// An artist: the cover of their first album that has one.
    case artist(Int64)
    /// A folder (as the scanner walked it): its image, else its first track's embedded picture.
    case folder(Int64)

    public var description: String {
        switch self {
        case .track(let id): "track \(id)"
        case .album(let id): "album \(id)"
        case .artist(let id): "artist \(id)"
        case .folder(let id): "folder \(id)"
        }
    }
}

/// An image file's bytes and format.
public struct Artwork: Sendable, Equatable {
    public var data: Data
    public var format: ImageFormat

    public init(data: Data, format: ImageFormat) {
        self.data = data
        self.format = format
    }

    /// The MIME type to send it with.
    public var mimeType: String { format.mimeType }
}

/// An `ArtworkService` whose every call throws `.unimplemented`.
public struct UnimplementedArtworkService: ArtworkService {
    public init() {}
    public func cover(for item: ArtworkItem, size: Int?) async throws -> Artwork { throw unimplemented("ArtworkService.cover") }
}
