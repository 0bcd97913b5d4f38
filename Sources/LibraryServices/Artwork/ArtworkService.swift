import Foundation
import LibraryCore

/// Cover art for tracks, albums and artists: the embedded picture or the folder's image,
/// resized on request and cached. (Its requirements are added with the media endpoints.)
public protocol ArtworkService: Sendable {}

/// An `ArtworkService` with nothing to call yet.
public struct UnimplementedArtworkService: ArtworkService {
    public init() {}
}
