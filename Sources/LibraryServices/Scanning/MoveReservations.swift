import Synchronization

/// The missing tracks a scan has given to new files, so two files never take over one
/// track: the planner reserves a track for a renamed file, the writer for a file it
/// recognises by content, and whichever comes first keeps it. Holds one id per move.
final class MoveReservations: Sendable {
    private let ids = Mutex<Set<Int64>>([])

    /// Reserves the track `id` for the caller; false when it was already reserved.
    func reserve(_ id: Int64) -> Bool {
        ids.withLock { $0.insert(id).inserted }
    }
}
