import Foundation
import LibraryCore
@testable import LibraryServer
import Testing

/// A song and an album with every field set, written straight into the answer, against the
/// bytes the renderer wrote before it was made faster (b56b528): escapes in XML and JSON
/// (quotes, markup, control characters, U+2028, non-ASCII), numbers, dates and ids.
@Suite("Song and album bytes")
struct SongBytesTests {
    /// Text with everything either format escapes or drops.
    private static let awkward = "Q\"<&>'\\\u{1}\t\n\r\u{2028}\u{2029}é😀\u{FFFE}€ end"

    private static func song() -> BrowseSong {
        var metadata = TrackMetadata(format: "FLAC", durationMs: 241_501)
        metadata.audio.bitrate = 1_411
        metadata.audio.sampleRate = 44_100
        metadata.audio.channels = 2
        metadata.audio.bitDepth = 24
        metadata.title = "Title " + awkward
        metadata.titleSort = "Sort " + awkward
        metadata.artists = ["Artist " + awkward]
        metadata.albumArtists = ["AC/DC"]
        metadata.album = "Album/" + awkward
        metadata.trackNumber = 7
        metadata.discNumber = 2
        metadata.year = 1999
        metadata.genres = ["Rock " + awkward, "Jazz"]
        metadata.composer = "Composer " + awkward
        metadata.comment = "Comment " + awkward
        metadata.bpm = 120.5
        metadata.musicBrainz.recordingID = "2904acec-f5bb-4188-b805-99e9090b20bb"
        metadata.replayGain = ReplayGain(trackGain: -6.25, trackPeak: 0.98, albumGain: -5.5, albumPeak: 1)
        let track = Track(
            id: 42, libraryID: 1, libraryName: "M", path: RawPath("/m/dir/file.FLAC"), fileSize: 31_234_567, mtimeNs: 0,
            metadata: metadata, albumID: 9, addedAt: Date(timeIntervalSince1970: 1_700_000_000.25),
            updatedAt: Date(), missingSince: nil)
        return BrowseSong(
            track: track, folderID: 4,
            artists: [ArtistReference(id: 1, name: "Artist " + awkward), ArtistReference(id: 3, name: "Two")],
            albumArtists: [ArtistReference(id: 2, name: "AC/DC")],
            annotation: Annotation(
                starredAt: Date(timeIntervalSince1970: 5), rating: 4, playCount: 12,
                lastPlayedAt: Date(timeIntervalSince1970: 1_600_000_000.5)),
            hasCover: true)
    }

    private static func album() -> BrowseAlbum {
        BrowseAlbum(
            id: 9, name: "Album/" + awkward, sortName: "Sort " + awkward, artist: "AC/DC", artistID: 2,
            artists: [ArtistReference(id: 2, name: "AC/DC"), ArtistReference(id: 3, name: "C & D")],
            compilation: true, musicBrainzID: "mb-1", songCount: 11, durationMs: 2_400_499, year: 1999,
            genres: ["Rock " + awkward], createdAt: Date(timeIntervalSince1970: 1_700_000_000),
            annotation: Annotation(starredAt: nil, rating: 5, playCount: 3, lastPlayedAt: Date(timeIntervalSince1970: 9)),
            hasCover: true)
    }

    private static func answer(as format: SubsonicFormat) -> [UInt8] {
        var result = SubsonicNode("searchResult3")
        result.appendList("album", [album()], as: BrowseNodes.Album.self)
        result.appendList("song", [song()], as: BrowseNodes.Song.self)
        return SubsonicRenderer.bytes(result, as: format)
    }

    /// Compared as bytes: `String ==` would take canonically equivalent text as equal.
    @Test func jsonBytesAreUnchanged() {
        #expect(Self.answer(as: .json) == Array(Self.expectedJSON.utf8))
    }

    @Test func xmlBytesAreUnchanged() {
        #expect(Self.answer(as: .xml) == Array(Self.expectedXML.utf8))
    }

