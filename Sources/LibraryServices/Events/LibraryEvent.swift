import LibraryCore

/// Something that changed in the library, published by the services to every subscriber.
public enum LibraryEvent: Sendable, Equatable {
    /// Libraries were added, renamed or removed.
    case librariesChanged
    /// Tracks of a library were added, updated or marked missing (nil: any library).
    case tracksChanged(libraryID: Int64?)
    /// A playlist was created, edited or deleted (nil: several).
    case playlistsChanged(playlistID: Int64?)
    /// A scan made progress.
    case scanProgress(ScanProgress)
}
