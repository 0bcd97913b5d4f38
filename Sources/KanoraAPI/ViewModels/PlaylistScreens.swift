import Foundation

/// The user's playlists (`GET viewmodels/playlists`).
public struct PlaylistsScreen: RequestableViewModel, Equatable {
    public typealias Request = PlaylistsScreenRequest

    /// One playlist in the list.
    public struct Row: Codable, Sendable, Equatable {
        public var id: Int64
        public var name: String
        public var smart: Bool
        /// "12 tracks · 48:10".
        public var summary: LocalizableString
        /// When it last changed.
        public var updated: LocalizedDate
        public init(id: Int64, name: String, smart: Bool, summary: LocalizableString, updated: Date) {
            self.id = id; self.name = name; self.smart = smart; self.summary = summary
            self.updated = LocalizedDate(updated)
        }
    }

    public var id = "playlists"
    /// The screen's heading.
    public var title: LocalizableString = .key("playlists.title")
    public var playlists: [Row]
    /// What to show when the list is empty.
    public var emptyText: LocalizableString = .key("playlists.empty")

    public init(playlists: [Row]) { self.playlists = playlists }

    public static func stub() -> PlaylistsScreen {
        PlaylistsScreen(playlists: [Row(
            id: 4, name: "Late night", smart: false, summary: .key("summary.tracksAndLength", count: 2, ["length": .duration(600)]),
            updated: Date(timeIntervalSinceReferenceDate: 800_000_000))])
    }
}

/// `GET /api/v1/viewmodels/playlists`.
public struct PlaylistsScreenRequest: ViewModelRequest {
    public typealias ResponseBody = PlaylistsScreen
    public static let name = "playlists"
    public static let access = ViewModelAccess.user
    public let query: NoQuery
    public init(query: NoQuery) { self.query = query }
}

/// One playlist with its entries (`GET viewmodels/playlist?id=`); rows carry `position`.
public struct PlaylistScreen: RequestableViewModel, Equatable {
    public typealias Request = PlaylistScreenRequest
    /// The stable identity of the screen and its item (`album:7`).
    public var id: String
    /// The playlist's name as the screen's title.
    public var title: String
    public var name: String
    public var smart: Bool
    /// The saved query of a smart playlist.
    @Nullable public var query: String?
    @Nullable public var description: String?
    public var summary: LocalizableString
    /// The track rows, in order.
    public var tracks: [TrackItem]
    /// What to show for a playlist with no entries.
    public var emptyText: LocalizableString = .key("playlist.empty")

    public init(
        playlistID: Int64, name: String, smart: Bool, query: String?, description: String?, summary: LocalizableString,
        tracks: [TrackItem]
    ) {
        id = "playlist:\(playlistID)"; title = name; self.name = name; self.smart = smart; self.query = query
        self.description = description; self.summary = summary; self.tracks = tracks
    }

    public static func stub() -> PlaylistScreen {
        PlaylistScreen(
            playlistID: 4, name: "Late night", smart: false, query: nil, description: "For after ten",
            summary: .key("summary.tracksAndLength", count: 2, ["length": .duration(600)]),
            tracks: [.stub(id: 5, position: 1), .stub(id: 6, playable: false, position: 2)])
    }
}

/// `GET /api/v1/viewmodels/playlist?id=4`.
public struct PlaylistScreenRequest: ViewModelRequest {
    public typealias ResponseBody = PlaylistScreen
    public static let name = "playlist"
    public static let access = ViewModelAccess.user
    public let query: IDQuery
    public init(query: IDQuery) { self.query = query }
}

/// The smart playlist editor's live preview (`GET viewmodels/smartpreview?query=`): the
/// first tracks the query matches, or the parser's error at the term at fault.
public struct SmartPreviewScreen: RequestableViewModel, Equatable {
    public typealias Request = SmartPreviewScreenRequest

    /// What is wrong with the query, and where: `offset` and `length` of the term at fault
    /// in UTF-16 code units, as a browser's string indices count (`query.slice(offset, offset + length)`).
    public struct QueryProblem: Codable, Sendable, Equatable {
        public var message: LocalizableString
        public var offset: Int
        public var length: Int
        public init(message: LocalizableString, offset: Int, length: Int) {
            self.message = message; self.offset = offset; self.length = length
        }
    }

    /// The most tracks previewed.
    public static let maximumTracks = 50

    public var id = "smartpreview"
    public var valid: Bool
    @Nullable public var error: QueryProblem?
    public var summary: LocalizableString
    /// The track rows, in order.
    public var tracks: [TrackItem]

    public init(error: QueryProblem) {
        valid = false; self.error = error; summary = .key("smartpreview.invalid"); tracks = []
    }

    /// The first tracks matching (`more`: there are others past `maximumTracks`).
    public init(tracks: [TrackItem], more: Bool) {
        valid = true; error = nil; self.tracks = tracks
        summary = more ? .key("smartpreview.more", ["shown": .number(tracks.count)]) : .key("summary.tracks", count: tracks.count)
    }

    public static func stub() -> SmartPreviewScreen { SmartPreviewScreen(tracks: [.stub()], more: false) }
}

/// `GET /api/v1/viewmodels/smartpreview?query=genre:jazz`.
public struct SmartPreviewScreenRequest: ViewModelRequest {
    public typealias ResponseBody = SmartPreviewScreen
    public static let name = "smartpreview"
    public static let access = ViewModelAccess.user
    public let query: TextQuery
    public init(query: TextQuery) { self.query = query }
}

/// The player's queue as rows, in the order asked (`GET viewmodels/queue?ids=1,2,3`);
/// ids that no longer name a present track are left out.
public struct QueueScreen: RequestableViewModel, Equatable {
    public typealias Request = QueueScreenRequest
    public var id = "queue"
    /// The track rows, in order.
    public var tracks: [TrackItem]

    public init(tracks: [TrackItem]) { self.tracks = tracks }

    public static func stub() -> QueueScreen { QueueScreen(tracks: [.stub(id: 5), .stub(id: 6)]) }
}

/// `GET /api/v1/viewmodels/queue?ids=1,2,3` (at most 1,000 ids).
public struct QueueScreenRequest: ViewModelRequest {
    public typealias ResponseBody = QueueScreen
    public static let name = "queue"
    public static let access = ViewModelAccess.user
    /// The most ids a queue holds.
    public static let maximumLength = 1000

    /// The track ids, in queue order (repeats allowed).
    public struct Query: ViewModelQuery {
        public var ids: [Int64]
        public init(ids: [Int64]) { self.ids = ids }

        public init(parameters: [String: String]) throws(ViewModelFailure) {
            let parts = (parameters["ids"] ?? "").split(separator: ",", omittingEmptySubsequences: true)
            guard parts.count <= QueueScreenRequest.maximumLength else {
                throw ViewModelFailure(.invalidInput, .key("error.queue.long", ["count": .number(parts.count), "limit": .number(QueueScreenRequest.maximumLength)]))
            }
            var ids: [Int64] = []
            for part in parts {
                guard let id = Int64(part.trimmingCharacters(in: .whitespaces)), id > 0 else {
                    throw ViewModelFailure(.invalidInput, .key("error.parameter.id", ["name": .text("ids"), "value": .text(String(part))]))
                }
                ids.append(id)
            }
            self.ids = ids
        }

        public var parameters: [String: String] { ids.isEmpty ? [:] : ["ids": ids.map(String.init).joined(separator: ",")] }
    }

    public let query: Query
    public init(query: Query) { self.query = query }
}
