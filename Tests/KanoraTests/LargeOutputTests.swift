import Foundation
@testable import kanora
import LibraryCore
import Testing
import TestSupport

/// The fast writers of `kanora list` and `kanora search` print what the slow ones printed:
/// `PrettyJSON` what `JSONEncoder` makes of the same objects, tables and templates the same
/// lines, and output past a chunk whole and in order.
@Suite("large list outputs")
struct LargeOutputTests {
    /// Tracks whose text needs every kind of JSON escape, with empty and filled lists and nils.
    private static let tracks: [Track] = {
        var odd = FakeTagReader.track(
            "Quote \" back\\slash / tab\t nl\n cr\r bs\u{8} ff\u{C} nul\u{0} us\u{1F} del\u{7F}",
            artist: "Björk", album: "東京事変 / 🎵", albumArtist: "A/B", track: 3, disc: 2, year: 1997,
            genres: ["Art Pop", "Électronique"], compilation: true)
        odd.artists = ["Björk", "Guest \"MC\""]
        odd.composer = "Com\u{1}poser"
        odd.damage = "truncated"
        var bare = FakeTagReader.track("", album: nil)
        bare.artists = []
        bare.audio.bitrate = nil
        var missing = Track.sample(id: 3, bare, path: "/music/ünï/3.flac")
        missing.missingSince = Date(timeIntervalSince1970: 5)
        return [Track.sample(id: 1, odd, path: "/music/\"odd\"\\1.mp3"), Track.sample(id: 2, FakeTagReader.track("Plain")), missing]
    }()

    private func written<Row>(_ rows: [Row], _ layout: JSONRowLayout<Row>) -> String {
        let console = Console(capturing: true)
        var out = OutputBuffer(console: console)
        PrettyJSON.write(rows, layout, to: &out)
        out.flush()
        return console.capturedOutput.out
    }

    private func encoded<Row>(_ rows: [Row], _ layout: JSONRowLayout<Row>) -> String {
        JSONOutput.text(rows.map(layout.object)) + "\n"
    }

    @Test func tracksAsJSONAreWhatJSONEncoderWrites() {
        let text = written(Self.tracks, JSONRows.track)
        #expect(text == encoded(Self.tracks, JSONRows.track))
        #expect(text.contains(#""title" : "Quote \" back\\slash / tab\t nl\n cr\r bs\b ff\f nul\u0000 us\u001f del"#))
    }

    @Test func albumsArtistsAndNoRowsAsJSONAreWhatJSONEncoderWrites() {
        let albums = [
            AlbumSummary(id: 7, title: "Post \"live\"", albumArtist: "Björk", compilation: false, year: nil, trackCount: 11, durationMs: 61_000),
            AlbumSummary(id: 8, title: "", albumArtist: "", compilation: true, year: 2004, trackCount: 1, durationMs: 0),
        ]
        let artists = [ArtistSummary(id: 3, name: "東京事変\\", albumCount: 2, trackCount: 20, durationMs: 3_600_000)]
        #expect(written(albums, JSONRows.album) == encoded(albums, JSONRows.album))
        #expect(written(artists, JSONRows.artist) == encoded(artists, JSONRows.artist))
        #expect(written([Track](), JSONRows.track) == encoded([Track](), JSONRows.track))
        #expect(written([Track](), JSONRows.track) == "[\n\n]\n")
    }

    @Test func keysAreSortedByTheirBytes() {
        let keys = JSONRows.track.fields.map(\.key)
        #expect(keys == keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(keys.count == Set(keys).count)
    }