    /// The eight-bytes-at-a-time check finds each byte it must, at every place of a word and
    /// of the tail, and passes every other byte.
    @Test func verbatimTextFindsEverySpecialByteAnywhere() {
        for byte in UInt8.min...UInt8.max {
            let json = byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0xE2
            let xml = byte < 0x20 || [0x26, 0x3C, 0x3E, 0x22, 0x27, 0xEF].contains(byte)
            for position in 0..<19 {
                var text = [UInt8](repeating: UInt8(ascii: "a"), count: 19)
                text[position] = byte
                text.withUnsafeBufferPointer { text in
                    #expect(VerbatimText.isJSON(text) == !json)
                    #expect(VerbatimText.isXMLAttribute(text) == !xml)
                }
            }
        }
    }

    @Test func jsonpBytesAreUnchanged() {
        #expect(Self.answer(as: .jsonp(callback: "cb")) == Array(("cb(" + Self.expectedJSON + ");").utf8))
    }
}

/// The answers as b56b528 wrote them.
extension SongBytesTests {
    static let expectedJSON = [
        "{\"searchResult3\":{\"album\":[{\"id\":\"al-9\",\"name\":\"Album/Q\\\"<&>'\\\\\\u0001\\t\\n\\r\\u2028\\u2029\u{E9}\u{1F600}\u{FFFE}",
        "\u{20AC} end\",\"artist\":\"AC/DC\",\"artistId\":\"ar-2\",\"coverArt\":\"al-9\",\"songCount\":11,\"duration\":2400",
        ",\"created\":\"2023-11-14T22:13:20.000Z\",\"year\":1999,\"genre\":\"Rock Q\\\"<&>'\\\\\\u0001\\t\\n\\r\\u202",
        "8\\u2029\u{E9}\u{1F600}\u{FFFE}\u{20AC} end\",\"isCompilation\":true,\"sortName\":\"Sort Q\\\"<&>'\\\\\\u0001\\t\\n\\r\\u2028\\u2029\u{E9}\u{1F600}",
        "\u{FFFE}\u{20AC} end\",\"musicBrainzId\":\"mb-1\",\"displayArtist\":\"AC/DC, C & D\",\"userRating\":5,\"playCount\":3",
        ",\"played\":\"1970-01-01T00:00:09.000Z\",\"genres\":[{\"name\":\"Rock Q\\\"<&>'\\\\\\u0001\\t\\n\\r\\u2028\\u",
        "2029\u{E9}\u{1F600}\u{FFFE}\u{20AC} end\"}],\"artists\":[{\"id\":\"ar-2\",\"name\":\"AC/DC\"},{\"id\":\"ar-3\",\"name\":\"C & D\"}],\"dis",
        "cTitles\":[]}],\"song\":[{\"id\":\"tr-42\",\"parent\":\"fo-4\",\"isDir\":false,\"title\":\"Title Q\\\"<&>'\\\\",
        "\\u0001\\t\\n\\r\\u2028\\u2029\u{E9}\u{1F600}\u{FFFE}\u{20AC} end\",\"album\":\"Album/Q\\\"<&>'\\\\\\u0001\\t\\n\\r\\u2028\\u2029\u{E9}\u{1F600}\u{FFFE}\u{20AC} end",
        "\",\"artist\":\"Artist Q\\\"<&>'\\\\\\u0001\\t\\n\\r\\u2028\\u2029\u{E9}\u{1F600}\u{FFFE}\u{20AC} end\",\"track\":7,\"year\":1999,\"genre",
        "\":\"Rock Q\\\"<&>'\\\\\\u0001\\t\\n\\r\\u2028\\u2029\u{E9}\u{1F600}\u{FFFE}\u{20AC} end\",\"coverArt\":\"al-9\",\"size\":31234567,\"cont",
        "entType\":\"audio/flac\",\"suffix\":\"flac\",\"duration\":242,\"bitRate\":1411,\"path\":\"AC_DC/Album_Q\\",
        "\"<&>'\\\\\\u0001\\t\\n\\r\\u2028\\u2029\u{E9}\u{1F600}\u{FFFE}\u{20AC} end/07 Title Q\\\"<&>'\\\\\\u0001\\t\\n\\r\\u2028\\u2029\u{E9}\u{1F600}\u{FFFE}\u{20AC} end",
        ".flac\",\"discNumber\":2,\"created\":\"2023-11-14T22:13:20.250Z\",\"albumId\":\"al-9\",\"artistId\":\"ar",
        "-1\",\"type\":\"music\",\"isVideo\":false,\"bpm\":121,\"comment\":\"Comment Q\\\"<&>'\\\\\\u0001\\t\\n\\r\\u202",
        "8\\u2029\u{E9}\u{1F600}\u{FFFE}\u{20AC} end\",\"sortName\":\"Sort Q\\\"<&>'\\\\\\u0001\\t\\n\\r\\u2028\\u2029\u{E9}\u{1F600}\u{FFFE}\u{20AC} end\",\"mediaType\":\"",
        "song\",\"musicBrainzId\":\"2904acec-f5bb-4188-b805-99e9090b20bb\",\"displayArtist\":\"Artist Q\\\"<&",
        ">'\\\\\\u0001\\t\\n\\r\\u2028\\u2029\u{E9}\u{1F600}\u{FFFE}\u{20AC} end\",\"displayAlbumArtist\":\"AC/DC\",\"displayComposer\":\"Comp",
        "oser Q\\\"<&>'\\\\\\u0001\\t\\n\\r\\u2028\\u2029\u{E9}\u{1F600}\u{FFFE}\u{20AC} end\",\"bitDepth\":24,\"samplingRate\":44100,\"channe",
        "lCount\":2,\"starred\":\"1970-01-01T00:00:05.000Z\",\"userRating\":4,\"playCount\":12,\"played\":\"202",
        "0-09-13T12:26:40.500Z\",\"genres\":[{\"name\":\"Rock Q\\\"<&>'\\\\\\u0001\\t\\n\\r\\u2028\\u2029\u{E9}\u{1F600}\u{FFFE}\u{20AC} end\"}",
        ",{\"name\":\"Jazz\"}],\"artists\":[{\"id\":\"ar-1\",\"name\":\"Artist Q\\\"<&>'\\\\\\u0001\\t\\n\\r\\u2028\\u2029",
        "\u{E9}\u{1F600}\u{FFFE}\u{20AC} end\"},{\"id\":\"ar-3\",\"name\":\"Two\"}],\"albumArtists\":[{\"id\":\"ar-2\",\"name\":\"AC/DC\"}],\"repl",
        "ayGain\":{\"trackGain\":-6.25,\"albumGain\":-5.5,\"trackPeak\":0.98,\"albumPeak\":1.0}}]}}",
    ].joined()

