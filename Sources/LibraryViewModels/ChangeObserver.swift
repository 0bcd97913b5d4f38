import LibraryServices

/// Runs `reload` whenever the feed reports an event `isRelevant` accepts, until cancelled.
///
/// Bursts are coalesced: relevant events only mark the view model out of date (a signal
/// that holds at most one pending mark), and one loop reloads while it is marked. However
/// many events arrive during a reload, one more reload follows it, not one per event.
func observe(
    _ feed: ChangeFeed, isRelevant: @escaping @Sendable (LibraryEvent) -> Bool,
    reload: @escaping @Sendable () async -> Void
) -> Task<Void, Never> {
    observe(feed.events(), isRelevant: isRelevant, reload: reload)
}

/// `observe(_:isRelevant:reload:)` over any stream of events. When `events` ends, the
/// reload it asked for last still runs, then the task ends: a test that ends its stream
/// and awaits the task has seen every reload there will be.
func observe(
    _ events: AsyncStream<LibraryEvent>, isRelevant: @escaping @Sendable (LibraryEvent) -> Bool,
    reload: @escaping @Sendable () async -> Void
) -> Task<Void, Never> {
    let (outOfDate, mark) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    return Task {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await event in events where isRelevant(event) { mark.yield() }
                mark.finish()
            }
            group.addTask {
                for await _ in outOfDate {
                    if Task.isCancelled { return }
                    await reload()
                }
            }
        }
    }
}