    @Test func trackTableCellsAreWrittenStraightAsBytes() {
        var discs = FakeTagReader.track("Second disc", artist: "Solo", track: 4, disc: 2, year: 2001, durationMs: 3_723_000)
        discs.discTotal = 2
        var untitled = FakeTagReader.track("", durationMs: 7_499, format: "FLAC")
        untitled.title = nil
        let tracks = Self.tracks + [Track.sample(id: 40, discs), Track.sample(id: 512, untitled, path: "/music/Ünï name.flac")]
        // What each column shows, written out as text.
        let expected = TextTable(columns: Tables.trackColumns, rows: [
            ["1", "Björk, Guest \"MC\"", "東京事変 / 🎵", "3", Self.tracks[0].title, "1997", "3:00", "MP3"],
            ["2", "Artist", "Album", "", "Plain", "", "3:00", "MP3"],
            ["3", "", "", "", " (missing)", "", "3:00", "MP3"],
            ["40", "Solo", "Album", "2-4", "Second disc", "2001", "1:02:03", "MP3"],
            ["512", "Artist", "Album", "", "Ünï name", "", "0:07", "FLAC"],
        ])
        let console = Console(capturing: true)
        RowPrinter(mode: .table, quiet: false, console: console).print(tracks)
        #expect(console.capturedOutput.out == expected.render(maxWidth: nil).map { $0 + "\n" }.joined())
        // Cut to a width, the cells are cut as the text ones are.
        var cells = TableCells(columns: Tables.trackColumns)
        for track in tracks { Tables.appendCells(track, to: &cells) }
        var lines: [String] = []
        cells.forEachLine(maxWidth: 40) { lines.append(String(decoding: $0, as: UTF8.self)) }
        #expect(lines == expected.render(maxWidth: 40))
        #expect(lines[1].contains("…"))
    }

    @Test func albumAndArtistTableCellsAreTheirTextCells() {
        let albums = [
            AlbumSummary(id: 7, title: "東京事変 / 🎵", albumArtist: "Björk", compilation: false, year: 1997, trackCount: 12, durationMs: 3_723_000),
            AlbumSummary(id: 12_345, title: "", albumArtist: "", compilation: true, year: nil, trackCount: 0, durationMs: 0),
        ]
        let artists = [
            ArtistSummary(id: 3, name: "Mötley Crüe", albumCount: 2, trackCount: 21, durationMs: 7_499),
            ArtistSummary(id: 40, name: "", albumCount: 0, trackCount: 1, durationMs: 90_061_000),
        ]
        let console = Console(capturing: true)
        let printer = RowPrinter(mode: .table, quiet: false, console: console)
        printer.print(albums)
        printer.print(artists)
        let expected = TextTable(columns: Tables.albumColumns, rows: albums.map(Tables.cells)).render(maxWidth: nil)
            + TextTable(columns: Tables.artistColumns, rows: artists.map(Tables.cells)).render(maxWidth: nil)
        #expect(console.capturedOutput.out == expected.map { $0 + "\n" }.joined())
    }

    @Test func templateRendererMatchesRender() throws {
        let template = try Template.parse(
            "$$ ${artist} - $album [$track/$disc] $title ${tag:ISRC} $length", isKnown: TrackFields.isKnown, validNames: [])
        var track = Self.tracks[0]
        track.metadata.otherTags = ["ISRC": ["X1", "X2"]]
        let render = template.renderer(TrackFields.reader)
        for row in [track] + Self.tracks.dropFirst() {
            var bytes: [UInt8] = []
            render(row, &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == template.render { TrackFields.value($0, of: row) })
        }
    }

    @Test func trackTemplateWritesWhatRenderWrites() throws {
        var untitled = FakeTagReader.track("", durationMs: 7_499, format: "FLAC")
        untitled.title = nil
        untitled.artists = ["One", "Two"]
        untitled.albumArtists = ["Duo", "Trio"]
        var tagged = Self.tracks[0]
        tagged.metadata.otherTags = ["ISRC": ["X1", "X2"]]
        let tracks = [tagged] + Self.tracks.dropFirst() + [Track.sample(id: 512, untitled, path: "/music/Ünï name.flac")]
        let names = TrackFields.table.names + ["tag:ISRC", "tag:NONE"]
        let template = try Template.parse(
            "$$ " + names.map { "[${\($0)}]" }.joined(separator: " "), isKnown: TrackFields.isKnown, validNames: [])
        let resolved = TrackTemplate(template)
        for track in tracks {
            var bytes: [UInt8] = []
            resolved.append(track, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == template.render { TrackFields.value($0, of: track) })
        }
        var bytes: [UInt8] = []
        resolved.append(tracks.last!, to: &bytes)
        let line = String(decoding: bytes, as: UTF8.self)
        #expect(line.contains("[Ünï name]") && line.contains("[One; Two]") && line.contains("[Duo; Trio]"))
    }

