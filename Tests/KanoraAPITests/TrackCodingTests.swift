import Foundation
@testable import KanoraAPI
import LibraryCore
import Testing

/// A track's JSON: `Track`'s own object (`GET track`) and a listing's `TrackRow` array keep
/// the bytes they had before `TrackMetadata` held `AudioProperties` and `TrackRow` its list
/// of columns (the expected text was written by that earlier code, its dates since in the
/// API's one format, `APIDate`).
@Suite("Track JSON: objects and listing rows")
struct TrackCodingTests {
    /// Every field set (also used by `TrackJSONTests`).
    static let full = Track(
        id: 42, libraryID: 3, libraryName: "Music", path: RawPath("/music/Björk/Jóga.flac"), fileSize: 1234, mtimeNs: 5_000_000_001,
        metadata: TrackMetadata(
            format: "FLAC", durationMs: 181_500, bitrate: 900, sampleRate: 44_100, channels: 2, bitDepth: 16, hasCoverArt: true,
            title: "Jóga", titleSort: "Joga", artists: ["Björk", "Guest"], artistSort: "Bjork", albumArtists: ["Björk"],
            albumArtistSort: "Bjork", album: "Homogenic", albumSort: "Homogenic", trackNumber: 1, trackTotal: 10, discNumber: 1,
            discTotal: 1, date: "1997-09-22", year: 1997, originalDate: "1997", originalYear: 1997, genres: ["Electronic", "Pop"],
            composer: "Björk", comment: "first", compilation: true, bpm: 95.5,
            musicBrainz: MusicBrainzIDs(
                recordingID: "r", trackID: "t", albumID: "a", releaseGroupID: "g", artistID: "ar", albumArtistID: "aa"),
            replayGain: ReplayGain(trackGain: -6.5, trackPeak: 0.98, albumGain: -7, albumPeak: 0.99),
            otherTags: ["ISRC": ["GBAAA9700001"]], damage: "last frame cut short"),
        albumID: 7, addedAt: Date(timeIntervalSince1970: 1000), updatedAt: Date(timeIntervalSince1970: 2000.5),
        missingSince: Date(timeIntervalSince1970: 3000))

    /// Every optional absent and a path that is not UTF-8.
    static let bare = Track(
        id: 1, libraryID: 1, libraryName: "L", path: RawPath(bytes: [0x2F, 0xFF]), fileSize: 0, mtimeNs: 0,
        metadata: TrackMetadata(format: "MP3"), albumID: nil, addedAt: Date(timeIntervalSince1970: 0),
        updatedAt: Date(timeIntervalSince1970: 0), missingSince: nil)

    /// The API encoder writes keys in no fixed order: sorted, the text is comparable.
    private func text(_ value: some Encodable) throws -> String {
        let encoder = API.encoder
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func aTrackObjectKeepsItsAudioFieldsBesideItsTags() throws {
        #expect(try text(Self.full) == #"{"addedAt":"1970-01-01T00:16:40.000Z","albumID":7,"fileSize":1234,"id":42,"libraryID":3,"libraryName":"Music","metadata":{"album":"Homogenic","albumArtistSort":"Bjork","albumArtists":["Björk"],"albumSort":"Homogenic","artistSort":"Bjork","artists":["Björk","Guest"],"bitDepth":16,"bitrate":900,"bpm":95.5,"channels":2,"comment":"first","compilation":true,"composer":"Björk","damage":"last frame cut short","date":"1997-09-22","discNumber":1,"discTotal":1,"durationMs":181500,"format":"FLAC","genres":["Electronic","Pop"],"hasCoverArt":true,"musicBrainz":{"albumArtistID":"aa","albumID":"a","artistID":"ar","recordingID":"r","releaseGroupID":"g","trackID":"t"},"originalDate":"1997","originalYear":1997,"otherTags":{"ISRC":["GBAAA9700001"]},"replayGain":{"albumGain":-7,"albumPeak":0.99,"trackGain":-6.5,"trackPeak":0.98},"sampleRate":44100,"title":"Jóga","titleSort":"Joga","trackNumber":1,"trackTotal":10,"year":1997},"missingSince":"1970-01-01T00:50:00.000Z","mtimeNs":5000000001,"path":"\/music\/Björk\/Jóga.flac","updatedAt":"1970-01-01T00:33:20.500Z"}"#)
        #expect(try text(Self.bare) == #"{"addedAt":"1970-01-01T00:00:00.000Z","fileSize":0,"id":1,"libraryID":1,"libraryName":"L","metadata":{"albumArtists":[],"artists":[],"compilation":false,"durationMs":0,"format":"MP3","genres":[],"hasCoverArt":false,"musicBrainz":{},"otherTags":{},"replayGain":{}},"mtimeNs":0,"path":{"base64":"L\/8="},"updatedAt":"1970-01-01T00:00:00.000Z"}"#)
        for track in [Self.full, Self.bare] {
            #expect(try API.decoder.decode(Track.self, from: API.encoder.encode(track)) == track)
        }
    }

    @Test func aListingRowIsTheSameArrayAsBefore() throws {
        #expect(try text(TrackRow(Self.full)) == #"[42,3,"Music","\/music\/Björk\/Jóga.flac",1234,5000000001,7,"1970-01-01T00:16:40.000Z","1970-01-01T00:33:20.500Z","1970-01-01T00:50:00.000Z","FLAC",181500,900,44100,2,16,true,"last frame cut short","Jóga","Joga",["Björk","Guest"],"Bjork",["Björk"],"Bjork","Homogenic","Homogenic",1,10,1,1,"1997-09-22",1997,"1997",1997,["Electronic","Pop"],"Björk","first",true,95.5,"r","t","a","g","ar","aa",-6.5,0.98,-7,0.99,{"ISRC":["GBAAA9700001"]}]"#)
        #expect(try text(TrackRow(Self.bare)) == #"[1,1,"L",{"base64":"L\/8="},0,0,null,"1970-01-01T00:00:00.000Z","1970-01-01T00:00:00.000Z",null,"MP3",0,null,null,null,null,false,null,null,null,[],null,[],null,null,null,null,null,null,null,null,null,null,null,[],null,null,false,null,null,null,null,null,null,null,null,null,null,null,{}]"#)
        for track in [Self.full, Self.bare] {
            #expect(try API.decoder.decode(TrackRow.self, from: API.encoder.encode(TrackRow(track))).track == track)
        }
        #expect(TrackRow.fields.count == 50 && TrackRow.fields.first == "id" && TrackRow.fields.last == "otherTags")
    }
}
