import Foundation
import LibraryCore
import LibraryStorage

/// Edits by track id and description, as a music server's clients make them.
extension LivePlaylistService {
    public func add(trackIDs: [Int64], to name: String, at position: Int?) async throws -> Int {
        try await edit(name) { playlist, ids, db in
            try Self.ensureTracksExist(trackIDs, db)
            let index = position.map { $0 - 1 } ?? ids.count
            guard (0...ids.count).contains(index) else {
                throw LibraryError(.invalidInput, "Position \(index + 1) is out of range: insert at 1 to \(ids.count + 1) of \"\(playlist.name)\".")
            }
            ids.insert(contentsOf: trackIDs, at: index)
            return trackIDs.count
        }
    }

    public func setEntries(trackIDs: [Int64], of name: String) async throws {
        try await edit(name) { _, ids, db in
            try Self.ensureTracksExist(trackIDs, db)
            ids = trackIDs
        }
    }

    public func setDescription(_ description: String?, of name: String) async throws -> Playlist {
        let text = description.flatMap { $0.isEmpty ? nil : $0 }
        try LiveUserService.checked { () throws(ValidationError) in try PlaylistRules.validateDescription(text) }
        return try await database.writing { db in
            let playlist = try existing(name, db)
            try PlaylistStore.setDescription(text, id: playlist.id, now: now(), db)
            return try withCurrentTotals(try PlaylistStore.find(id: playlist.id, db)!, db)
        }
    }

    private static func ensureTracksExist(_ ids: [Int64], _ db: Connection) throws {
        let unknown = try AnnotationStore.unknown(Array(Set(ids)).sorted().map(AnnotatedItem.track), db)
        if case .track(let id)? = unknown.first {
            throw LibraryError(.notFound, "No track with id \(id): nothing was changed.")
        }
    }
}
