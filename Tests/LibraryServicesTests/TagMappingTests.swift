import LibraryCore
import LibraryServices
import Testing

@Suite("TagMapping: PropertyMap to TrackMetadata")
struct TagMappingTests {
    private func map(_ properties: [String: [String]]) -> TrackMetadata {
        TagMapping.metadata(properties: properties, audio: AudioProperties(format: "FLAC", durationMs: 1000))
    }

    @Test("audio properties are copied through")
    func audioProperties() {
        let audio = AudioProperties(
            format: "Opus", durationMs: 1234, bitrate: 96, sampleRate: 48000, channels: 2, bitDepth: nil,
            hasCoverArt: true
        )
        let metadata = TagMapping.metadata(properties: [:], audio: audio)
        #expect(metadata == TrackMetadata(
            format: "Opus", durationMs: 1234, bitrate: 96, sampleRate: 48000, channels: 2, hasCoverArt: true
        ))
    }

    @Test("multi-valued artists keep their order and are not split on feat.")
    func multiValuedArtists() {
        let metadata = map(["ARTIST": ["Daft Punk", "Pharrell Williams"], "ALBUMARTIST": ["Björk feat. Guest"]])
        #expect(metadata.artists == ["Daft Punk", "Pharrell Williams"])
        #expect(metadata.albumArtists == ["Björk feat. Guest"])
        #expect(metadata.otherTags.isEmpty)
    }

    @Test("ARTISTS wins over ARTIST, whose display form is kept in otherTags")
    func artistsPrecedence() {
        let metadata = map([
            "ARTIST": ["Björk feat. Guest"], "ARTISTS": ["Björk", "Guest"],
            "ALBUMARTIST": ["A & B"], "ALBUMARTISTS": ["A", "B"],
        ])
        #expect(metadata.artists == ["Björk", "Guest"])
        #expect(metadata.albumArtists == ["A", "B"])
        #expect(metadata.otherTags == ["ARTIST": ["Björk feat. Guest"], "ALBUMARTIST": ["A & B"]])
    }

    @Test("empty ARTISTS falls back to ARTIST")
    func emptyArtists() {
        #expect(map(["ARTISTS": ["  "], "ARTIST": ["Solo"]]).artists == ["Solo"])
    }

    @Test("no title stays nil rather than borrowing the file name")
    func noTitle() {
        #expect(map(["ARTIST": ["Nameless"]]).title == nil)
    }

    @Test(
        "track and disc positions",
        arguments: [
            (["TRACKNUMBER": ["3/12"]], 3, 12),
            (["TRACKNUMBER": ["03"]], 3, nil),
            (["TRACKNUMBER": [" 5 / 9 "]], 5, 9),
            (["TRACKNUMBER": ["2"], "TRACKTOTAL": ["10"]], 2, 10),
            (["TRACKNUMBER": ["2"], "TOTALTRACKS": ["11"]], 2, 11),
            (["TRACKNUMBER": ["4/6"], "TRACKTOTAL": ["7"]], 4, 6),
            (["TRACKTOTAL": ["8"]], nil, 8),
            (["TRACKNUMBER": ["0/0"]], nil, nil),
        ] as [([String: [String]], Int?, Int?)]
    )
    func trackPositions(properties: [String: [String]], number: Int?, total: Int?) {
        let metadata = map(properties)
        #expect(metadata.trackNumber == number)
        #expect(metadata.trackTotal == total)
    }

    @Test("disc totals come from DISCNUMBER, DISCTOTAL or TOTALDISCS")
    func discPositions() {
        #expect(map(["DISCNUMBER": ["1/2"]]).discTotal == 2)
        #expect(map(["DISCNUMBER": ["1"], "DISCTOTAL": ["3"]]).discTotal == 3)
        let metadata = map(["DISCNUMBER": ["2"], "TOTALDISCS": ["4"]])
        #expect(metadata.discNumber == 2)
        #expect(metadata.discTotal == 4)
        #expect(metadata.otherTags.isEmpty)
    }

    @Test("an unparseable track number is kept in otherTags")
    func unparseableTrackNumber() {
        let metadata = map(["TRACKNUMBER": ["A1"]])
        #expect(metadata.trackNumber == nil)
        #expect(metadata.otherTags == ["TRACKNUMBER": ["A1"]])
    }

    @Test(
        "compilation spellings",
        arguments: [("1", true), ("true", true), ("TRUE", true), ("yes", true), ("Yes", true), ("0", false),
                    ("false", false), ("no", false)]
    )
    func compilation(value: String, expected: Bool) {
        let metadata = map(["COMPILATION": [value]])
        #expect(metadata.compilation == expected)
        #expect(metadata.otherTags.isEmpty)
    }

    @Test("dates keep their text and yield a year")
    func dates() {
        let metadata = map(["DATE": ["1997-05-21"], "ORIGINALDATE": ["1995"]])
        #expect(metadata.date == "1997-05-21")
        #expect(metadata.year == 1997)
        #expect(metadata.originalDate == "1995")
        #expect(metadata.originalYear == 1995)
        let fallback = map(["ORIGINALYEAR": ["1980"], "DATE": ["circa 1950"]])
        #expect(fallback.originalYear == 1980)
        #expect(fallback.date == "circa 1950")
        #expect(fallback.year == nil)
    }

    @Test("ReplayGain gains in dB and peaks")
    func replayGain() {
        let metadata = map([
            "REPLAYGAIN_TRACK_GAIN": ["-6.50 dB"], "REPLAYGAIN_TRACK_PEAK": ["0.988525"],
            "REPLAYGAIN_ALBUM_GAIN": ["+1.20dB"], "REPLAYGAIN_ALBUM_PEAK": ["1.000000"],
        ])
        #expect(metadata.replayGain == ReplayGain(trackGain: -6.5, trackPeak: 0.988525, albumGain: 1.2, albumPeak: 1))
        #expect(metadata.otherTags.isEmpty)
    }

    @Test("a gain that is not a number stays in otherTags")
    func badReplayGain() {
        let metadata = map(["REPLAYGAIN_TRACK_GAIN": ["loud"]])
        #expect(metadata.replayGain.trackGain == nil)
        #expect(metadata.otherTags == ["REPLAYGAIN_TRACK_GAIN": ["loud"]])
    }

    @Test("genres, composer, comment, BPM and sort names")
    func simpleFields() {
        let metadata = map([
            "GENRE": ["Rock", "J-Pop"], "COMPOSER": ["A", "B"], "COMMENT": ["note"], "BPM": ["98.5"],
            "TITLESORT": ["Title, The"], "ARTISTSORT": ["Bjork"], "ALBUMARTISTSORT": ["Various"],
            "ALBUMSORT": ["Post"], "TITLE": ["The Title"], "ALBUM": ["Post"],
        ])
        #expect(metadata.genres == ["Rock", "J-Pop"])
        #expect(metadata.composer == "A; B")
        #expect(metadata.comment == "note")
        #expect(metadata.bpm == 98.5)
        #expect(metadata.titleSort == "Title, The")
        #expect(metadata.artistSort == "Bjork")
        #expect(metadata.albumArtistSort == "Various")
        #expect(metadata.albumSort == "Post")
        #expect(metadata.otherTags.isEmpty)
    }

    @Test("MusicBrainz ids take the first value")
    func musicBrainz() {
        let metadata = map([
            "MUSICBRAINZ_TRACKID": ["rec"], "MUSICBRAINZ_RELEASETRACKID": ["trk"], "MUSICBRAINZ_ALBUMID": ["alb"],
            "MUSICBRAINZ_RELEASEGROUPID": ["rg"], "MUSICBRAINZ_ARTISTID": ["a1", "a2"],
            "MUSICBRAINZ_ALBUMARTISTID": ["aa"],
        ])
        #expect(metadata.musicBrainz == MusicBrainzIDs(
            recordingID: "rec", trackID: "trk", albumID: "alb", releaseGroupID: "rg", artistID: "a1",
            albumArtistID: "aa"
        ))
    }

    @Test("unmapped keys are kept unchanged; values are trimmed and empty ones dropped")
    func otherTagsAndCleaning() {
        let metadata = map([
            "TITLE": ["  Padded  "], "MOOD": ["Calm", "", " Dreamy "], "LYRICS": ["   "],
            "GENRE": ["", "Ambient", "\n"], "ENCODER": ["Lavc"],
        ])
        #expect(metadata.title == "Padded")
        #expect(metadata.genres == ["Ambient"])
        #expect(metadata.otherTags == ["MOOD": ["Calm", "Dreamy"], "ENCODER": ["Lavc"]])
    }
}
