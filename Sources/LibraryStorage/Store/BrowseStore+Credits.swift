import LibraryCore

extension BrowseStore {
    /// One track's artists and album artists, each in tag order.
    struct TrackCredits {
        var artists: [ArtistReference] = []
        var albumArtists: [ArtistReference] = []
        /// The tag position of the last artist and album artist added (-1: none yet).
        private var lastPositions = (artist: Int64(-1), albumArtist: Int64(-1))

        /// Adds the credit at `position`; false (nothing added) when it does not come after
        /// the last one of its role.
        mutating func add(_ reference: ArtistReference, asArtist: Bool, at position: Int64) -> Bool {
            if asArtist {
                guard position > lastPositions.artist else { return false }
                lastPositions.artist = position
                artists.append(reference)
            } else {
                guard position > lastPositions.albumArtist else { return false }
                lastPositions.albumArtist = position
                albumArtists.append(reference)
            }
            return true
        }
    }

    /// Which of a track's credits to read.
    enum CreditRoles {
        case all, albumArtists
    }

    /// The artists and album artists of `trackIDs` (only the album artists when `roles` says
    /// so), by track, in tag order. Each id must be listed once (a track listed twice would
    /// get its credits twice); both callers' ids are distinct.
    ///
    /// The credits come in one query over the credits' key alone, joined to the ids (`IN`
    /// copied them into a temporary index first, a quarter of the query at 20 tracks), with
    /// the role as a flag (keying each row by its role's text was a third of this function's
    /// own time). The artists' names come from the reader's memo, and only those it lacks
    /// from the artist table: joining it sought the artist's row for every credit, a
    /// quarter of the query.
    static func artistCredits(trackIDs: [Int64], roles: CreditRoles = .all, _ db: Connection) throws -> [Int64: TrackCredits] {
        guard !trackIDs.isEmpty else { return [:] }
        let memo = try db.refreshReadMemo()
        var result: [Int64: TrackCredits] = [:]
        result.reserveCapacity(trackIDs.count)
        var unnamed = Set<Int64>()
        // Each track's credits come in the key's order, (role, position), as the plan seeks the
        // key for each id; sorting them anyway took a seventh of the query. Should a plan ever
        // give them otherwise, the credits are read again in order.
        var inTagOrder = true
        let roleFilter: SQL = roles == .albumArtists ? " WHERE ta.role = 'albumartist'" : ""
        for ordered in [false, true] {
            let order: SQL = ordered ? " ORDER BY ta.track_id, ta.role, ta.position" : ""
            try db.forEach("""
                SELECT ta.track_id, ta.role = 'artist', ta.artist_id, ta.position
                FROM json_each(\(JSONText.encode(ids: trackIDs))) j JOIN track_artist ta ON ta.track_id = j.value\(roleFilter)\(order)
                """) { s in
                guard inTagOrder else { return }
                let trackID: Int64 = s.column(0) ?? 0, artistID: Int64 = s.column(2) ?? 0
                let name = memo ? db.readMemo.artistNames[artistID] : nil
                let reference = ArtistReference(id: artistID, name: name ?? "")
                // In order, a credit not after the last of its role can only be a repeat.
                if result[trackID, default: TrackCredits()].add(reference, asArtist: s.column(1) ?? false, at: s.column(3) ?? 0) {
                    if name == nil { unnamed.insert(artistID) }
                } else if !ordered {
                    inTagOrder = false
                }
            }
            if inTagOrder { break }
            result.removeAll(keepingCapacity: true)
            unnamed.removeAll()
            inTagOrder = true
        }
        guard !unnamed.isEmpty else { return result }
        let names = try artistNames(ids: unnamed, db)
        if memo { db.readMemo.keep(artistNames: names) }
        func named(_ references: inout [ArtistReference]) {
            for index in references.indices where unnamed.contains(references[index].id) {
                references[index].name = names[references[index].id] ?? ""
            }
        }
        for index in result.indices {
            named(&result.values[index].artists)
            named(&result.values[index].albumArtists)
        }
        return result
    }

    /// The names of the artists `ids`, by id (unknown ids left out).
    private static func artistNames(ids: Set<Int64>, _ db: Connection) throws -> [Int64: String] {
        var names: [Int64: String] = [:]
        names.reserveCapacity(ids.count)
        try db.forEach("""
            SELECT ar.id, ar.name FROM json_each(\(JSONText.encode(ids: Array(ids)))) j JOIN artist ar ON ar.id = j.value
            """) { s in
            names[s.column(0) ?? 0] = s.column(1) ?? ""
        }
        return names
    }
}
