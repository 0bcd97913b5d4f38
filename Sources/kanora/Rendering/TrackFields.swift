import Foundation
import LibraryCore
import LibraryServices

/// Every stored field of a track by name (the query's field names where it has them), for
/// `kanora show` and `--format` templates; other tags as `tag:NAME`.
enum TrackFields {
    /// The prefix of a raw tag's field name (`tag:ISRC`).
    static let tagPrefix = "tag:"

    static let table = FieldTable<Track>([
        .init("id") { String($0.id) },
        .init("path") { $0.path.text },
        .init("library") { $0.libraryName },
        .init("title") { $0.title },
        .init("titlesort") { $0.metadata.titleSort },
        .init("artist") { join($0.metadata.artists) },
        .init("artistsort") { $0.metadata.artistSort },
        .init("albumartist") { join($0.metadata.albumArtists) },
        .init("albumartistsort") { $0.metadata.albumArtistSort },
        .init("album") { $0.metadata.album },
        .init("albumsort") { $0.metadata.albumSort },
        .init("track") { $0.metadata.trackNumber.map(String.init) },
        .init("tracktotal") { $0.metadata.trackTotal.map(String.init) },
        .init("disc") { $0.metadata.discNumber.map(String.init) },
        .init("disctotal") { $0.metadata.discTotal.map(String.init) },
        .init("date") { $0.metadata.date },
        .init("year") { $0.metadata.year.map(String.init) },
        .init("originaldate") { $0.metadata.originalDate },
        .init("originalyear") { $0.metadata.originalYear.map(String.init) },
        .init("genre") { join($0.metadata.genres) },
        .init("composer") { $0.metadata.composer },
        .init("comment") { $0.metadata.comment },
        .init("compilation") { $0.metadata.compilation ? "yes" : "no" },
        .init("bpm") { $0.metadata.bpm.map { String(format: "%g", $0) } },
        .init("mb_trackid") { $0.metadata.musicBrainz.recordingID },
        .init("mb_releasetrackid") { $0.metadata.musicBrainz.trackID },
        .init("mb_albumid") { $0.metadata.musicBrainz.albumID },
        .init("mb_releasegroupid") { $0.metadata.musicBrainz.releaseGroupID },
        .init("mb_artistid") { $0.metadata.musicBrainz.artistID },
        .init("mb_albumartistid") { $0.metadata.musicBrainz.albumArtistID },
        .init("rg_track_gain") { $0.metadata.replayGain.trackGain.map { String(format: "%.2f dB", $0) } },
        .init("rg_track_peak") { $0.metadata.replayGain.trackPeak.map { String(format: "%.6f", $0) } },
        .init("rg_album_gain") { $0.metadata.replayGain.albumGain.map { String(format: "%.2f dB", $0) } },
        .init("rg_album_peak") { $0.metadata.replayGain.albumPeak.map { String(format: "%.6f", $0) } },
        .init("format") { $0.metadata.audio.format },
        .init("length") { Formatting.duration(milliseconds: Int64($0.metadata.audio.durationMs)) },
        .init("duration_ms") { String($0.metadata.audio.durationMs) },
        .init("bitrate") { $0.metadata.audio.bitrate.map { "\($0) kbps" } },
        .init("samplerate") { $0.metadata.audio.sampleRate.map { "\($0) Hz" } },
        .init("channels") { $0.metadata.audio.channels.map(String.init) },
        .init("bitdepth") { $0.metadata.audio.bitDepth.map(String.init) },
        .init("cover") { $0.metadata.audio.hasCoverArt ? "embedded" : "none" },
        .init("size") { "\($0.fileSize) (\(Formatting.bytes($0.fileSize)))" },
        .init("mtime") { Formatting.timestamp(Date(timeIntervalSince1970: Double($0.mtimeNs / 1_000_000_000))) },
        .init("added") { Formatting.timestamp($0.addedAt) },
        .init("updated") { Formatting.timestamp($0.updatedAt) },
        .init("missing") { $0.missingSince.map(Formatting.timestamp) ?? "no" },
        .init("damaged") { $0.metadata.damage ?? "no" },
    ])

    /// Every field of `track` as (name, text) pairs in display order, then its other tags.
    static func all(of track: Track) -> [(name: String, value: String?)] {
        table.fields.map { (name: $0.name, value: $0.value(track)) }
            + track.metadata.otherTags.keys.sorted().map { key in
                (name: tagPrefix + key, value: track.metadata.otherTags[key]?.joined(separator: "; "))
            }
    }

    /// The fields a track loaded with `detail` has right: nil for every field (`.full`).
    static func filled(at detail: TrackDetail) -> Set<String>? {
        switch detail {
        case .full: nil
        case .path: ["id", "path"]
        case .brief: filled(at: .path)!.union([
            "title", "artist", "album", "track", "disc", "disctotal", "year", "length", "duration_ms", "format", "missing",
        ])
        case .summary: filled(at: .brief)!.union([
            "library", "albumartist", "tracktotal", "date", "genre", "composer", "compilation", "bitrate", "samplerate",
            "channels", "cover", "size", "damaged",
        ])
        }
    }

    /// The least detail that fills every field `names` lists.
    static func detail(filling names: Set<String>) -> TrackDetail {
        [TrackDetail.path, .brief, .summary].first { names.isSubset(of: filled(at: $0)!) } ?? .full
    }

    /// Whether a template may name `name`: a field of the table or any `tag:NAME`.
    static func isKnown(_ name: String) -> Bool {
        table.contains(name) || (name.hasPrefix(tagPrefix) && name.count > tagPrefix.count)
    }

    /// The value of field `name` (or tag `tag:NAME`) of `track`.
    static func value(_ name: String, of track: Track) -> String? {
        reader(name)(track)
    }

    /// What reads field `name` (or tag `tag:NAME`) from a track.
    static func reader(_ name: String) -> @Sendable (Track) -> String? {
        guard name.hasPrefix(tagPrefix) else { return table.reader(name) }
        let tag = String(name.dropFirst(tagPrefix.count))
        return { $0.metadata.otherTags[tag]?.joined(separator: "; ") }
    }

    private static func join(_ values: [String]) -> String? {
        values.isEmpty ? nil : values.joined(separator: "; ")
    }
}

/// The fields of an album row (`kanora list albums --format`).
enum AlbumFields {
    static let table = FieldTable<AlbumSummary>([
        .init("album") { $0.title },
        .init("albumartist") { $0.albumArtist },
        .init("year") { $0.year.map(String.init) },
        .init("tracks") { String($0.trackCount) },
        .init("length") { Formatting.duration(milliseconds: $0.durationMs) },
        .init("compilation") { $0.compilation ? "yes" : "no" },
        .init("id") { String($0.id) },
    ])
}

/// The fields of an artist row (`kanora list artists --format`).
enum ArtistFields {
    static let table = FieldTable<ArtistSummary>([
        .init("artist") { $0.name },
        .init("albums") { String($0.albumCount) },
        .init("tracks") { String($0.trackCount) },
        .init("length") { Formatting.duration(milliseconds: $0.durationMs) },
        .init("id") { String($0.id) },
    ])
}
