import Foundation
import LibraryCore
@testable import LibraryServer
import Testing
import TestSupport

@Suite("Songs written straight into the answer: the path clients see, dates")
struct SongRenderingTests {
    private func song(title: String?, trackNumber: Int?, path: String, albumArtist: String? = "AC/DC") -> BrowseSong {
        var track = Track.sample(
            id: 7,
            TrackMetadata(
                format: "FLAC", title: title, artists: ["Angus"], albumArtists: albumArtist.map { [$0] } ?? [],
                album: "Back/Front <\"live\">", trackNumber: trackNumber),
            path: path)
        track.addedAt = Date(timeIntervalSince1970: 1_700_000_000.25)
        return BrowseSong(
            track: track, folderID: 3, artists: [], albumArtists: [],
            annotation: Annotation(starredAt: Date(timeIntervalSince1970: 1_600_000_000), playCount: 2, lastPlayedAt: Date(timeIntervalSince1970: -1)))
    }

    @Test func thePathJoinsArtistAlbumNumberTitleAndExtensionWithTheirSlashesMadeUnderscores() {
        #expect(BrowseNodes.virtualPath(song(title: "Hells/Bells", trackNumber: 7, path: "/m/x.FLAC"))
            == #"AC_DC/Back_Front <"live">/07 Hells_Bells.flac"#)
        #expect(BrowseNodes.virtualPath(song(title: "T", trackNumber: 12, path: "/m/a.b/noext", albumArtist: nil)) == "Angus/Back_Front <\"live\">/12 T")
        #expect(BrowseNodes.virtualPath(song(title: nil, trackNumber: nil, path: "/m/Stem.mp3")) == #"AC_DC/Back_Front <"live">/Stem.mp3"#)
        #expect(BrowseNodes.virtualPath(song(title: "T", trackNumber: -3, path: "/m/t.ogg")) == #"AC_DC/Back_Front <"live">/-3 T.ogg"#)
    }

    /// The shape written into the answer's bytes gives the same answer as the node built
    /// from it, in JSON and XML, escaping and dates included.
    @Test func aSongWrittenStraightMatchesItsNode() {
        let songs = [song(title: "Hells/Bells", trackNumber: 7, path: "/m/x.flac"), song(title: nil, trackNumber: nil, path: "/m/Stem.mp3")]
        var straight = SubsonicNode("searchResult3")
        straight.appendList("song", songs, as: BrowseNodes.Song.self)
        var built = SubsonicNode("searchResult3")
        built.appendList("song", songs.map { BrowseNodes.song($0) })
        for format in [SubsonicFormat.json, .xml] {
            let answer = SubsonicRenderer.render(SubsonicEnvelope.ok(straight).node(serverVersion: "1"), as: format)
            #expect(answer == SubsonicRenderer.render(SubsonicEnvelope.ok(built).node(serverVersion: "1"), as: format))
            #expect(answer.contains("2023-11-14T22:13:20.250Z"))
            #expect(answer.contains("2020-09-13T12:26:40.000Z"))
            #expect(answer.contains("1969-12-31T23:59:59.000Z"))
        }
    }
}
