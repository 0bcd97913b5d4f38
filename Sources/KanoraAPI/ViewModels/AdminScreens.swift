import Foundation

/// What is wrong with the libraries (`GET viewmodels/doctor`), localized: one section per
/// kind of problem found, each item a path (or album) and what is wrong.
public struct DoctorScreen: RequestableViewModel, Equatable {
    public typealias Request = DoctorScreenRequest

    /// One problem.
    public struct Item: Codable, Sendable, Equatable {
        /// The file or album it is about (data: a path or a name).
        public var subject: String
        /// What is wrong, when more than the section says.
        @Nullable public var detail: LocalizableString?
        /// The track it is about, when one.
        @Nullable public var trackID: Int64?
        public init(subject: String, detail: LocalizableString? = nil, trackID: Int64? = nil) {
            self.subject = subject; self.detail = detail; self.trackID = trackID
        }
    }

    /// The problems of one kind.
    public struct Section: Codable, Sendable, Equatable {
        /// `damaged`, `unreadable`, `missing`, `duplicates`, `untagged`, `incompleteAlbums`, `possibleUpgrades`.
        public var id: String
        /// The section's heading.
        public var title: LocalizableString
        /// The items, in order.
        public var items: [Item]
        public init(id: String, items: [Item]) {
            self.id = id; title = .key("doctor.section.\(id)", count: items.count); self.items = items
        }
    }

    /// The most items a section lists (its title counts them all).
    public static let sectionLimit = 500

    public var id = "doctor"
    /// The screen's heading.
    public var title: LocalizableString = .key("doctor.title")
    /// "3 problems found" or "Everything is fine".
    public var summary: LocalizableString
    /// The sections, in order.
    public var sections: [Section]

    public init(problemCount: Int, sections: [Section]) {
        summary = problemCount == 0 ? .key("doctor.healthy") : .key("doctor.problems", count: problemCount)
        self.sections = sections
    }

    public static func stub() -> DoctorScreen {
        DoctorScreen(problemCount: 2, sections: [
            Section(id: "damaged", items: [Item(subject: "/music/a.flac", detail: .key("doctor.detail.damage", ["problem": .text("last frame cut short")]), trackID: 5)]),
            Section(id: "incompleteAlbums", items: [Item(subject: "Kind of Blue", detail: .key("doctor.detail.gaps", ["numbers": .text("2, 3")]))]),
        ])
    }
}

/// `GET /api/v1/viewmodels/doctor`.
public struct DoctorScreenRequest: ViewModelRequest {
    public typealias ResponseBody = DoctorScreen
    public static let name = "doctor"
    public static let access = ViewModelAccess.user
    public let query: NoQuery
    public init(query: NoQuery) { self.query = query }
}

/// The libraries and the scan in progress, for administrators (`GET viewmodels/libraries`).
public struct LibrariesScreen: RequestableViewModel, Equatable {
    public typealias Request = LibrariesScreenRequest

    /// One library.
    public struct Row: Codable, Sendable, Equatable {
        public var id: Int64
        public var name: String
        /// Its root folder.
        public var path: String
        /// "Last scanned 25 Nov 2026" or "Never scanned".
        public var summary: LocalizableString
        public init(id: Int64, name: String, path: String, lastScan: Date?) {
            self.id = id; self.name = name; self.path = path
            summary = lastScan.map { .key("libraries.lastScan", ["date": .date($0)]) } ?? .key("libraries.neverScanned")
        }
    }

    /// The scan a client started, while it runs.
    public struct Scan: Codable, Sendable, Equatable {
        public var running: Bool
        /// "Scanning Jazz: 120 files", or "No scan running".
        public var text: LocalizableString
        /// How far it is (0...1), when known.
        @Nullable public var fraction: Double?
        public init(running: Bool, text: LocalizableString, fraction: Double?) {
            self.running = running; self.text = text; self.fraction = fraction
        }
        /// No scan running.
        public static let idle = Scan(running: false, text: .key("libraries.scan.idle"), fraction: nil)
    }

