import Foundation

/// One derived album: its tracks grouped by album artist and title, across folders.
public struct AlbumSummary: Sendable, Equatable, Identifiable, Codable {
    public var id: Int64
    public var title: String
    public var albumArtist: String
    public var compilation: Bool
    public var year: Int?
    public var trackCount: Int
    public var durationMs: Int64

    public init(id: Int64, title: String, albumArtist: String, compilation: Bool, year: Int?, trackCount: Int, durationMs: Int64) {
        self.id = id; self.title = title; self.albumArtist = albumArtist
        self.compilation = compilation; self.year = year; self.trackCount = trackCount
        self.durationMs = durationMs
    }
}

/// One artist (track artist or album artist) with how much of the library is theirs.
public struct ArtistSummary: Sendable, Equatable, Identifiable, Codable {
    public var id: Int64
    public var name: String
    public var albumCount: Int
    public var trackCount: Int
    public var durationMs: Int64

    public init(id: Int64, name: String, albumCount: Int, trackCount: Int, durationMs: Int64) {
        self.id = id; self.name = name; self.albumCount = albumCount
        self.trackCount = trackCount; self.durationMs = durationMs
    }
}

/// Totals over the present (not missing) tracks of the libraries.
public struct LibraryStatistics: Sendable, Equatable, Codable {
    public var libraries: Int
    public var tracks: Int
    public var albums: Int
    public var artists: Int
    public var albumArtists: Int
    public var compilations: Int
    public var totalDurationMs: Int64
    public var totalBytes: Int64
    /// Tracks per format name, largest first.
    public var formats: [FormatCount]
    public var missingTracks: Int
    /// Present tracks read despite damage (cut short), among those counted in `tracks`.
    public var damagedTracks: Int
    public var unreadableFiles: Int
    /// When the most recent scan finished.
    public var lastScanAt: Date?

    public init(
        libraries: Int = 0, tracks: Int = 0, albums: Int = 0, artists: Int = 0, albumArtists: Int = 0,
        compilations: Int = 0, totalDurationMs: Int64 = 0, totalBytes: Int64 = 0,
        formats: [FormatCount] = [], missingTracks: Int = 0, damagedTracks: Int = 0, unreadableFiles: Int = 0,
        lastScanAt: Date? = nil
    ) {
        self.libraries = libraries; self.tracks = tracks; self.albums = albums
        self.artists = artists; self.albumArtists = albumArtists; self.compilations = compilations
        self.totalDurationMs = totalDurationMs; self.totalBytes = totalBytes; self.formats = formats
        self.missingTracks = missingTracks; self.damagedTracks = damagedTracks
        self.unreadableFiles = unreadableFiles
        self.lastScanAt = lastScanAt
    }
}

/// How many tracks have one format.
public struct FormatCount: Sendable, Equatable, Codable {
    public var format: String
    public var tracks: Int

    public init(format: String, tracks: Int) {
        self.format = format
        self.tracks = tracks
    }
}

/// A file the scanner could not read, and why.
public struct ScanFailure: Sendable, Equatable, Codable {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}
