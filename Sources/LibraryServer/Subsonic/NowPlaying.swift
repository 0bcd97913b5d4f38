import Foundation
import Synchronization

/// What each user is playing now (Subsonic `scrobble` with `submission=false`), in memory:
/// one entry per user and player, gone once the song would have ended.
public final class NowPlaying: Sendable {
    /// One user playing one track on one player.
    public struct Entry: Sendable, Equatable {
        public var userID: Int64
        public var userName: String
        public var trackID: Int64
        /// The client name (`c`), which Subsonic shows as the player.
        public var player: String
        public var startedAt: Date
        public var endsAt: Date
    }

    private struct Key: Hashable {
        let userID: Int64
        let player: String
    }

    /// The most entries kept: a client cannot grow the table without bound.
    static let capacity = 1000
    private let entries = Mutex<[Key: Entry]>([:])

    public init() {}

    /// Records that a user started a track of `duration` at `date` on `player`.
    public func start(trackID: Int64, duration: TimeInterval, user: (id: Int64, name: String), player: String, at date: Date) {
        let entry = Entry(
            userID: user.id, userName: user.name, trackID: trackID, player: String(player.prefix(100)),
            startedAt: date, endsAt: date.addingTimeInterval(max(duration, 1)))
        entries.withLock { entries in
            entries = entries.filter { $0.value.endsAt > date }
            if entries.count >= Self.capacity, let oldest = entries.min(by: { $0.value.startedAt < $1.value.startedAt }) {
                entries.removeValue(forKey: oldest.key)
            }
            entries[Key(userID: user.id, player: entry.player)] = entry
        }
    }

    /// The entries still playing at `date`, most recent first.
    public func current(at date: Date) -> [Entry] {
        entries.withLock { entries in
            entries = entries.filter { $0.value.endsAt > date }
            return entries.values.sorted { ($0.startedAt, $0.userName) > ($1.startedAt, $1.userName) }
        }
    }
}
