import Foundation

/// One indexed audio file: identity, location, file facts and its metadata.
public struct Track: Sendable, Equatable, Identifiable, Codable {
    /// Stable id: survives retagging and (with the sync engine) moves and renames.
    public var id: Int64
    public var libraryID: Int64
    /// The library's name, for display.
    public var libraryName: String
    /// The absolute path (raw bytes).
    public var path: RawPath
    public var fileSize: Int64
    /// Modification time in nanoseconds since 1970.
    public var mtimeNs: Int64
    public var metadata: TrackMetadata
    /// The derived album this track belongs to, if it has an album title.
    public var albumID: Int64?
    public var addedAt: Date
    public var updatedAt: Date
    /// When the scanner last found the file gone; nil while present.
    public var missingSince: Date?

    public init(
        id: Int64, libraryID: Int64, libraryName: String, path: RawPath, fileSize: Int64,
        mtimeNs: Int64, metadata: TrackMetadata, albumID: Int64?, addedAt: Date,
        updatedAt: Date, missingSince: Date?
    ) {
        self.id = id; self.libraryID = libraryID; self.libraryName = libraryName
        self.path = path; self.fileSize = fileSize; self.mtimeNs = mtimeNs
        self.metadata = metadata; self.albumID = albumID; self.addedAt = addedAt
        self.updatedAt = updatedAt; self.missingSince = missingSince
    }

    /// Whether the file is currently missing from disk.
    public var isMissing: Bool { missingSince != nil }

    /// The title to show: the tag, or the file name without extension.
    public var title: String { metadata.title ?? path.stem }

    /// The artists joined for display ("A; B" style joins are the tagger's; we use ", ").
    public var artist: String? { Track.display(metadata.artists) }

    /// The album artists joined for display.
    public var albumArtist: String? { Track.display(metadata.albumArtists) }

    /// Joins a multi-valued field for display; nil when empty.
    public static func display(_ values: [String]) -> String? {
        values.isEmpty ? nil : values.joined(separator: ", ")
    }
}
