import Synchronization

/// What a `DatabaseQueue` does around each write it commits: reads what the transaction
/// changed from the writer's change log just before COMMIT, and once committed hands it to
/// the observers, or to the collector the write was given.
final class CommitObservers: Sendable {
    /// Reads and empties the writer's change log (`ChangeLog.drain`); nil: no log.
    private let drain: (@Sendable (Connection) throws -> CommittedChanges)?
    private let observers = Mutex<[@Sendable (CommittedChanges) -> Void]>([])

    init(drain: (@Sendable (Connection) throws -> CommittedChanges)?) {
        self.drain = drain
    }

    func add(_ observer: @escaping @Sendable (CommittedChanges) -> Void) {
        observers.withLock { $0.append(observer) }
    }

    /// What the transaction open on `connection` changed (empty without a log).
    func changes(_ connection: Connection) throws -> CommittedChanges {
        try drain?(connection) ?? CommittedChanges()
    }

    /// Hands committed `changes` to `collector` when there is one, otherwise to every
    /// observer, in the order they were added. Called with the writer held, so observers
    /// hear of commits in the order they were made.
    func committed(_ changes: CommittedChanges, collector: ChangeCollector?) {
        guard !changes.isEmpty else { return }
        if let collector {
            collector.add(changes)
            return
        }
        for observer in observers.withLock({ $0 }) { observer(changes) }
    }
}

/// Committed changes set aside to be reported later, all at once: writes made with
/// `DatabaseQueue.write(collectingChangesIn:)` add theirs here instead of telling the
/// commit observers, and whoever made the collector hands them on with `take()` (a scan,
/// which commits in many batches, reports its changes once, as it ends).
package final class ChangeCollector: Sendable {
    private let collected = Mutex(CommittedChanges())

    package init() {}

    func add(_ changes: CommittedChanges) {
        collected.withLock { $0.formUnion(changes) }
    }

    /// The changes collected so far; the collector is left empty.
    package func take() -> CommittedChanges {
        collected.withLock { collected in
            defer { collected = CommittedChanges() }
            return collected
        }
    }
}
