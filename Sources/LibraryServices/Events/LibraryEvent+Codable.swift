import LibraryCore

/// A `LibraryEvent` travels as one JSON object whose `kind` names the case, with the case's
/// value beside it (a stable contract for `kanora events --json` and the server's feed):
///
/// ```
/// {"kind":"librariesChanged"}
/// {"kind":"tracksChanged","libraryID":3}          libraryID null: any library
/// {"kind":"playlistsChanged","playlistID":5}      playlistID null: several playlists
/// {"kind":"scanProgress","progress":{"found":1200,"read":900,"skipped":0,"failed":0,"currentPath":"/music/A","elapsed":2.5}}
/// ```
extension LibraryEvent: Codable {
    /// The name of each case on the wire (also the `event:` of a Server-Sent Event).
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case librariesChanged, tracksChanged, playlistsChanged, scanProgress
    }

    private enum CodingKeys: String, CodingKey {
        case kind, libraryID, playlistID, progress
    }

    /// The case's name on the wire.
    public var kind: Kind {
        switch self {
        case .librariesChanged: .librariesChanged
        case .tracksChanged: .tracksChanged
        case .playlistsChanged: .playlistsChanged
        case .scanProgress: .scanProgress
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Kind.self, forKey: .kind) {
        case .librariesChanged: self = .librariesChanged
        case .tracksChanged: self = .tracksChanged(libraryID: try container.decodeIfPresent(Int64.self, forKey: .libraryID))
        case .playlistsChanged: self = .playlistsChanged(playlistID: try container.decodeIfPresent(Int64.self, forKey: .playlistID))
        case .scanProgress: self = .scanProgress(try container.decode(ScanProgress.self, forKey: .progress))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        switch self {
        case .librariesChanged: break
        // Optional values are written as null, not left out: "any library" is said explicitly.
        case .tracksChanged(let libraryID): try container.encode(libraryID, forKey: .libraryID)
        case .playlistsChanged(let playlistID): try container.encode(playlistID, forKey: .playlistID)
        case .scanProgress(let progress): try container.encode(progress, forKey: .progress)
        }
    }
}
