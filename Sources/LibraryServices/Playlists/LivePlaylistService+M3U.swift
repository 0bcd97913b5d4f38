import Foundation
import LibraryCore
import LibraryStorage

/// M3U import and export: parsing and writing are `M3U`'s; this matches entries to tracks.
extension LivePlaylistService {
    public func importM3U(_ contents: Data, from fileURL: URL, name: String?) async throws -> PlaylistImport {
        let entries = M3U.parse(contents)
        let fileName = fileURL.lastPathComponent
        guard !entries.isEmpty else {
            throw LibraryError(.invalidInput, "\(fileName) has no playlist entries: nothing was created.")
        }
        let baseDirectory = fileURL.deletingLastPathComponent().standardizedFileURL.path
        let draft = PlaylistDraft(name: name ?? fileURL.deletingPathExtension().lastPathComponent)
        return try await database.writing { db in
            var ids: [Int64] = []
            var unmatched: [M3UEntry] = []
            for entry in entries {
                if let track = try track(at: M3U.candidatePaths(for: entry.location, baseDirectory: baseDirectory), db) {
                    ids.append(track.id)
                } else {
                    unmatched.append(entry)
                }
            }
            guard !ids.isEmpty else {
                throw LibraryError(.notFound, "None of the \(entries.count) entries of \(fileName) is a track in the library: nothing was created. Scan the music first with `kanora scan FOLDER`.")
            }
            let id = try insert(draft, rule: nil, db)
            try PlaylistStore.setTrackIDs(ids, playlistID: id, now: now(), db)
            return PlaylistImport(playlist: try PlaylistStore.find(id: id, db)!, unmatched: unmatched)
        }
    }

    /// The first library track at one of `paths`.
    private func track(at paths: [String], _ db: Connection) throws -> Track? {
        for path in paths {
            if let track = try TrackStore.find(path: RawPath(path), db) { return track }
        }
        return nil
    }

    public func exportM3U(_ name: String, paths: M3UPathStyle) async throws -> String {
        let entries = try await entries(of: name)
        return M3U.write(entries.map(\.track), paths: paths)
    }
}
