/// What is wrong with the libraries in one database, as `kanora doctor` reports it.
///
/// Every list is sorted by path (albums by artist and title) so reports are stable. The
/// property names are the `--json` keys, and a list with nothing in it is still encoded.
public struct LibraryHealth: Codable, Sendable, Equatable {
    /// A track the problem is about.
    public struct TrackReference: Codable, Sendable, Equatable {
        public var id: Int64
        public var path: String

        public init(id: Int64, path: String) {
            self.id = id; self.path = path
        }
    }

    /// A track indexed from a damaged file, with what is wrong with the file.
    public struct DamagedTrack: Codable, Sendable, Equatable {
        public var id: Int64
        public var path: String
        /// A short problem text such as "last frame cut short".
        public var problem: String

        public init(id: Int64, path: String, problem: String) {
            self.id = id; self.path = path; self.problem = problem
        }
    }

    /// A file the scanner could not read at all.
    public struct UnreadableFile: Codable, Sendable, Equatable {
        public var path: String
        public var reason: String

        public init(path: String, reason: String) {
            self.path = path; self.reason = reason
        }
    }

    /// One disc of an album whose present tracks skip some track numbers.
    public struct IncompleteAlbum: Codable, Sendable, Equatable {
        /// The album's id.
        public var id: Int64
        public var album: String
        public var albumArtist: String
        /// The disc the numbers are missing from; nil when the album has one disc only.
        public var disc: Int?
        /// The numbers missing from 1 to the highest of the disc's track total and track numbers.
        public var missingTrackNumbers: [Int]

        public init(id: Int64, album: String, albumArtist: String, disc: Int?, missingTrackNumbers: [Int]) {
            self.id = id; self.album = album; self.albumArtist = albumArtist
            self.disc = disc; self.missingTrackNumbers = missingTrackNumbers
        }

        // Spelled out so that `disc` is encoded as null rather than left out.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(album, forKey: .album)
            try container.encode(albumArtist, forKey: .albumArtist)
            try container.encode(disc, forKey: .disc)
            try container.encode(missingTrackNumbers, forKey: .missingTrackNumbers)
        }
    }

    /// A missing track and a present one that agree on the recording (an upgrade, say an
    /// MP3 replaced by a FLAC) but were not merged, with why (`kanora merge` merges them).
    public struct PossibleUpgrade: Codable, Sendable, Equatable {
        /// The missing track: merging keeps its id.
        public var missing: TrackReference
        /// The present track: merging keeps its file.
        public var present: TrackReference
        /// Why a sync did not merge them: "ambiguous: 2 present tracks match", "duration off by 5 s".
        public var reason: String

        public init(missing: TrackReference, present: TrackReference, reason: String) {
            self.missing = missing; self.present = present; self.reason = reason
        }
    }

    /// Present tracks whose files are damaged but were indexed.
    public var damaged: [DamagedTrack]
    /// Files that could not be read, with the reason.
    public var unreadable: [UnreadableFile]
    /// Tracks whose files are gone (until `kanora prune`).
    public var missing: [TrackReference]
    /// Groups of two or more present tracks holding the same audio.
    public var duplicates: [[TrackReference]]
    /// Present tracks without a title, an artist or an album.
    public var untagged: [TrackReference]
    /// Album discs with gaps in their track numbers.
    public var incompleteAlbums: [IncompleteAlbum]
    /// Missing tracks that a present track may be an upgrade of, by missing path.
    public var possibleUpgrades: [PossibleUpgrade]

    public init(
        damaged: [DamagedTrack] = [], unreadable: [UnreadableFile] = [], missing: [TrackReference] = [],
        duplicates: [[TrackReference]] = [], untagged: [TrackReference] = [], incompleteAlbums: [IncompleteAlbum] = [],
        possibleUpgrades: [PossibleUpgrade] = []
    ) {
        self.damaged = damaged; self.unreadable = unreadable; self.missing = missing
        self.duplicates = duplicates; self.untagged = untagged; self.incompleteAlbums = incompleteAlbums
        self.possibleUpgrades = possibleUpgrades
    }

    /// Whether nothing at all was found.
    public var isHealthy: Bool { problemCount == 0 }

    /// How many problems were found: one per track, file, duplicate group, album disc or
    /// possible upgrade.
    public var problemCount: Int {
        damaged.count + unreadable.count + missing.count + duplicates.count + untagged.count + incompleteAlbums.count
            + possibleUpgrades.count
    }
}
