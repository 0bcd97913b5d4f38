import Foundation
import LibraryCore

extension BrowseStore {
    /// The root folder of each library (or of `libraryID`), by library name.
    package static func rootFolders(libraryID: Int64?, _ db: Connection) throws -> [BrowseFolder] {
        let library = libraryFilter(libraryID, column: "l.id")
        var result: [BrowseFolder] = []
        try db.forEach("""
            SELECT f.id, f.library_id, l.name FROM library l JOIN folder f ON f.library_id = l.id AND f.path_text = l.root_text
            WHERE 1\(library) ORDER BY l.name_key
            """) { s in
            result.append(BrowseFolder(id: s["id"] ?? 0, libraryID: s["library_id"] ?? 0, name: s["name"] ?? "", parentID: nil))
        }
        return result
    }

    /// Folder `id`, named by its last path component, with its parent's id (nil for a root).
    package static func folder(id: Int64, _ db: Connection) throws -> BrowseFolder? {
        guard let row = try db.row("""
            SELECT f.library_id, f.path_text, l.root_text FROM folder f JOIN library l ON l.id = f.library_id WHERE f.id = \(id)
            """), let libraryID: Int64 = row["library_id"], let path: String = row["path_text"], let root: String = row["root_text"]
        else { return nil }
        guard path != root else {
            return BrowseFolder(id: id, libraryID: libraryID, name: RawPath(path).lastComponentText, parentID: nil)
        }
        let parentPath = RawPath(path).parent.text
        let parentID: Int64? = try db.scalar("SELECT id FROM folder WHERE library_id = \(libraryID) AND path_text = \(parentPath)")
        return BrowseFolder(id: id, libraryID: libraryID, name: RawPath(path).lastComponentText, parentID: parentID)
    }

    /// The folders directly inside `folder`, by name. One range read of the library's
    /// `(library_id, path_text)` index below the folder.
    package static func subfolders(of folder: BrowseFolder, _ db: Connection) throws -> [BrowseFolder] {
        // Each name lowercased once, not twice per comparison (thousands of artist folders),
        // as the rows come, and sorted in place: one array of pairs, not three copies.
        var keyed: [(key: String, folder: BrowseFolder)] = []
        try forEachSubfolder(of: folder, db) { id, name in
            let subfolder = BrowseFolder(id: id, libraryID: folder.libraryID, name: String(name), parentID: folder.id)
            keyed.append((subfolder.name.lowercased(), subfolder))
        }
        keyed.sort { ($0.key, $0.folder.id) < ($1.key, $1.folder.id) }
        return keyed.map(\.folder)
    }

    /// The id and name of each folder directly inside `folder`, handed to `body` as they are
    /// read, in no particular order: the folder index packs them as they come, with no array
    /// of them held (46,000 at a million tracks).
    package static func forEachSubfolder(of folder: BrowseFolder, _ db: Connection, _ body: (Int64, Substring) -> Void) throws {
        guard let path: String = try db.scalar("SELECT path_text FROM folder WHERE id = \(folder.id)") else { return }
        let prefix = RawPath(path).folderPrefix
        // Every path below starts with `prefix` (ending in "/"); "0" is the character after "/".
        let upper = String(prefix.dropLast()) + "0"
        try db.forEach("""
            SELECT id, path_text FROM folder WHERE library_id = \(folder.libraryID) AND path_text > \(prefix) AND path_text < \(upper)
            """) { s in
            guard let id: Int64 = s["id"], let text: String = s["path_text"] else { return }
            let name = text.dropFirst(prefix.count)
            guard !name.isEmpty, !name.contains("/") else { return }
            body(id, name)
        }
    }

    /// The present songs directly inside folder `id`, by file name.
    package static func folderSongs(id: Int64, userID: Int64, _ db: Connection) throws -> [BrowseSong] {
        try songs(where: "t.folder_id = \(id) AND t.missing_since IS NULL", orderBy: "t.path_text, t.id", userID: userID, db)
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
