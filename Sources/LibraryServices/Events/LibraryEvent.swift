import LibraryCore

/// Something that changed in the library, published to every subscriber: the changes as the
/// database committed them (`events(for:)`), scan progress as a scan makes it.
public enum LibraryEvent: Sendable, Equatable {
    /// Libraries were added, renamed, removed or scanned.
    case librariesChanged
    /// Tracks of a library were added, updated, marked missing or removed (nil: of any
    /// library, or of more libraries than `events(for:)` names one by one).
    case tracksChanged(libraryID: Int64?)
    /// A playlist was created, edited or deleted, or its entries changed (nil: several).
    case playlistsChanged(playlistID: Int64?)
    /// A scan made progress.
    case scanProgress(ScanProgress)
}
