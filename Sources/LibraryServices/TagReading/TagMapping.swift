import Foundation
import LibraryCore

/// Turns a TagLib PropertyMap into `TrackMetadata` fields.
///
/// Values are trimmed and empty ones dropped. A key whose values end up in no field (an
/// unknown key, ARTIST when ARTISTS wins, a BPM that is not a number) is kept unchanged in
/// `otherTags`, so nothing in the file is lost. A missing title stays `nil`: the track layer
/// falls back to the file name, and storing it here would make it look like a real tag.
public enum TagMapping {
    /// Maps `properties` (PropertyMap keys to values, in order) and `audio` to metadata.
    public static func metadata(properties: [String: [String]], audio: AudioProperties) -> TrackMetadata {
        metadata(entries: properties.map { ($0.key, $0.value) }, audio: audio)
    }

    /// Maps PropertyMap entries (each key once, values in order) and `audio` to metadata.
    static func metadata(entries: [(key: String, values: [String])], audio: AudioProperties) -> TrackMetadata {
        var tags = Tags(entries)
        var metadata = TrackMetadata(audio: audio)
        metadata.title = tags.first("TITLE")
        metadata.titleSort = tags.first("TITLESORT")
        metadata.artists = tags.values(preferring: "ARTISTS", over: "ARTIST")
        metadata.artistSort = tags.first("ARTISTSORT")
        metadata.albumArtists = tags.values(preferring: "ALBUMARTISTS", over: "ALBUMARTIST")
        metadata.albumArtistSort = tags.first("ALBUMARTISTSORT")
        metadata.album = tags.first("ALBUM")
        metadata.albumSort = tags.first("ALBUMSORT")
        (metadata.trackNumber, metadata.trackTotal) = tags.position("TRACKNUMBER", totals: ["TRACKTOTAL", "TOTALTRACKS"])
        (metadata.discNumber, metadata.discTotal) = tags.position("DISCNUMBER", totals: ["DISCTOTAL", "TOTALDISCS"])
        (metadata.date, metadata.year) = tags.date(["DATE", "YEAR"])
        (metadata.originalDate, metadata.originalYear) = tags.date(["ORIGINALDATE", "ORIGINALYEAR"])
        metadata.genres = tags.all("GENRE")
        metadata.composer = tags.joined("COMPOSER", separator: "; ")
        metadata.comment = tags.joined("COMMENT", separator: "\n")
        metadata.compilation = tags.flag("COMPILATION")
        metadata.bpm = tags.number("BPM")
        metadata.musicBrainz = MusicBrainzIDs(
            recordingID: tags.first("MUSICBRAINZ_TRACKID"),
            trackID: tags.first("MUSICBRAINZ_RELEASETRACKID"),
            albumID: tags.first("MUSICBRAINZ_ALBUMID"),
            releaseGroupID: tags.first("MUSICBRAINZ_RELEASEGROUPID"),
            artistID: tags.first("MUSICBRAINZ_ARTISTID"),
            albumArtistID: tags.first("MUSICBRAINZ_ALBUMARTISTID")
        )
        metadata.replayGain = ReplayGain(
            trackGain: tags.number("REPLAYGAIN_TRACK_GAIN", unit: "dB"),
            trackPeak: tags.number("REPLAYGAIN_TRACK_PEAK"),
            albumGain: tags.number("REPLAYGAIN_ALBUM_GAIN", unit: "dB"),
            albumPeak: tags.number("REPLAYGAIN_ALBUM_PEAK")
        )
        metadata.otherTags = tags.unused
        return metadata
    }

    /// Parses "3", "03", "3/12" or " 3 / 12 " into a number and an optional total.
    static func parsePosition(_ text: String) -> (number: Int?, total: Int?)? {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let number = parts.first.flatMap { parseCount(String($0)) }
        let total = parts.count > 1 ? parseCount(String(parts[1])) : nil
        guard number != nil || total != nil else { return nil }
        return (number, total)
    }

    /// A positive whole number ("0" means unset in many taggers).
    static func parseCount(_ text: String) -> Int? {
        guard let value = Int(Tags.trimmed(text)), value > 0 else { return nil }
        return value
    }