    static let expectedXML = [
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\u{A}<searchResult3 xmlns=\"http://subsonic.org/restapi\">",
        "<album id=\"al-9\" name=\"Album/Q&quot;&lt;&amp;&gt;&apos;\\&#9;&#10;&#13;\u{2028}\u{2029}\u{E9}\u{1F600}\u{20AC} end\" artist=\"A",
        "C/DC\" artistId=\"ar-2\" coverArt=\"al-9\" songCount=\"11\" duration=\"2400\" created=\"2023-11-14T2",
        "2:13:20.000Z\" year=\"1999\" genre=\"Rock Q&quot;&lt;&amp;&gt;&apos;\\&#9;&#10;&#13;\u{2028}\u{2029}\u{E9}\u{1F600}\u{20AC} end\" ",
        "isCompilation=\"true\" sortName=\"Sort Q&quot;&lt;&amp;&gt;&apos;\\&#9;&#10;&#13;\u{2028}\u{2029}\u{E9}\u{1F600}\u{20AC} end\" mu",
        "sicBrainzId=\"mb-1\" displayArtist=\"AC/DC, C &amp; D\" userRating=\"5\" playCount=\"3\" played=\"1",
        "970-01-01T00:00:09.000Z\"><genres name=\"Rock Q&quot;&lt;&amp;&gt;&apos;\\&#9;&#10;&#13;\u{2028}\u{2029}\u{E9}\u{1F600}\u{20AC}",
        " end\"/><artists id=\"ar-2\" name=\"AC/DC\"/><artists id=\"ar-3\" name=\"C &amp; D\"/></album><song",
        " id=\"tr-42\" parent=\"fo-4\" isDir=\"false\" title=\"Title Q&quot;&lt;&amp;&gt;&apos;\\&#9;&#10;&",
        "#13;\u{2028}\u{2029}\u{E9}\u{1F600}\u{20AC} end\" album=\"Album/Q&quot;&lt;&amp;&gt;&apos;\\&#9;&#10;&#13;\u{2028}\u{2029}\u{E9}\u{1F600}\u{20AC} end\" artist=\"Ar",
        "tist Q&quot;&lt;&amp;&gt;&apos;\\&#9;&#10;&#13;\u{2028}\u{2029}\u{E9}\u{1F600}\u{20AC} end\" track=\"7\" year=\"1999\" genre=\"Rock",
        " Q&quot;&lt;&amp;&gt;&apos;\\&#9;&#10;&#13;\u{2028}\u{2029}\u{E9}\u{1F600}\u{20AC} end\" coverArt=\"al-9\" size=\"31234567\" conte",
        "ntType=\"audio/flac\" suffix=\"flac\" duration=\"242\" bitRate=\"1411\" path=\"AC_DC/Album_Q&quot;&",
        "lt;&amp;&gt;&apos;\\&#9;&#10;&#13;\u{2028}\u{2029}\u{E9}\u{1F600}\u{20AC} end/07 Title Q&quot;&lt;&amp;&gt;&apos;\\&#9;&#10;&#",
        "13;\u{2028}\u{2029}\u{E9}\u{1F600}\u{20AC} end.flac\" discNumber=\"2\" created=\"2023-11-14T22:13:20.250Z\" albumId=\"al-9\" artist",
        "Id=\"ar-1\" type=\"music\" isVideo=\"false\" bpm=\"121\" comment=\"Comment Q&quot;&lt;&amp;&gt;&apo",
        "s;\\&#9;&#10;&#13;\u{2028}\u{2029}\u{E9}\u{1F600}\u{20AC} end\" sortName=\"Sort Q&quot;&lt;&amp;&gt;&apos;\\&#9;&#10;&#13;\u{2028}\u{2029}\u{E9}\u{1F600}\u{20AC} ",
        "end\" mediaType=\"song\" musicBrainzId=\"2904acec-f5bb-4188-b805-99e9090b20bb\" displayArtist=\"",
        "Artist Q&quot;&lt;&amp;&gt;&apos;\\&#9;&#10;&#13;\u{2028}\u{2029}\u{E9}\u{1F600}\u{20AC} end\" displayAlbumArtist=\"AC/DC\" disp",
        "layComposer=\"Composer Q&quot;&lt;&amp;&gt;&apos;\\&#9;&#10;&#13;\u{2028}\u{2029}\u{E9}\u{1F600}\u{20AC} end\" bitDepth=\"24\" sa",
        "mplingRate=\"44100\" channelCount=\"2\" starred=\"1970-01-01T00:00:05.000Z\" userRating=\"4\" play",
        "Count=\"12\" played=\"2020-09-13T12:26:40.500Z\"><genres name=\"Rock Q&quot;&lt;&amp;&gt;&apos;",
        "\\&#9;&#10;&#13;\u{2028}\u{2029}\u{E9}\u{1F600}\u{20AC} end\"/><genres name=\"Jazz\"/><artists id=\"ar-1\" name=\"Artist Q&quot;&lt",
        ";&amp;&gt;&apos;\\&#9;&#10;&#13;\u{2028}\u{2029}\u{E9}\u{1F600}\u{20AC} end\"/><artists id=\"ar-3\" name=\"Two\"/><albumArtists id",
        "=\"ar-2\" name=\"AC/DC\"/><replayGain trackGain=\"-6.25\" albumGain=\"-5.5\" trackPeak=\"0.98\" albu",
        "mPeak=\"1.0\"/></song></searchResult3>",
    ].joined()
}
