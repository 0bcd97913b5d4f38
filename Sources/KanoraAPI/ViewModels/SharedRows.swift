import Foundation

/// An album in a grid: its name, artist, year, cover and a localized summary ("12 tracks").
public struct AlbumCard: Codable, Sendable, Equatable, Identifiable {
    public var id: Int64
    public var name: String
    public var artist: String
    @Nullable public var artistID: Int64?
    /// The year as written (never grouped: "1959").
    @Nullable public var year: String?
    /// `/api/v1/cover?id=...` when the album has a cover.
    @Nullable public var coverURL: String?
    public var summary: LocalizableString

    public init(
        id: Int64, name: String, artist: String, artistID: Int64?, year: String?, coverURL: String?, summary: LocalizableString
    ) {
        self.id = id; self.name = name; self.artist = artist; self.artistID = artistID
        self.year = year; self.coverURL = coverURL; self.summary = summary
    }

    /// An example card.
    public static func stub(id: Int64 = 7) -> AlbumCard {
        AlbumCard(
            id: id, name: "Kind of Blue", artist: "Miles Davis", artistID: 3, year: "1959",
            coverURL: "/api/v1/cover?id=al-\(id)", summary: .key("summary.tracks", count: 5))
    }
}

/// An artist in a list: name and a localized summary ("3 albums").
public struct ArtistRow: Codable, Sendable, Equatable, Identifiable {
    public var id: Int64
    public var name: String
    /// What it holds, counted ("12 tracks · 48:10").
    public var summary: LocalizableString

    public init(id: Int64, name: String, summary: LocalizableString) {
        self.id = id; self.name = name; self.summary = summary
    }

    /// An example row.
    public static func stub(id: Int64 = 3) -> ArtistRow {
        ArtistRow(id: id, name: "Miles Davis", summary: .key("summary.albums", count: 3))
    }
}

/// A track in a list (the contract's `TrackRow`): what to show and how to play it. The
/// server decides `streamURL` (nil when the browser cannot play the file and nothing
/// transcodes it, with `note` saying so).
public struct TrackItem: Codable, Sendable, Equatable, Identifiable {
    public var id: Int64
    /// The heading: the item's own name.
    public var title: String
    public var artist: String
    public var album: String
    @Nullable public var albumID: Int64?
    @Nullable public var artistID: Int64?
    /// The track number as written ("3").
    @Nullable public var number: String?
    public var duration: LocalizedDuration
    public var durationSeconds: Double
    /// Whether the user starred it.
    public var starred: Bool
    @Nullable public var streamURL: String?
    @Nullable public var note: LocalizableString?
    /// The 1-based position in a playlist (absent elsewhere).
    public var position: Int?

    public init(
        id: Int64, title: String, artist: String, album: String, albumID: Int64?, artistID: Int64?, number: String?,
        durationSeconds: Double, starred: Bool, streamURL: String?, note: LocalizableString?, position: Int? = nil
    ) {
        self.id = id; self.title = title; self.artist = artist; self.album = album; self.albumID = albumID
        self.artistID = artistID; self.number = number; self.duration = LocalizedDuration(seconds: durationSeconds)
        self.durationSeconds = durationSeconds; self.starred = starred; self.streamURL = streamURL; self.note = note
        self.position = position
    }

    /// An example row (one that plays as it is, unless `playable` is false).
    public static func stub(id: Int64 = 5, playable: Bool = true, position: Int? = nil) -> TrackItem {
        TrackItem(
            id: id, title: "So What", artist: "Miles Davis", album: "Kind of Blue", albumID: 7, artistID: 3, number: "1",
            durationSeconds: 545, starred: true, streamURL: playable ? "/api/v1/stream?id=\(id)" : nil,
            note: playable ? nil : .key("track.note.unplayable"), position: position)
    }
}

/// A language the app is shipped in: its code and its own name ("Deutsch").
public struct LanguageChoice: Codable, Sendable, Equatable {
    public var code: String
    public var name: LocalizableString

    public init(code: String, name: LocalizableString) {
        self.code = code; self.name = name
    }
}

/// The labels a screen's controls need, by stable name: the browser looks them up by key.
public typealias Labels = [String: LocalizableString]

extension Dictionary where Key == String, Value == LocalizableString {
    /// Each name's text from the catalog key `prefix.name`.
    public static func keyed(_ prefix: String, _ names: [String]) -> Labels {
        Dictionary(uniqueKeysWithValues: names.map { ($0, LocalizableString.key("\(prefix).\($0)")) })
    }
}
