/// The ids Subsonic clients see: a kind prefix and a stable database id ("tr-12", "al-3",
/// "ar-7", "fo-5", "pl-2"), never a path. Music folders (libraries) are plain integers,
/// as the Subsonic schema types `musicFolder.id` as an int.
public struct SubsonicID: Hashable, Sendable, CustomStringConvertible {
    /// What an id names; the raw value is the prefix.
    public enum Kind: String, Sendable, CaseIterable {
        case track = "tr"
        case album = "al"
        case artist = "ar"
        case folder = "fo"
        case playlist = "pl"
        case library = "li"

        /// The word used in "not found" messages.
        public var noun: String {
            switch self {
            case .track: "Song"
            case .album: "Album"
            case .artist: "Artist"
            case .folder: "Folder"
            case .playlist: "Playlist"
            case .library: "Music folder"
            }
        }
    }

    public let kind: Kind
    /// The stable id in its table.
    public let value: Int64

    public init(_ kind: Kind, _ value: Int64) {
        self.kind = kind
        self.value = value
    }

    public static func track(_ id: Int64) -> SubsonicID { SubsonicID(.track, id) }
    public static func album(_ id: Int64) -> SubsonicID { SubsonicID(.album, id) }
    public static func artist(_ id: Int64) -> SubsonicID { SubsonicID(.artist, id) }
    public static func folder(_ id: Int64) -> SubsonicID { SubsonicID(.folder, id) }
    public static func playlist(_ id: Int64) -> SubsonicID { SubsonicID(.playlist, id) }
    public static func library(_ id: Int64) -> SubsonicID { SubsonicID(.library, id) }

    /// "tr-12"; a library is its bare number.
    public var description: String {
        kind == .library ? String(value) : "\(kind.rawValue)-\(value)"
    }

    /// Parses any kind of id. A library may be a bare number ("3") or "li-3".
    ///
    /// - Throws: error 10 naming `parameter` when `text` is not a Kanora id.
    public init(parsing text: String, parameter: String = "id") throws(SubsonicError) {
        if let number = Int64(text), number > 0 {
            self.init(.library, number)
            return
        }
        let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let kind = Kind(rawValue: String(parts[0])),
              parts[1].allSatisfy(\.isASCII), let value = Int64(parts[1]), value > 0
        else {
            throw SubsonicError.invalidParameter(parameter, "is not a Kanora id: '\(text.prefix(64))'")
        }
        self.init(kind, value)
    }

    /// Parses an id that must be of one kind.
    ///
    /// - Throws: error 10 when `text` is not a Kanora id, error 70 when it names another
    ///   kind of item (an album's id given for a song cannot name any song).
    public init(parsing text: String, as kind: Kind, parameter: String = "id") throws(SubsonicError) {
        let id = try SubsonicID(parsing: text, parameter: parameter)
        guard id.kind == kind else { throw SubsonicError.notFound("\(kind.noun) \(text) not found") }
        self = id
    }

    /// The "not found" error for this id.
    public var notFound: SubsonicError { .notFound("\(kind.noun) \(self) not found") }
}
