import Foundation
import LibraryCore
import LibraryStorage

/// `AnnotationService` over SQLite. Marks hang on the stable track, album and artist ids,
/// so they survive moves and renames and go with an item when it is pruned.
public struct LiveAnnotationService: AnnotationService {
    let database: DatabasePool
    let now: @Sendable () -> Date

    package init(database: DatabasePool, now: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        self.now = now
    }

    public func star(_ items: [AnnotatedItem], user: Int64) async throws {
        try await database.writing { db in
            try ensureExist(items, db)
            for item in items { try AnnotationStore.star(item, userID: user, now: now(), db) }
        }
    }

    public func unstar(_ items: [AnnotatedItem], user: Int64) async throws {
        try await database.writing { db in
            try ensureExist(items, db)
            for item in items { try AnnotationStore.unstar(item, userID: user, db) }
        }
    }

    public func setRating(_ rating: Int?, for item: AnnotatedItem, user: Int64) async throws {
        let stored = rating == 0 ? nil : rating
        if let stored, !(1...5).contains(stored) {
            throw LibraryError(.invalidInput, "A rating of \(stored) is not valid: rate from 1 to 5, or 0 to remove the rating.")
        }
        try await database.writing { db in
            try ensureExist([item], db)
            try AnnotationStore.setRating(stored, for: item, userID: user, db)
        }
    }

    public func scrobble(trackID: Int64, at date: Date, user: Int64) async throws {
        try await database.writing { db in
            try ensureExist([.track(trackID)], db)
            try AnnotationStore.recordPlay(trackID: trackID, at: date, userID: user, db)
        }
    }

    public func annotations(for items: [AnnotatedItem], user: Int64) async throws -> [AnnotatedItem: Annotation] {
        try await database.reading { db in try AnnotationStore.annotations(for: items, userID: user, db) }
    }

    public func playQueue(user: Int64) async throws -> PlayQueue? {
        try await database.reading { db in try PlayQueueStore.find(userID: user, db) }
    }

    public func savePlayQueue(_ queue: PlayQueue, user: Int64) async throws {
        if let current = queue.currentTrackID, !queue.trackIDs.contains(current) {
            throw LibraryError(.invalidInput, "The current track \(current) is not in the play queue: pick one of its tracks.")
        }
        if queue.positionMs < 0 {
            throw LibraryError(.invalidInput, "The position \(queue.positionMs) ms is negative: give 0 or more.")
        }
        try await database.writing { db in
            guard !queue.trackIDs.isEmpty else { return try PlayQueueStore.delete(userID: user, db) }
            try ensureExist(Array(Set(queue.trackIDs)).sorted().map(AnnotatedItem.track), db)
            try PlayQueueStore.save(queue, userID: user, db)
        }
    }

    /// Throws `.notFound` naming the first item that does not exist.
    private func ensureExist(_ items: [AnnotatedItem], _ db: Connection) throws {
        guard let missing = try AnnotationStore.unknown(items, db).first else { return }
        throw LibraryError(.notFound, "No \(Self.describe(missing)): it may have been pruned; nothing was changed.")
    }

    static func describe(_ item: AnnotatedItem) -> String {
        switch item {
        case .track(let id): "track with id \(id)"
        case .album(let id): "album with id \(id)"
        case .artist(let id): "artist with id \(id)"
        }
    }
}
