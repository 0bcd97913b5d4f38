import Foundation
import LibraryCore
import LibraryServices

/// The lyrics endpoints' answers, from the lyrics embedded in tags.
enum LyricsAnswers {
    /// OpenSubsonic `getLyricsBySongId`: `lyricsList` with one `structuredLyrics` per lyrics
    /// tag (none: an empty list).
    static func bySongID(_ request: SubsonicRequest) async throws -> SubsonicReply {
        let track = try await MediaEndpoints.presentTrack(request)
        var list = SubsonicNode("lyricsList")
        list.appendList("structuredLyrics", Lyrics.embedded(in: track.metadata).map { structured($0, of: track) })
        return .payload(list)
    }

    static func structured(_ lyrics: Lyrics, of track: Track) -> SubsonicNode {
        var node = SubsonicNode("structuredLyrics", [
            "displayArtist": track.artist, "displayTitle": track.title, "lang": lyrics.language,
            "synced": lyrics.isSynced, "offset": 0,
        ])
        node.appendList("line", lyrics.lines.map { line in
            var node = SubsonicNode("line", ["start": line.startMs])
            node.text = line.text
            return node
        })
        return node
    }

    /// The answer when nothing matches: `value` is required, so an empty one.
    static var noLyrics: SubsonicNode {
        var node = SubsonicNode("lyrics")
        node.text = ""
        return node
    }

    /// Subsonic `getLyrics`: the first track whose title and artist match (ignoring case)
    /// and that has lyrics; an empty `lyrics` element when none does.
    static func byArtistAndTitle(_ request: SubsonicRequest) async throws -> SubsonicReply {
        let artist = request.parameters.string("artist")?.trimmingCharacters(in: .whitespaces) ?? ""
        let title = request.parameters.string("title")?.trimmingCharacters(in: .whitespaces) ?? ""
        guard !title.isEmpty else { return .payload(noLyrics) }
        let candidates: [Track]
        do {
            candidates = try await request.services.library.search("\(artist) \(title)", limit: 50)
        } catch let error as LibraryError where error.code == .invalidInput {
            return .payload(noLyrics)  // words search cannot use ("!!!"): no match
        }
        let same = { (a: String, b: String) in a.compare(b, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame }
        for track in candidates where same(track.title, title) {
            guard artist.isEmpty || track.metadata.artists.contains(where: { same($0, artist) }) else { continue }
            guard let lyrics = Lyrics.embedded(in: track.metadata).first else { continue }
            var node = SubsonicNode("lyrics", ["artist": track.artist, "title": track.title])
            node.text = lyrics.lines.map(\.text).joined(separator: "\n")
            return .payload(node)
        }
        return .payload(noLyrics)
    }
}
