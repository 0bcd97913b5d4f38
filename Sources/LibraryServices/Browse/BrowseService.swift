import Foundation
import LibraryCore

/// What a music server's clients browse by: folders, artist and album indexes, genres,
/// album lists, random picks and paged search, with each user's stars and play counts.
/// (Its requirements are added with the browse endpoints.)
public protocol BrowseService: Sendable {}

/// A `BrowseService` with nothing to call yet.
public struct UnimplementedBrowseService: BrowseService {
    public init() {}
}
