import LibraryServices

/// Runs `reload` whenever the feed reports an event `isRelevant` accepts, until cancelled.
/// Bursts are coalesced: events that arrive while a reload runs cause one more reload.
func observe(
    _ feed: ChangeFeed, isRelevant: @escaping @Sendable (LibraryEvent) -> Bool,
    reload: @escaping @Sendable () async -> Void
) -> Task<Void, Never> {
    let events = feed.events()
    return Task {
        for await event in events where isRelevant(event) {
            if Task.isCancelled { return }
            await reload()
        }
    }
}
