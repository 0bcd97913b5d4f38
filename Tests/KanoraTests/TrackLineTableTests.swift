import Foundation
@testable import kanora
import LibraryCore
import LibraryServices
import Testing
import TestSupport

/// `kanora list` and `kanora search` print their tables from track lines (the stored bytes):
/// the same lines as the tracks' table.
@Suite("tables of track lines")
struct TrackLineTableTests {
    /// The table `RowPrinter` prints of `tracks`.
    private func table(_ tracks: [Track]) -> String {
        let console = Console(capturing: true)
        RowPrinter(mode: .table, quiet: false, console: console).print(tracks)
        return console.capturedOutput.out
    }

    @Test func listAndSearchTablesAreTheTablesOfTheirTracks() async throws {
        let cli = try await QueryCLIRunner()
        defer { cli.remove() }
        try FileManager.default.removeItem(atPath: cli.musicPath("Björk/Post/03 Hyperballad.flac"))
        #expect(await cli.run(["scan", cli.folder.path("music")]).code == 0)
        let library = try ServiceContainer.live(databaseURL: URL(fileURLWithPath: cli.database)).library
        let sort = try LibrarySort.parse(["year-"], for: .tracks)
        let cases: [([String], ListRequest)] = [
            (["list"], ListRequest(detail: .brief)),
            (["list", "--missing"], ListRequest(includeMissing: true, detail: .brief)),
            (["list", "--sort", "year-", "--limit", "3"], ListRequest(sort: sort, limit: 3, detail: .brief)),
        ]
        for (arguments, request) in cases {
            let printed = await cli.run(arguments)
            #expect(printed.code == 0)
            #expect(printed.out == table(try await library.tracks(request)), "\(arguments)")
        }
        let missing = await cli.run(["list", "--missing", "title:hyperballad"]).out
        #expect(missing.contains("Hyperballad (missing)"))
        for (text, limit) in [("björk", nil), ("h", 2)] as [(String, Int?)] {
            let printed = await cli.run(["search", text] + (limit.map { ["--limit", String($0)] } ?? []))
            #expect(printed.code == 0)
            #expect(printed.out == table(try await library.search(text, limit: limit, detail: .brief)), "\(text)")
        }
    }

    @Test func templatesOfLineFieldsPrintWhatTheTracksTemplatePrints() async throws {
        let cli = try await QueryCLIRunner()
        defer { cli.remove() }
        let library = try ServiceContainer.live(databaseURL: URL(fileURLWithPath: cli.database)).library
        let tracks = try await library.tracks(ListRequest())
        for format in ["$albumartist - $album ($year) / $track. $title", "${artist}|$disc|$format|$$", "$title"] {
            let template = try Template.parse(format, isKnown: TrackFields.isKnown, validNames: [])
            #expect(TrackTemplate(template).printsOnlyLineFields)
            let printed = await cli.run(["list", "--format", format])
            #expect(printed.code == 0)
            #expect(printed.out == tracks.map { track in template.render { TrackFields.value($0, of: track) } + "\n" }.joined(), "\(format)")
        }
        #expect(!TrackTemplate(try Template.parse("$title $length", isKnown: TrackFields.isKnown, validNames: [])).printsOnlyLineFields)
        let none = await cli.run(["list", "title:nothing-like-this", "--format", "$title"])
        #expect(none.out.isEmpty && none.err.contains("nothing matches"))
    }

    @Test func aTemplateRepairsLineBytesThatAreNotUTF8() throws {
        let template = TrackTemplate(try Template.parse("$title|$album|$artist", isKnown: TrackFields.isKnown, validNames: []))
        let title: [UInt8] = [0x41, 0xFF, 0x42], album: [UInt8] = [0xE6, 0x9D], artist = Array("Björk".utf8)
        var bytes: [UInt8] = []
        title.withUnsafeBufferPointer { title in
            album.withUnsafeBufferPointer { album in
                artist.withUnsafeBufferPointer { artist in
                    let line = TrackLine(
                        id: 1, title: title, untitledPath: nil, artists: [artist, artist], albumArtists: [], album: album,
                        trackNumber: nil, discNumber: nil, discTotal: nil, year: nil, durationMs: 0, format: artist,
                        isMissing: false)
                    template.append(line, to: &bytes)
                }
            }
        }
        #expect(String(decoding: bytes, as: UTF8.self) == "A\u{FFFD}B|\u{FFFD}|Björk; Björk")
        #expect(bytes.withUnsafeBufferPointer(UTF8Bytes.isValid))
    }
}
