import Foundation
import LibraryCore

extension BrowseStore {
    /// The root folder of each library (or of `libraryID`), by library name.
    package static func rootFolders(libraryID: Int64?, _ db: Connection) throws -> [BrowseFolder] {
        let library = libraryFilter(libraryID, column: "l.id")
        var result: [BrowseFolder] = []
        try db.cachedStatement("""
            SELECT f.id, f.library_id, l.name FROM library l JOIN folder f ON f.library_id = l.id AND f.path_text = l.root_text
            WHERE 1\(library.sql) ORDER BY l.name_key
            """).forEach(library.arguments) { s in
            result.append(BrowseFolder(id: s.column(0) ?? 0, libraryID: s.column(1) ?? 0, name: s.column(2) ?? "", parentID: nil))
        }
        return result
    }

    /// Folder `id`, named by its last path component, with its parent's id (nil for a root).
    package static func folder(id: Int64, _ db: Connection) throws -> BrowseFolder? {
        guard let row = try db.row("""
            SELECT f.library_id, f.path_text, l.root_text FROM folder f JOIN library l ON l.id = f.library_id WHERE f.id = ?
            """, [id]), let libraryID: Int64 = row[0], let path: String = row[1], let root: String = row[2] else { return nil }
        guard path != root else {
            return BrowseFolder(id: id, libraryID: libraryID, name: RawPath(path).lastComponentText, parentID: nil)
        }
        let parentPath = RawPath(path).parent.text
        let parentID: Int64? = try db.scalar(
            "SELECT id FROM folder WHERE library_id = ? AND path_text = ?", [libraryID, parentPath])
        return BrowseFolder(id: id, libraryID: libraryID, name: RawPath(path).lastComponentText, parentID: parentID)
    }

    /// The folders directly inside `folder`, by name. One range read of the library's
    /// `(library_id, path_text)` index below the folder.
    package static func subfolders(of folder: BrowseFolder, _ db: Connection) throws -> [BrowseFolder] {
        guard let path: String = try db.scalar("SELECT path_text FROM folder WHERE id = ?", [folder.id]) else { return [] }
        let prefix = RawPath(path).folderPrefix
        // Every path below starts with `prefix` (ending in "/"); "0" is the character after "/".
        let upper = String(prefix.dropLast()) + "0"
        var result: [BrowseFolder] = []
        try db.cachedStatement("""
            SELECT id, path_text FROM folder WHERE library_id = ? AND path_text > ? AND path_text < ?
            """).forEach([folder.libraryID, prefix, upper]) { s in
            guard let id: Int64 = s.column(0), let text: String = s.column(1) else { return }
            let name = text.dropFirst(prefix.count)
            guard !name.isEmpty, !name.contains("/") else { return }
            result.append(BrowseFolder(id: id, libraryID: folder.libraryID, name: String(name), parentID: folder.id))
        }
        return result.sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
    }

    /// The present songs directly inside folder `id`, by file name.
    package static func folderSongs(id: Int64, userID: Int64, _ db: Connection) throws -> [BrowseSong] {
        try songs(where: "t.folder_id = ? AND t.missing_since IS NULL", [id], orderBy: "t.path_text, t.id", userID: userID, db)
    }

    /// When any library last finished a scan (nil before the first).
    package static func lastScanFinished(_ db: Connection) throws -> Date? {
        let seconds: Int64? = try db.scalar("SELECT max(last_scan_finished_at) FROM library")
        return seconds.map { Date(timeIntervalSince1970: Double($0)) }
    }
}

extension RawPath {
    /// The last path component as text (extension included).
    var lastComponentText: String { RawPath.text(of: lastComponent) }
}
