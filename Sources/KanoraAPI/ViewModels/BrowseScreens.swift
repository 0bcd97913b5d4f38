import Foundation

/// The home screen (`GET viewmodels/home`): rows of albums (recently added, recently
/// played, most played, random, starred).
public struct HomeScreen: RequestableViewModel, Equatable {
    public typealias Request = HomeScreenRequest

    /// One row of albums.
    public struct Section: Codable, Sendable, Equatable {
        /// `recent`, `played`, `frequent`, `random` or `starred`.
        public var id: String
        /// The section's heading.
        public var title: LocalizableString
        /// The album cards, in order.
        public var albums: [AlbumCard]
        public init(id: String, albums: [AlbumCard]) {
            self.id = id; title = .key("home.section.\(id)"); self.albums = albums
        }
    }

    /// The sections, in order.
    public static let sectionIDs = ["recent", "played", "frequent", "random", "starred"]
    /// The most albums a section holds.
    public static let sectionSize = 12

    public var id = "home"
    /// The screen's heading.
    public var title: LocalizableString = .key("home.title")
    /// The sections, in order.
    public var sections: [Section]

    public init(sections: [Section]) { self.sections = sections }

    public static func stub() -> HomeScreen {
        HomeScreen(sections: sectionIDs.map { Section(id: $0, albums: [.stub()]) })
    }
}

/// `GET /api/v1/viewmodels/home`.
public struct HomeScreenRequest: ViewModelRequest {
    public typealias ResponseBody = HomeScreen
    public static let name = "home"
    public static let access = ViewModelAccess.user
    public let query: NoQuery
    public init(query: NoQuery) { self.query = query }
}

/// The album grid (`GET viewmodels/albums?sort=&offset=&limit=`), one page at a time.
public struct AlbumsScreen: RequestableViewModel, Equatable {
    public typealias Request = AlbumsScreenRequest

    /// An order to choose from.
    public struct Sort: Codable, Sendable, Equatable {
        public var value: String
        public var label: LocalizableString
        public var selected: Bool
        public init(value: String, selected: Bool) {
            self.value = value; label = .key("albums.sort.\(value)"); self.selected = selected
        }
    }

    public var id = "albums"
    /// The screen's heading.
    public var title: LocalizableString = .key("albums.title")
    public var sorts: [Sort]
    /// The album cards, in order.
    public var albums: [AlbumCard]
    /// The offset of the next page; nil on the last.
    @Nullable public var nextOffset: Int?

    public init(sort: AlbumsScreenRequest.Sort, albums: [AlbumCard], nextOffset: Int?) {
        sorts = AlbumsScreenRequest.Sort.allCases.map { Sort(value: $0.rawValue, selected: $0 == sort) }
        self.albums = albums
        self.nextOffset = nextOffset
    }

    public static func stub() -> AlbumsScreen {
        AlbumsScreen(sort: .newest, albums: [.stub(id: 7), .stub(id: 8)], nextOffset: 60)
    }
}

/// `GET /api/v1/viewmodels/albums`: `sort` (default newest), `offset`, `limit` (1...200, default 60).
/// As Subsonic's album lists: `year` lists albums with a year, `frequent` and `recent` the
/// albums the user has played.
public struct AlbumsScreenRequest: ViewModelRequest {
    public typealias ResponseBody = AlbumsScreen
    public static let name = "albums"
    public static let access = ViewModelAccess.user
    /// The most albums a page holds.
    public static let maximumLimit = 200

    /// The orders of the album grid.
    public enum Sort: String, Sendable, CaseIterable {
        case newest, name, artist, year, frequent, recent, random
    }

    /// Which page, in which order.
    public struct Query: ViewModelQuery {
        public var sort: Sort
        public var offset: Int
        public var limit: Int

        public init(sort: Sort = .newest, offset: Int = 0, limit: Int = 60) {
            self.sort = sort; self.offset = offset; self.limit = limit
        }

