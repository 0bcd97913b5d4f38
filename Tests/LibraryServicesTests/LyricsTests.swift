import LibraryCore
import LibraryServices
import Testing
import TestSupport

@Suite("Lyrics from tags")
struct LyricsTests {
    @Test("plain text is unsynced lines, in order, blank lines kept")
    func plain() {
        let lyrics = Lyrics.parse("First line\r\nSecond line\n\nAfter a break")
        #expect(!lyrics.isSynced)
        #expect(lyrics.language == "xxx")
        #expect(lyrics.lines.map(\.text) == ["First line", "Second line", "", "After a break"])
        #expect(lyrics.lines.allSatisfy { $0.startMs == nil })
    }

    @Test("LRC is synced: times in milliseconds, repeated tags, metadata and offset")
    func lrc() {
        let text = "[ar:Someone]\n[offset:+250]\n[00:01.50]Hello\n[00:10.123][01:00]Chorus\n[00:05]World"
        let lyrics = Lyrics.parse(text)
        #expect(lyrics.isSynced)
        #expect(lyrics.lines == [
            Lyrics.Line(startMs: 1250, text: "Hello"), Lyrics.Line(startMs: 4750, text: "World"),
            Lyrics.Line(startMs: 9873, text: "Chorus"), Lyrics.Line(startMs: 59750, text: "Chorus"),
        ])
    }

    @Test("brackets that are not times leave the text unsynced")
    func notTimes() {
        #expect(!Lyrics.parse("[Chorus]\nla la").isSynced)
        #expect(!Lyrics.parse("[1:2]\n[00:61]x\n[00:01.5555]y").isSynced)
    }

    @Test("LYRICS, described LYRICS:... and UNSYNCEDLYRICS tags are found; other tags are not")
    func embedded() {
        var metadata = TrackMetadata(format: "MP3")
        #expect(Lyrics.embedded(in: metadata).isEmpty)
        metadata.otherTags = ["LYRICS": ["one"], "LYRICS:ENG": ["two"], "UNSYNCEDLYRICS": ["three", " "], "MOOD": ["sad"]]
        #expect(Lyrics.embedded(in: metadata).map { $0.lines.map(\.text) } == [["one"], ["two"], ["three"]])
    }

    @Test("lyrics tags survive the TagLib reader: Tests/Fixtures/lyrics")
    func fromFiles() throws {
        let synced = try TagLibReader().read(Fixtures.path("lyrics/synced.flac")).metadata
        #expect(Lyrics.embedded(in: synced) == [Lyrics(isSynced: true, lines: [
            Lyrics.Line(startMs: 1000, text: "Hello there"), Lyrics.Line(startMs: 2500, text: "Second line"),
        ])])
        let plain = try TagLibReader().read(Fixtures.path("lyrics/plain.flac")).metadata
        #expect(Lyrics.embedded(in: plain).first?.lines.map(\.text) == ["Plain words", "More words"])
    }
}