    @Test func tableLinesArePaddedAlignedCutAndTrimmed() {
        let table = TextTable(columns: [
            .init(title: "ID", rightAligned: true), .init(title: "NAME", flexible: true), .init(title: "FMT"),
        ], rows: [["1", "A long name here", "MP3"], ["120", "東京", ""]])
        #expect(table.render(maxWidth: nil) == [
            " ID  NAME              FMT",
            "  1  A long name here  MP3",
            "120  東京",
        ])
        #expect(table.render(maxWidth: 20) == [
            " ID  NAME        FMT",
            "  1  A long na…  MP3",
            "120  東京",
        ])
        let console = Console(capturing: true)
        var out = OutputBuffer(console: console)
        table.write(maxWidth: nil, to: &out)
        out.flush()
        #expect(console.capturedOutput.out == table.render(maxWidth: nil).map { $0 + "\n" }.joined())
    }

    @Test func outputPastAChunkArrivesWholeAndInOrder() {
        let paths = (0..<20_000).map { Track.sample(id: Int64($0), FakeTagReader.track("T"), path: "/music/\($0).mp3") }
        let console = Console(capturing: true)
        RowPrinter(mode: .paths, quiet: false, console: console).print(paths)
        #expect(console.capturedOutput.out == paths.map { $0.path.text + "\n" }.joined())
    }

    @Test func latinWidthsAreTheUnicodePropertiesWidths() {
        // The fast path below U+0300 agrees with the general-category rule it skips.
        for value in 0..<0x300 {
            let scalar = Unicode.Scalar(value)!
            let category = scalar.properties.generalCategory
            let expected = [.nonspacingMark, .enclosingMark, .format, .control].contains(category) ? 0 : 1
            #expect(DisplayWidth.width(scalar) == expected, "U+\(String(value, radix: 16))")
        }
    }

    @Test func namedBlocksWidthsAreTheUnicodePropertiesWidths() {
        // The fast paths for Greek, Cyrillic, kana, CJK ideographs and Hangul agree with the
        // general-category rule they skip, marks (U+0483-0489, U+3099-309A) included.
        let wide: [ClosedRange<UInt32>] = [0x3041...0x33FF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7A3]
        for range: ClosedRange<UInt32> in [0x300...0x52F, 0x3040...0x3100, 0x4DFF...0xA000, 0xABFF...0xD7A4] {
            for value in range {
                let scalar = Unicode.Scalar(value)!
                let category = scalar.properties.generalCategory
                let narrow = wide.allSatisfy { !$0.contains(value) } ? 1 : 2
                let expected = [.nonspacingMark, .enclosingMark, .format, .control].contains(category) ? 0 : narrow
                #expect(DisplayWidth.width(scalar) == expected, "U+\(String(value, radix: 16))")
            }
        }
    }

    @Test func widthsOfBytesAreTheWidthsOfTheText() {
        let texts = ["", "plain", "Björk", "東京事変 / 🎵", "e\u{301}", "tab\t nul\u{0} del\u{7F} \u{9F}\u{AD}",
                     "\u{200B}zero\u{FEFF}", "한국어", "mixed Ünï 群青日和 (live)", "\u{300}\u{20DD}", "ｆｕｌｌ"]
        for text in texts {
            var copy = text
            #expect(copy.withUTF8 { DisplayWidth.of(utf8: $0) } == DisplayWidth.of(text), "\(text)")
        }
    }

    @Test func decimalsAreWhatStringWrites() {
        for value in [0, 7, 9, 10, 11, 99, 100, 101, 1_000, 65_535, 1_234_567_890, Int.max, -1, -10, Int.min] {
            var bytes: [UInt8] = []
            Formatting.appendDecimal(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(value))
        }
    }

    @Test func durationsAsMinutesOrHours() {
        #expect(Formatting.duration(milliseconds: 0) == "0:00")
        #expect(Formatting.duration(milliseconds: 7_499) == "0:07")
        #expect(Formatting.duration(milliseconds: 187_000) == "3:07")
        #expect(Formatting.duration(milliseconds: 3_599_500) == "1:00:00")
        #expect(Formatting.duration(milliseconds: 3_723_000) == "1:02:03")
        #expect(Formatting.duration(milliseconds: 36_005_000) == "10:00:05")
    }
}