        public init(parameters: [String: String]) throws(ViewModelFailure) {
            if let text = parameters["sort"] {
                guard let sort = Sort(rawValue: text) else {
                    throw ViewModelFailure(.invalidInput, .key("error.parameter.choice", [
                        "name": .text("sort"), "value": .text(text),
                        "choices": .text(Sort.allCases.map(\.rawValue).joined(separator: ", ")),
                    ]))
                }
                self.sort = sort
            } else {
                sort = .newest
            }
            offset = try QueryParameters.integer(parameters, "offset", in: 0...1_000_000_000) ?? 0
            limit = try QueryParameters.integer(parameters, "limit", in: 1...AlbumsScreenRequest.maximumLimit) ?? 60
        }

        public var parameters: [String: String] { ["sort": sort.rawValue, "offset": String(offset), "limit": String(limit)] }
    }

    public let query: Query
    public init(query: Query) { self.query = query }
}

/// The artists, A to Z (`GET viewmodels/artists`).
public struct ArtistsScreen: RequestableViewModel, Equatable {
    public typealias Request = ArtistsScreenRequest

    /// The artists under one letter.
    public struct Group: Codable, Sendable, Equatable {
        public var letter: String
        /// The artist rows, in order.
        public var artists: [ArtistRow]
        public init(letter: String, artists: [ArtistRow]) { self.letter = letter; self.artists = artists }
    }

    public var id = "artists"
    /// The screen's heading.
    public var title: LocalizableString = .key("artists.title")
    public var groups: [Group]
    /// What to show when there is no artist.
    public var emptyText: LocalizableString = .key("artists.empty")

    public init(groups: [Group]) { self.groups = groups }

    public static func stub() -> ArtistsScreen { ArtistsScreen(groups: [Group(letter: "M", artists: [.stub()])]) }
}

/// `GET /api/v1/viewmodels/artists`.
public struct ArtistsScreenRequest: ViewModelRequest {
    public typealias ResponseBody = ArtistsScreen
    public static let name = "artists"
    public static let access = ViewModelAccess.user
    public let query: NoQuery
    public init(query: NoQuery) { self.query = query }
}

/// One album and its tracks (`GET viewmodels/album?id=`).
public struct AlbumScreen: RequestableViewModel, Equatable {
    public typealias Request = AlbumScreenRequest
    /// The stable identity of the screen and its item (`album:7`).
    public var id: String
    /// The heading: the item's own name.
    public var title: String
    public var artist: String
    @Nullable public var artistID: Int64?
    @Nullable public var year: String?
    @Nullable public var coverURL: String?
    /// "12 tracks · 48:10".
    public var summary: LocalizableString
    /// Whether the user starred it.
    public var starred: Bool
    /// The track rows, in order.
    public var tracks: [TrackItem]

    public init(
        albumID: Int64, title: String, artist: String, artistID: Int64?, year: String?, coverURL: String?,
        summary: LocalizableString, starred: Bool, tracks: [TrackItem]
    ) {
        id = "album:\(albumID)"; self.title = title; self.artist = artist; self.artistID = artistID; self.year = year
        self.coverURL = coverURL; self.summary = summary; self.starred = starred; self.tracks = tracks
    }

    public static func stub() -> AlbumScreen {
        AlbumScreen(
            albumID: 7, title: "Kind of Blue", artist: "Miles Davis", artistID: 3, year: "1959", coverURL: "/api/v1/cover?id=al-7",
            summary: .key("summary.tracksAndLength", count: 2, ["length": .duration(2890)]), starred: false,
            tracks: [.stub(id: 5), .stub(id: 6, playable: false)])
    }
}

/// `GET /api/v1/viewmodels/album?id=7`.
public struct AlbumScreenRequest: ViewModelRequest {
    public typealias ResponseBody = AlbumScreen
    public static let name = "album"
    public static let access = ViewModelAccess.user
    public let query: IDQuery
    public init(query: IDQuery) { self.query = query }
}

