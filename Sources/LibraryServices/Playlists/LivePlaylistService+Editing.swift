import Foundation
import LibraryCore
import LibraryStorage

/// Entry edits: each reads the ordered track ids, changes them, and writes them back in one
/// transaction, so positions stay contiguous and a failed edit changes nothing.
extension LivePlaylistService {
    public func add(_ requests: [ListRequest], to name: String, at position: Int?) async throws -> Int {
        try await edit(name) { playlist, ids, db in
            let added = try requests.flatMap { try tracks(for: $0, db).map(\.id) }
            guard !added.isEmpty else {
                let asked = requests.map(\.query.description).joined(separator: "; ")
                throw LibraryError(.notFound, "No track matches \"\(asked)\": nothing was added to \"\(playlist.name)\".")
            }
            let index: Int
            if let position {
                guard (1...(ids.count + 1)).contains(position) else {
                    throw LibraryError(.invalidInput, "Position \(position) is out of range: \"\(playlist.name)\" has \(Self.entries(ids.count)), so insert at 1 to \(ids.count + 1).")
                }
                index = position - 1
            } else {
                index = ids.count
            }
            ids.insert(contentsOf: added, at: index)
            return added.count
        }
    }

    public func remove(positions: [Int], from name: String) async throws -> Int {
        try await edit(name) { playlist, ids, _ in
            let unique = Set(positions)
            if let bad = positions.first(where: { $0 < 1 || $0 > ids.count }) {
                throw Self.outOfRange(bad, playlist, count: ids.count)
            }
            for index in unique.map({ $0 - 1 }).sorted(by: >) { ids.remove(at: index) }
            return unique.count
        }
    }

    public func remove(matching query: LibraryQuery, from name: String) async throws -> Int {
        let condition = query.condition(now: now())
        return try await edit(name) { playlist, ids, db in
            let matching = try PlaylistStore.trackIDs(playlistID: playlist.id, matching: condition, db)
            let before = ids.count
            ids.removeAll { matching.contains($0) }
            guard ids.count < before else {
                throw LibraryError(.notFound, "No entry of \"\(playlist.name)\" matches \"\(query)\": nothing was removed.")
            }
            return before - ids.count
        }
    }

    public func move(from: Int, to: Int, in name: String) async throws {
        try await edit(name) { playlist, ids, _ in
            for position in [from, to] where position < 1 || position > ids.count {
                throw Self.outOfRange(position, playlist, count: ids.count)
            }
            ids.insert(ids.remove(at: from - 1), at: to - 1)
        }
    }

    public func clear(_ name: String) async throws -> Int {
        try await edit(name) { _, ids, _ in
            defer { ids.removeAll() }
            return ids.count
        }
    }

    public func dedupe(_ name: String) async throws -> Int {
        try await edit(name) { _, ids, _ in
            var seen = Set<Int64>()
            let before = ids.count
            ids = ids.filter { seen.insert($0).inserted }
            return before - ids.count
        }
    }

    /// Runs `body` on the ordered track ids of a normal playlist inside one transaction and
    /// stores the result, if it differs.
    func edit<T: Sendable>(
        _ name: String, _ body: @escaping @Sendable (Playlist, inout [Int64], Connection) throws -> T
    ) async throws(LibraryError) -> T {
        try await database.writing { db in
            let playlist = try existing(name, db)
            if playlist.isSmart {
                throw LibraryError(.invalidInput, "\"\(playlist.name)\" is a smart playlist: its entries come from its query. Freeze it first with `kanora playlist freeze \"\(playlist.name)\"`.")
            }
            var ids = try PlaylistStore.trackIDs(playlistID: playlist.id, db)
            let original = ids
            let result = try body(playlist, &ids, db)
            if ids != original { try PlaylistStore.setTrackIDs(ids, playlistID: playlist.id, now: now(), db) }
            return result
        }
    }

    private static func outOfRange(_ position: Int, _ playlist: Playlist, count: Int) -> LibraryError {
        let range = count == 0 ? "it is empty" : "use 1 to \(count)"
        return LibraryError(.invalidInput, "Position \(position) is out of range: \"\(playlist.name)\" has \(entries(count)); \(range).")
    }

    private static func entries(_ count: Int) -> String {
        "\(count) entr\(count == 1 ? "y" : "ies")"
    }
}
