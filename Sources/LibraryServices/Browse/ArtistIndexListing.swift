import LibraryCore

/// The artist index (getArtists, getIndexes' tag view, the web app's artists screen) kept
/// packed: each artist's id, album count and three strings in one buffer, read in index order,
/// with the headings as ranges of positions. At a million tracks (46,000 album artists) the
/// `[IndexGroup<BrowseArtist>]` it replaces held about 10 MB (120 bytes per artist, plus an
/// allocation per name over 15 bytes and per MusicBrainz id); this holds about 3 MB.
public struct ArtistIndexListing: Sendable {
    /// The headings in order, each with its artists' positions.
    public let headings: [IndexHeading]
    private let ids: [Int64]
    private let albumCounts: [Int32]
    /// Name, sort name and MusicBrainz id of each artist, in that order, the artists in the
    /// order they were read (not copied into index order: the copy doubled the peak).
    private let strings: PackedStrings
    /// Where each position's artist sits in `strings`.
    private let stringItems: [Int32]
    /// One user's stars and ratings, by artist id.
    private var annotations: [Int64: Annotation] = [:]

    /// How many artists.
    public var count: Int { ids.count }

    /// The artist at `position` (in index order), with the user's annotation.
    public func artist(at position: Int) -> BrowseArtist {
        withArtist(at: position) { artist in
            BrowseArtist(
                id: artist.id, name: String(decoding: artist.name, as: UTF8.self),
                sortName: artist.sortName.map { String(decoding: $0, as: UTF8.self) },
                musicBrainzID: artist.musicBrainzID.map { String(decoding: $0, as: UTF8.self) },
                albumCount: artist.albumCount, annotation: artist.annotation)
        }
    }

    /// `body` given the artist at `position` with its text as UTF-8 bytes: an answer is
    /// written from them with no `String` made per artist.
    public func withArtist<Result>(at position: Int, _ body: (PackedArtist) -> Result) -> Result {
        let id = ids[position]
        let annotation = annotations.isEmpty ? .none : annotations[id] ?? .none
        let first = 3 * Int(stringItems[position])
        return strings.withUTF8 { text in
            body(PackedArtist(
                id: id, albumCount: Int(albumCounts[position]), annotation: annotation,
                name: text[first] ?? UnsafeBufferPointer(start: nil, count: 0),
                sortName: text[first + 1], musicBrainzID: text[first + 2]))
        }
    }

    /// Every artist, grouped: a copy of the whole index (for callers that want arrays).
    public var groups: [IndexGroup<BrowseArtist>] {
        headings.map { heading in IndexGroup(name: heading.name, items: heading.positions.map(artist(at:))) }
    }

    /// This index with `annotations` (one user's, by artist id) on its artists, sharing the
    /// packed artists.
    func annotated(with annotations: [Int64: Annotation]) -> ArtistIndexListing {
        var copy = self
        copy.annotations = annotations
        return copy
    }

    /// The artists `each` reads, one at a time, sorted and grouped: they are packed as they
    /// come and kept in that order, read through `stringItems`, so no array of
    /// `BrowseArtist` is ever held and the packed text is never copied.
    init(reading each: ((BrowseArtist) -> Void) throws -> Void) rethrows {
        var ids: [Int64] = []
        var albumCounts: [Int32] = []
        var strings = PackedStrings()
        var keys = IndexSortKeys()
        try each { artist in
            ids.append(artist.id)
            albumCounts.append(Int32(clamping: artist.albumCount))
            strings.append(artist.name)
            strings.append(artist.sortName)
            strings.append(artist.musicBrainzID)
            keys.append(ArtistIndex.sortKey(name: artist.name, sortName: artist.sortName))
        }
        let (order, headings) = keys.arrangement()
        self.headings = headings
        self.ids = order.map { ids[Int($0)] }
        self.albumCounts = order.map { albumCounts[Int($0)] }
        self.strings = strings
        self.stringItems = order
    }
}

/// An artist of an `ArtistIndexListing`, its text as UTF-8 bytes valid only inside the
/// closure it is handed to.
public struct PackedArtist {
    public let id: Int64
    public let albumCount: Int
    /// The user's stars and rating.
    public let annotation: Annotation
    public let name: UnsafeBufferPointer<UInt8>
    public let sortName: UnsafeBufferPointer<UInt8>?
    public let musicBrainzID: UnsafeBufferPointer<UInt8>?
}