/// One artist and their albums (`GET viewmodels/artist?id=`).
public struct ArtistScreen: RequestableViewModel, Equatable {
    public typealias Request = ArtistScreenRequest
    /// The stable identity of the screen and its item (`album:7`).
    public var id: String
    /// The heading: the item's own name.
    public var title: String
    /// What it holds, counted ("12 tracks · 48:10").
    public var summary: LocalizableString
    /// The album cards, in order.
    public var albums: [AlbumCard]

    public init(artistID: Int64, title: String, summary: LocalizableString, albums: [AlbumCard]) {
        id = "artist:\(artistID)"; self.title = title; self.summary = summary; self.albums = albums
    }

    public static func stub() -> ArtistScreen {
        ArtistScreen(artistID: 3, title: "Miles Davis", summary: .key("summary.albums", count: 1), albums: [.stub()])
    }
}

/// `GET /api/v1/viewmodels/artist?id=3`.
public struct ArtistScreenRequest: ViewModelRequest {
    public typealias ResponseBody = ArtistScreen
    public static let name = "artist"
    public static let access = ViewModelAccess.user
    public let query: IDQuery
    public init(query: IDQuery) { self.query = query }
}

/// Search as you type (`GET viewmodels/search?query=`): artists, albums and tracks.
public struct SearchScreen: RequestableViewModel, Equatable {
    public typealias Request = SearchScreenRequest
    public var id = "search"
    /// The screen's heading.
    public var title: LocalizableString = .key("search.title")
    public var query: String
    /// The artist rows, in order.
    public var artists: [ArtistRow]
    /// The album cards, in order.
    public var albums: [AlbumCard]
    /// The track rows, in order.
    public var tracks: [TrackItem]
    /// What to show when nothing matches (or nothing was typed yet).
    public var emptyText: LocalizableString
    /// The headings of the three lists: `artists`, `albums`, `tracks`; and the field's `placeholder`.
    public var labels: Labels = .keyed("search.label", ["artists", "albums", "tracks", "placeholder"])

    public init(query: String, artists: [ArtistRow], albums: [AlbumCard], tracks: [TrackItem]) {
        self.query = query; self.artists = artists; self.albums = albums; self.tracks = tracks
        emptyText = query.isEmpty ? .key("search.prompt") : .key("search.empty", ["query": .text(query)])
    }

    public static func stub() -> SearchScreen {
        SearchScreen(query: "miles", artists: [.stub()], albums: [.stub()], tracks: [.stub()])
    }
}

/// `GET /api/v1/viewmodels/search?query=TEXT` (at most 20 artists, 40 albums, 100 tracks).
public struct SearchScreenRequest: ViewModelRequest {
    public typealias ResponseBody = SearchScreen
    public static let name = "search"
    public static let access = ViewModelAccess.user
    /// The most results of each kind.
    public static let limits = (artists: 20, albums: 40, tracks: 100)
    public let query: TextQuery
    public init(query: TextQuery) { self.query = query }
}

extension IDQuery: ViewModelQuery {
    /// Reads `id` (a positive integer, required).
    public init(parameters: [String: String]) throws(ViewModelFailure) { self.init(id: try QueryParameters.id(parameters)) }
    public var parameters: [String: String] { ["id": String(id)] }
}

/// A query of free text in `query` (at most 1,000 characters; absent: empty).
public struct TextQuery: ViewModelQuery {
    /// The longest text read.
    public static let maximumLength = 1000
    public var text: String
    public init(text: String) { self.text = text }
    public init(parameters: [String: String]) throws(ViewModelFailure) {
        text = parameters["query"] ?? ""
        guard text.count <= Self.maximumLength else {
            throw ViewModelFailure(.invalidInput, .key("error.parameter.long", ["name": .text("query"), "length": .number(Self.maximumLength)]))
        }
    }
    public var parameters: [String: String] { text.isEmpty ? [:] : ["query": text] }
}
