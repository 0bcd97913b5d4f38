import LibraryStorage

extension LibraryEvent {
    /// Above this many libraries or playlists of one kind changed by one transaction, one
    /// event without an id stands for them all: a prune that empties a hundred playlists is
    /// one reload for each subscriber, not a hundred.
    static let namedChangeLimit = 8

    /// The events of committed `changes`, at most one per kind and id: `librariesChanged`,
    /// then `tracksChanged` per library, then `playlistsChanged` per playlist, ids ascending.
    package static func events(for changes: CommittedChanges) -> [LibraryEvent] {
        var events: [LibraryEvent] = changes.libraries.isEmpty ? [] : [.librariesChanged]
        events += named(changes.trackLibraries).map(LibraryEvent.tracksChanged(libraryID:))
        events += named(changes.playlists).map(LibraryEvent.playlistsChanged(playlistID:))
        return events
    }

    /// Each id, ascending; or nil alone when there are more than `namedChangeLimit`.
    private static func named(_ ids: Set<Int64>) -> [Int64?] {
        ids.count > namedChangeLimit ? [nil] : ids.sorted()
    }
}