    /// A decimal number, optionally followed by `unit` ("-6.50 dB", "+1.2dB", "0.98").
    static func parseNumber(_ text: String, unit: String? = nil) -> Double? {
        var text = Tags.trimmed(text)
        if let unit, text.lowercased().hasSuffix(unit.lowercased()) {
            text = Tags.trimmed(String(text.dropLast(unit.count)))
        }
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// The year of a date written as "1997", "1997-05-21" or "1997/05": its first four digits.
    static func parseYear(_ text: String) -> Int? {
        let digits = text.prefix(4)
        guard digits.count == 4, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return Int(digits)
    }
}

/// The cleaned PropertyMap, remembering which keys were used by a field. A file has a
/// dozen or two keys, so a list searched in order beats hashing every key into a dictionary.
private struct Tags {
    private var remaining: [(key: String, values: [String])]

    init(_ entries: [(key: String, values: [String])]) {
        remaining = []
        remaining.reserveCapacity(entries.count)
        for entry in entries {
            let needsCleaning = entry.values.contains { $0.isEmpty || Tags.trimmed($0).utf8.count != $0.utf8.count }
            let values = needsCleaning ? entry.values.map(Tags.trimmed).filter { !$0.isEmpty } : entry.values
            if !values.isEmpty { remaining.append((entry.key, values)) }
        }
    }

    /// `text` without leading and trailing white space (fast when there is none).
    static func trimmed(_ text: String) -> String {
        let utf8 = text.utf8
        if let first = utf8.first, let last = utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
            return text
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return text }
        if !first.properties.isWhitespace && !last.properties.isWhitespace { return text }
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let end = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[start...end])
    }

    /// The keys no field used, with their cleaned values.
    var unused: [String: [String]] {
        Dictionary(remaining.map { ($0.key, $0.values) }, uniquingKeysWith: +)
    }

    /// The values of `key` (empty when absent), marking it used.
    mutating func all(_ key: String) -> [String] {
        guard let index = index(of: key) else { return [] }
        return remaining.remove(at: index).values
    }

    /// The first value of `key`, leaving it unused.
    private func peek(_ key: String) -> String? {
        index(of: key).flatMap { remaining[$0].values.first }
    }

    /// Where `key` is in `remaining`. Most keys asked for are absent, and comparing lengths
    /// first (a stored count) skips nearly every string comparison.
    private func index(of key: String) -> Int? {
        let length = key.utf8.count
        return remaining.firstIndex { $0.key.utf8.count == length && $0.key == key }
    }

    mutating func first(_ key: String) -> String? {
        all(key).first
    }

    mutating func joined(_ key: String, separator: String) -> String? {
        let values = all(key)
        return values.isEmpty ? nil : values.joined(separator: separator)
    }

    /// The values of `preferred` when present, else those of `fallback`; the unused key stays.
    mutating func values(preferring preferred: String, over fallback: String) -> [String] {
        let values = all(preferred)
        return values.isEmpty ? all(fallback) : values
    }

    /// A number and total from "n/total" in `key`, or a total from the first of `totals`.
    mutating func position(_ key: String, totals: [String]) -> (Int?, Int?) {
        var number: Int?
        var total: Int?
        if let text = peek(key), let parsed = TagMapping.parsePosition(text) {
            _ = all(key)
            (number, total) = parsed
        }
        for totalKey in totals {
            guard let text = peek(totalKey), let parsed = TagMapping.parseCount(text) else { continue }
            _ = all(totalKey)
            if total == nil { total = parsed }
        }
        return (number, total)
    }

    /// The first date among `keys` as written, and its year.
    mutating func date(_ keys: [String]) -> (String?, Int?) {
        for key in keys {
            guard let text = peek(key) else { continue }
            _ = all(key)
            return (text, TagMapping.parseYear(text))
        }
        return (nil, nil)
    }

    mutating func flag(_ key: String) -> Bool {
        guard let text = peek(key) else { return false }
        _ = all(key)
        return ["1", "true", "yes"].contains(text.lowercased())
    }

    /// A number from the first value; a value that is not a number stays in `unused`.
    mutating func number(_ key: String, unit: String? = nil) -> Double? {
        guard let text = peek(key), let value = TagMapping.parseNumber(text, unit: unit) else {
            return nil
        }
        _ = all(key)
        return value
    }
}
