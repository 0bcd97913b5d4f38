import Foundation
import LibraryCore
import LibraryStorage

/// What the end of a scan recognised and merged: tracks whose files moved (the same audio),
/// and tracks whose files were upgraded (another file of the same recording).
struct HistoryMatches {
    var moves: [(oldID: Int64, newID: Int64)] = []
    var upgrades: [UpgradedTrack] = []
    /// The tracks that took over a new file (the kept ids).
    var kept: [Int64] = []
    /// How many merged-away rows this library had added (they are not additions after all).
    var mergedNewRows = 0
}

/// Gives new tracks the history of tracks that went missing, at the end of a scan, inside
/// its last transaction. The scan's writer already moved in place the files it could
/// recognise as it wrote them (`MoveMatcher.claim`); this finds the rest, weighing all of
/// the scan's candidates together:
///
/// 1. Present tracks of other libraries in the albums this scan added to, whose files are
///    gone, are marked missing: their album was moved here and their library has not been
///    synced since. (Looked up by album, an index both sides share; the rest is found when
///    the other library is synced, by step 2's second half.)
/// 2. Moves: missing tracks (any library) and new tracks with the same content fingerprint
///    (`MoveStore.candidates`, `MoveMatcher.match`). New tracks are this library's additions
///    since its last completed scan and, paired with this library's missing tracks, other
///    libraries' additions since this library's previous scan started: so a move between
///    libraries is found whichever library is synced first.
/// 3. Upgrades: among the rest, pairs that agree on the recording (`RecordingPairs`), merged
///    only when each is the other's only candidate, the lengths are within 2 s, and the old
///    file is really gone. Anything else is left as two tracks for `kanora doctor`.
struct HistoryMatcher {
    let libraryID: Int64
    /// The library's last completed scan generation.
    let addedAfter: Int64
    /// When the library's previous scan started (seconds), nil if this is its first.
    let otherLibrariesSince: Int64?
    let isGone: (RawPath) -> Bool

    func run(now: Date, _ db: Connection) throws -> HistoryMatches {
        var matches = HistoryMatches()
        let elsewhere = try UpgradeStore.hasOtherLibraries(than: libraryID, db)
        if elsewhere {
            let gone = try UpgradeStore.presentElsewhere(libraryID: libraryID, addedAfter: addedAfter, db).filter { isGone($0.path) }
            try TrackStore.markMissing(ids: gone.map(\.id), now: now, db)
        }
        // Moves and upgrades both pair a missing track with a new one: with none missing
        // there is nothing to pair, and asking would walk every track the scan added (all
        // of them, after a first scan) to find nothing.
        guard try MoveStore.hasMissing(db) else { return matches }
        // With no other library there is nothing to pair with tracks other libraries added;
        // asking would walk every track added since the last scan began (all of them,
        // after a first scan) to find none.
        let otherLibrariesSince = elsewhere ? self.otherLibrariesSince : nil
        let movePairs = try MoveStore.candidates(libraryID: libraryID, addedAfter: addedAfter, otherLibrariesSince: otherLibrariesSince, db)
        let moves = MoveMatcher.match(movePairs)
        try MoveStore.merge(moves, db)
        matches.moves = moves
        let newSides = Dictionary(movePairs.map { ($0.new.id, $0.new) }, uniquingKeysWith: { first, _ in first })
        matches.mergedNewRows = moves.count { newSides[$0.newID]?.libraryID == libraryID }

        let used = Set(moves.flatMap { [$0.oldID, $0.newID] })
        let pairs = try UpgradeStore.candidates(libraryID: libraryID, addedAfter: addedAfter, otherLibrariesSince: otherLibrariesSince, db)
            .filter { !used.contains($0.old.id) && !used.contains($0.new.id) }
        let upgrades = RecordingPairs.judge(pairs).filter { $0.verdict == .upgrade && isGone(RawPath($0.old.pathText)) }
        try MoveStore.merge(upgrades.map { TrackMergePair(oldID: $0.old.id, newID: $0.new.id) }, db)
        matches.upgrades = upgrades.map { UpgradedTrack(id: $0.old.id, from: $0.old.pathText, to: $0.new.pathText) }
        matches.mergedNewRows += upgrades.count { $0.new.libraryID == libraryID }
        matches.kept = moves.map(\.oldID) + upgrades.map(\.old.id)
        return matches
    }
}
