import LibraryCore
import LibraryStorage

/// Decides which missing track became which new file, among candidates with the same
/// content fingerprint.
///
/// Identical audio can exist twice (a song on an album and on a compilation), so the
/// fingerprint alone is not enough when several tracks share it: each pair is scored by
/// what else still agrees (file name, title, artist and album, size) and the best pairs
/// win, each track used once. A lone candidate pair is accepted whatever its score.
///
/// Between libraries more must agree (`isPlausible`): there the new file's own track may be
/// present still (its library not synced yet), so another missing track with the same
/// audio and title could be the only candidate and be taken for it.
enum MoveMatcher {
    static func match(_ candidates: [(old: MoveSide, new: MoveSide)]) -> [(oldID: Int64, newID: Int64)] {
        let pairs = candidates.filter { isPlausible($0.old, $0.new) }
        var oldCount: [Int64: Int] = [:]
        var newCount: [Int64: Int] = [:]
        for pair in pairs {
            oldCount[pair.old.id, default: 0] += 1
            newCount[pair.new.id, default: 0] += 1
        }
        let scored = pairs.map { pair -> (Int, Int64, Int64) in
            let unique = oldCount[pair.old.id] == 1 && newCount[pair.new.id] == 1
            return (score(pair.old, pair.new) + (unique ? 100 : 0), pair.old.id, pair.new.id)
        }
        .sorted { ($0.0, -$0.1, -$0.2) > ($1.0, -$1.1, -$1.2) }
        var usedOld = Set<Int64>()
        var usedNew = Set<Int64>()
        var result: [(Int64, Int64)] = []
        for (score, oldID, newID) in scored where score > 0 {
            guard !usedOld.contains(oldID), !usedNew.contains(newID) else { continue }
            usedOld.insert(oldID)
            usedNew.insert(newID)
            result.append((oldID, newID))
        }
        return result
    }

    /// Which of `candidates` (missing tracks that may be the file `new` moved, from
    /// `MoveStore.claimCandidates`) the file is, decided as it is written, so a moved file
    /// updates its track in place instead of being added and merged later: the candidate
    /// that scores best, when no other scores as well and its old path is really gone.
    /// Ambiguous files are left to `match`, which weighs all of a scan's pairs together.
    static func claim(_ new: MoveSide, among candidates: [(side: MoveSide, path: RawPath)], isGone: (RawPath) -> Bool) -> Int64? {
        let ranked = candidates.filter { isPlausible($0.side, new) }.map { (score: score($0.side, new), candidate: $0) }.sorted { $0.score > $1.score }
        guard let best = ranked.first, ranked.count == 1 || ranked[1].score < best.score else { return nil }
        return isGone(best.candidate.path) ? best.candidate.side.id : nil
    }

    /// Whether `old` may have moved to `new` at all (both share the fingerprint). Within one
    /// library: the same title, or the same artist and album. Between libraries, where the
    /// new file's own track may not be known missing yet: the same title, artist and album,
    /// or for files without an album tag the same file name. Empty tags are no agreement
    /// (untagged files all have the same empty artist and album). A move between libraries
    /// that also retags the file is not recognised.
    static func isPlausible(_ old: MoveSide, _ new: MoveSide) -> Bool {
        let sameTitle = old.titleFold == new.titleFold && !old.titleFold.isEmpty
        let sameAlbum = old.albumFold == new.albumFold && old.artistFold == new.artistFold && !old.albumFold.isEmpty
        guard old.libraryID != new.libraryID else { return sameTitle || sameAlbum }
        let untagged = old.albumFold.isEmpty && new.albumFold.isEmpty
        return (sameTitle && sameAlbum) || (untagged && old.fileName == new.fileName)
    }

    static func score(_ old: MoveSide, _ new: MoveSide) -> Int {
        var score = 0
        if old.fileName == new.fileName { score += 4 }
        if !old.titleFold.isEmpty && old.titleFold == new.titleFold { score += 4 }
        if old.artistFold == new.artistFold { score += 2 }
        if old.albumFold == new.albumFold { score += 2 }
        if old.fileSize == new.fileSize { score += 1 }
        return score
    }
}
