import LibraryCore

/// Decides which missing track became which new file, among candidates with the same
/// content fingerprint.
///
/// Identical audio can exist twice (a song on an album and on a compilation), so the
/// fingerprint alone is not enough when several tracks share it: each pair is scored by
/// what else still agrees (file name, title, artist and album, size) and the best pairs
/// win, each track used once. A lone candidate pair is accepted whatever its score.
enum MoveMatcher {
    static func match(_ pairs: [(old: MoveSide, new: MoveSide)]) -> [(oldID: Int64, newID: Int64)] {
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
        let ranked = candidates.map { (score: score($0.side, new), candidate: $0) }.sorted { $0.score > $1.score }
        guard let best = ranked.first, ranked.count == 1 || ranked[1].score < best.score else { return nil }
        return isGone(best.candidate.path) ? best.candidate.side.id : nil
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