    public var id = "libraries"
    /// The screen's heading.
    public var title: LocalizableString = .key("libraries.title")
    public var libraries: [Row]
    public var scan: Scan
    /// `scan` (one library), `scanAll`.
    public var labels: Labels = .keyed("libraries.label", ["scan", "scanAll"])

    public init(libraries: [Row], scan: Scan) { self.libraries = libraries; self.scan = scan }

    public static func stub() -> LibrariesScreen {
        LibrariesScreen(
            libraries: [Row(id: 1, name: "Jazz", path: "/music/jazz", lastScan: Date(timeIntervalSinceReferenceDate: 800_000_000))],
            scan: Scan(running: true, text: .key("libraries.scan.running", count: 120, ["library": .text("Jazz")]), fraction: 0.4))
    }
}

/// `GET /api/v1/viewmodels/libraries` (administrators).
public struct LibrariesScreenRequest: ViewModelRequest {
    public typealias ResponseBody = LibrariesScreen
    public static let name = "libraries"
    public static let access = ViewModelAccess.admin
    public let query: NoQuery
    public init(query: NoQuery) { self.query = query }
}

/// The users and their API keys, for administrators (`GET viewmodels/users`).
public struct UsersScreen: RequestableViewModel, Equatable {
    public typealias Request = UsersScreenRequest

    /// One API key (never the key itself).
    public struct Key: Codable, Sendable, Equatable {
        public var id: Int64
        public var label: LocalizableString
        public var created: LocalizedDate
        public init(id: Int64, label: String?, created: Date) {
            self.id = id
            self.label = label.map { LocalizableString.key("users.key.label", ["label": .text($0)]) } ?? .key("users.key.unlabelled")
            self.created = LocalizedDate(created)
        }
    }

    /// One user.
    public struct Row: Codable, Sendable, Equatable {
        public var name: String
        public var role: LocalizableString
        public var isAdmin: Bool
        public var keys: [Key]
        public init(name: String, isAdmin: Bool, keys: [Key]) {
            self.name = name; self.isAdmin = isAdmin; self.keys = keys
            role = isAdmin ? .key("users.role.admin") : .key("users.role.user")
        }
    }

    public var id = "users"
    /// The screen's heading.
    public var title: LocalizableString = .key("users.title")
    public var users: [Row]
    public var labels: Labels = .keyed("users.label", ["newKey", "revoke", "keys", "noKeys", "keyLabel", "created"])

    public init(users: [Row]) { self.users = users }

    public static func stub() -> UsersScreen {
        UsersScreen(users: [
            Row(name: "alice", isAdmin: true, keys: [Key(id: 1, label: "phone", created: Date(timeIntervalSinceReferenceDate: 800_000_000))]),
            Row(name: "bob", isAdmin: false, keys: [Key(id: 2, label: nil, created: Date(timeIntervalSinceReferenceDate: 800_000_000))]),
        ])
    }
}

/// `GET /api/v1/viewmodels/users` (administrators).
public struct UsersScreenRequest: ViewModelRequest {
    public typealias ResponseBody = UsersScreen
    public static let name = "users"
    public static let access = ViewModelAccess.admin
    public let query: NoQuery
    public init(query: NoQuery) { self.query = query }
}

/// Every hosted view model's request, for the server's routes and the tests.
public enum ViewModelCatalog {
    public static let requests: [any ViewModelRequest.Type] = [
        SignInScreenRequest.self, AppScreenRequest.self, HomeScreenRequest.self, AlbumsScreenRequest.self,
        ArtistsScreenRequest.self, AlbumScreenRequest.self, ArtistScreenRequest.self, SearchScreenRequest.self,
        PlaylistsScreenRequest.self, PlaylistScreenRequest.self, SmartPreviewScreenRequest.self, QueueScreenRequest.self,
        DoctorScreenRequest.self, LibrariesScreenRequest.self, UsersScreenRequest.self,
    ]
}
