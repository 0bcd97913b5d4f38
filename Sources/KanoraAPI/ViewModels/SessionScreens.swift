import Foundation

/// The sign-in screen (`GET viewmodels/signin`, no sign-in needed): its labels and the
/// languages to choose from.
public struct SignInScreen: RequestableViewModel, Equatable {
    public typealias Request = SignInScreenRequest
    public var id = "signin"
    /// The screen's heading.
    public var title: LocalizableString
    /// `user`, `password`, `submit`, `language`.
    public var labels: Labels
    /// The language the screen is in.
    public var language: String
    public var languages: [LanguageChoice]

    public init(language: String, languages: [LanguageChoice]) {
        title = .key("signin.title")
        labels = .keyed("signin", ["user", "password", "submit", "language"])
        self.language = language
        self.languages = languages
    }

    public static func stub() -> SignInScreen {
        SignInScreen(language: "en", languages: LanguageChoice.stubs)
    }
}

/// `GET /api/v1/viewmodels/signin`.
public struct SignInScreenRequest: ViewModelRequest {
    public typealias ResponseBody = SignInScreen
    public static let name = "signin"
    public static let access = ViewModelAccess.anyone
    public let query: NoQuery
    public init(query: NoQuery) { self.query = query }
}

/// The app's frame (`GET viewmodels/app`): who is signed in, the navigation their role
/// allows, the language, and the labels of the shared controls (player, queue, dialogs).
public struct AppScreen: RequestableViewModel, Equatable {
    public typealias Request = AppScreenRequest

    /// The signed-in user.
    public struct SignedInUser: Codable, Sendable, Equatable {
        public var name: String
        public var isAdmin: Bool
        public init(name: String, isAdmin: Bool) { self.name = name; self.isAdmin = isAdmin }
    }

    /// One entry of the navigation: the screen it opens and its label.
    public struct NavigationItem: Codable, Sendable, Equatable {
        public var screen: String
        public var label: LocalizableString
        public init(screen: String) { self.screen = screen; label = .key("navigation.\(screen)") }
    }

    /// The screens everyone sees, in order.
    public static let userScreens = ["home", "albums", "artists", "search", "playlists", "doctor"]
    /// The screens only administrators see.
    public static let adminScreens = ["libraries", "users"]
    /// The names of `labels`.
    public static let labelNames = [
        "signOut", "language", "search", "play", "pause", "next", "previous", "shuffle", "repeat", "volume", "seek",
        "queue", "star", "unstar", "addToPlaylist", "remove", "rename", "delete", "newPlaylist", "save", "cancel",
        "loading", "empty", "nowPlaying", "moveUp", "moveDown", "clearQueue", "playAll", "close", "error", "retry",
        "playlistName", "smartQuery", "create", "menu",
    ]

    public var id = "app"
    public var user: SignedInUser
    public var language: String
    public var languages: [LanguageChoice]
    public var navigation: [NavigationItem]
    public var labels: Labels

    public init(user: SignedInUser, language: String, languages: [LanguageChoice]) {
        self.user = user
        self.language = language
        self.languages = languages
        navigation = (Self.userScreens + (user.isAdmin ? Self.adminScreens : [])).map(NavigationItem.init)
        labels = .keyed("app", Self.labelNames)
    }

    public static func stub() -> AppScreen {
        AppScreen(user: SignedInUser(name: "alice", isAdmin: true), language: "en", languages: LanguageChoice.stubs)
    }
}

/// `GET /api/v1/viewmodels/app`.
public struct AppScreenRequest: ViewModelRequest {
    public typealias ResponseBody = AppScreen
    public static let name = "app"
    public static let access = ViewModelAccess.user
    public let query: NoQuery
    public init(query: NoQuery) { self.query = query }
}

extension LanguageChoice {
    /// The shipped languages, each named in itself.
    static let stubs = [LanguageChoice(code: "en", name: .key("languages.en")), LanguageChoice(code: "de", name: .key("languages.de"))]
}
