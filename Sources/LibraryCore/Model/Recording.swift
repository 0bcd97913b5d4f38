/// One track as upgrade matching sees it: what says which recording it holds, and where.
///
/// An upgrade (`01 Song.mp3` replaced by `01 Song.flac`) has other bytes, another format and
/// so another content fingerprint: the two files are recognised as one recording by their
/// tags instead (see `agrees(with:)`).
public struct RecordingSide: Sendable, Equatable {
    public var id: Int64
    public var libraryID: Int64
    public var pathText: String
    public var isMissing: Bool
    public var durationMs: Int
    public var titleFold: String
    public var albumFold: String
    /// The folded album artists, or the folded artists when the track has no album artist.
    public var albumArtistFold: String
    /// The disc number; a track without one is on disc 1.
    public var disc: Int
    public var trackNumber: Int?
    public var musicBrainzRecordingID: String?
    public var musicBrainzTrackID: String?

    public init(
        id: Int64, libraryID: Int64 = 1, pathText: String, isMissing: Bool, durationMs: Int, titleFold: String, albumFold: String,
        albumArtistFold: String, disc: Int = 1, trackNumber: Int?, musicBrainzRecordingID: String? = nil, musicBrainzTrackID: String? = nil
    ) {
        self.id = id; self.libraryID = libraryID; self.pathText = pathText; self.isMissing = isMissing
        self.durationMs = durationMs; self.titleFold = titleFold; self.albumFold = albumFold
        self.albumArtistFold = albumArtistFold; self.disc = disc; self.trackNumber = trackNumber
        self.musicBrainzRecordingID = musicBrainzRecordingID; self.musicBrainzTrackID = musicBrainzTrackID
    }

    /// Whether two tracks hold the same recording, by their tags alone (durations are
    /// judged apart, by `RecordingPairs`):
    /// - when both have a MusicBrainz recording id, those ids decide;
    /// - else when both have a MusicBrainz (release) track id, those decide;
    /// - else album artist, album, disc, track number and title must all be equal (folded
    ///   for case and accents), with a non-empty album and title.
    ///
    /// An id present on one side only proves nothing (a re-encode often drops such tags),
    /// so the tags decide then. Ids copied onto the wrong files by a mass-tagging mistake are
    /// common enough that equal ids need the title or the (album) artist in common too.
    public func agrees(with other: RecordingSide) -> Bool {
        let idsAgree: Bool? = if let mine = musicBrainzRecordingID, let theirs = other.musicBrainzRecordingID {
            mine == theirs
        } else if let mine = musicBrainzTrackID, let theirs = other.musicBrainzTrackID {
            mine == theirs
        } else {
            nil
        }
        if let idsAgree { return idsAgree && (titleFold == other.titleFold || albumArtistFold == other.albumArtistFold) }
        return !albumFold.isEmpty && !titleFold.isEmpty && titleFold == other.titleFold && albumFold == other.albumFold
            && albumArtistFold == other.albumArtistFold && disc == other.disc && trackNumber == other.trackNumber
    }
}

/// Judges pairs of an old track (missing, its file gone) and a new one that may hold the
/// same recording: which are upgrades to merge, and why the others are not.
public enum RecordingPairs {
    /// How far apart two files of one recording may be in length.
    public static let durationToleranceMs = 2000

    /// What to do with one agreeing pair.
    public enum Verdict: Sendable, Equatable {
        /// The only candidate either way, with lengths within the tolerance: one recording.
        case upgrade
        /// The old track agrees with `newCount` new tracks, the new one with `oldCount` old ones
        /// (at least one of them is above 1): not merged, for a person to decide.
        case ambiguous(oldCount: Int, newCount: Int)
        /// The lengths differ by this many milliseconds, more than the tolerance.
        case durationOff(Int)

        /// Why a pair was not merged, for `kanora doctor`.
        public var reason: String {
            switch self {
            case .upgrade:
                return "not merged by a sync"
            case .ambiguous(let oldCount, let newCount):
                return newCount > 1 ? "ambiguous: \(newCount) present tracks match" : "ambiguous: \(oldCount) missing tracks match"
            case .durationOff(let ms):
                return "duration off by \(Self.seconds(ms)) s"
            }
        }

        private static func seconds(_ ms: Int) -> String {
            let tenths = (ms + 50) / 100
            return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(tenths % 10)"
        }
    }

    /// The pairs that agree on the recording (`RecordingSide.agrees`), each with its
    /// verdict, in the order given. Candidates are counted among agreeing pairs only.
    public static func judge(_ pairs: [(old: RecordingSide, new: RecordingSide)]) -> [(old: RecordingSide, new: RecordingSide, verdict: Verdict)] {
        var seen = Set<[Int64]>()
        let agreeing = pairs.filter { $0.old.id != $0.new.id && $0.old.agrees(with: $0.new) && seen.insert([$0.old.id, $0.new.id]).inserted }
        var newsPerOld: [Int64: Int] = [:]
        var oldsPerNew: [Int64: Int] = [:]
        for pair in agreeing {
            newsPerOld[pair.old.id, default: 0] += 1
            oldsPerNew[pair.new.id, default: 0] += 1
        }
        return agreeing.map { pair in
            let (newCount, oldCount) = (newsPerOld[pair.old.id] ?? 0, oldsPerNew[pair.new.id] ?? 0)
            let gap = abs(pair.old.durationMs - pair.new.durationMs)
            let verdict: Verdict = newCount > 1 || oldCount > 1 ? .ambiguous(oldCount: oldCount, newCount: newCount)
                : gap > durationToleranceMs ? .durationOff(gap) : .upgrade
            return (pair.old, pair.new, verdict)
        }
    }
}
