import CSQLite

/// What reads on a read-only connection worked out from the data and keep for the next
/// reads: album totals, by album id (a getAlbumList2 or search3 read them again for the
/// same albums on every call), and the names of credited artists. Kept while no commit has
/// come since they were read.
struct ReadMemo {
    /// The most albums kept; past it the memo starts over, which bounds a reader's memory
    /// in a large library: about 170 bytes an album (a totals entry and its genres), so
    /// some 350 KB for each of the pool's readers. A page of 500 albums still fits whole.
    static let albumLimit = 2048

    /// The most artist names kept, past which they start over: about 50 bytes a name, so
    /// some 100 KB a reader; the credits of a page of 500 songs fit whole.
    static let artistLimit = 2048

    /// Credited artists' names, by artist id.
    private(set) var artistNames: [Int64: String] = [:]

    /// `PRAGMA data_version` when the memo was started.
    fileprivate var dataVersion: Int64?

    /// Totals over each album's present tracks, for albums that have one.
    private(set) var albumTotals: [Int64: BrowseStore.AlbumTotals] = [:]

    /// Keeps `totals`, starting over first when they would pass `albumLimit`.
    mutating func keep(_ totals: [Int64: BrowseStore.AlbumTotals]) {
        Self.keep(totals, in: &albumTotals, limit: Self.albumLimit)
    }

    /// Keeps `names`, starting over first when they would pass `artistLimit`.
    mutating func keep(artistNames names: [Int64: String]) {
        Self.keep(names, in: &artistNames, limit: Self.artistLimit)
    }

    /// Adds `new` to `kept`, emptied first when both together would pass `limit`.
    private static func keep<Value>(_ new: [Int64: Value], in kept: inout [Int64: Value], limit: Int) {
        if kept.count + new.count > limit { kept.removeAll(keepingCapacity: true) }
        kept.merge(new) { _, new in new }
    }
}

extension Connection {
    /// Whether `readMemo` may be used, emptied first when a commit came since it was
    /// started. `PRAGMA data_version` changes with every commit of another connection
    /// (another process's too), and inside a read transaction it is the version of that
    /// transaction's snapshot; it does not count the connection's own writes, so a
    /// connection that can write keeps no memo.
    func refreshReadMemo() throws(DatabaseError) -> Bool {
        guard sqlite3_db_readonly(handle, "main") == 1 else { return false }
        let version: Int64? = try scalar("PRAGMA data_version")
        if version != readMemo.dataVersion {
            readMemo = ReadMemo()
            readMemo.dataVersion = version
        }
        return true
    }
}
