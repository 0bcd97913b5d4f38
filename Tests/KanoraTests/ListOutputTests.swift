import Foundation
@testable import kanora
import Testing
import TestSupport

@Suite("kanora list output")
struct ListOutputTests {
    private func lines(_ text: String) -> [String] { QueryCLIRunner.lines(text) }

    @Test func tableOfTracks() async throws {
        let cli = try await QueryCLIRunner()
        defer { cli.remove() }
        let result = await cli.run(["list", "artist:björk"])
        #expect(result.code == 0)
        let output = lines(result.out)
        #expect(output.count == 3)
        #expect(output[0].hasPrefix("ID  ARTIST"))
        #expect(output[1].contains("Jóga") && output[1].contains("Homogenic") && output[1].contains("1997"))
        #expect(output[2].contains("Hyperballad") && output[2].contains("Björk, Guest"))
        // Columns line up: TITLE starts at the same display column on every line.
        let starts = output.map { line in DisplayWidth.of(String(line[..<line.range(of: line == output[0] ? "TITLE" : (line.contains("Jóga") ? "Jóga" : "Hyperballad"))!.lowerBound])) }
        #expect(Set(starts).count == 1)
    }

    @Test func tableCountsWideCharactersAsTwoColumns() async throws {
        let cli = try await QueryCLIRunner()
        defer { cli.remove() }
        let output = lines(await cli.run(["list", "year:2004", "--sort", "title+"]).out)
        #expect(output.count == 3)
        // Every line's YEAR column (the 2004 values and the header) starts at one display column.
        let columns = output.map { line -> Int in
            let marker = line.range(of: line.hasPrefix("ID") ? "YEAR" : "2004")!
            return DisplayWidth.of(String(line[..<marker.lowerBound]))
        }
        #expect(Set(columns).count == 1)
    }

    @Test func tableFitsTheTerminalByShorteningFlexibleColumns() {
        var table = TextTable(columns: [.init(title: "ID", rightAligned: true), .init(title: "ARTIST", flexible: true), .init(title: "TITLE", flexible: true), .init(title: "YEAR")])
        table.rows = [
            ["1", "東京事変 and a very long list of guests", "群青日和 (a much longer title than fits)", "2004"],
            ["22", "Björk", "Jóga", "1997"],
        ]
        let wide = table.render(maxWidth: nil)
        #expect(wide.map(DisplayWidth.of).max()! > 60)
        let narrow = table.render(maxWidth: 50)
        #expect(narrow.allSatisfy { DisplayWidth.of($0) <= 50 })
        #expect(narrow[1].contains("…"))
        #expect(narrow[2].hasSuffix("1997"))
        #expect(DisplayWidth.of("東京") == 4)
        #expect(DisplayWidth.of("Jóga") == 4)
        #expect(DisplayWidth.truncate("東京事変", to: 5) == "東京…")
    }

    @Test func templateForTracks() async throws {
        let cli = try await QueryCLIRunner()
        defer { cli.remove() }
        let result = await cli.run(["list", "albumartist:björk", "--format", "$albumartist - $album ($year) / $track. $title"])
        #expect(result.code == 0)
        #expect(lines(result.out) == ["Björk - Homogenic (1997) / 3. Jóga", "Björk - Post (1995) / 3. Hyperballad"])

        let braces = await cli.run(["list", "album:=\"Old Album\"", "--format", "${title}|$composer|$$|${tag:NOPE}"])
        #expect(lines(braces.out) == ["Old Song||$|"])
    }

    @Test func templateForAlbumsAndArtists() async throws {
        let cli = try await QueryCLIRunner()
        defer { cli.remove() }
        let albums = await cli.run(["list", "albums", "albumartist:björk", "--format", "$albumartist/$album/$year/$tracks/$length"])
        #expect(albums.code == 0)
        #expect(lines(albums.out) == ["Björk/Post/1995/1/0:01", "Björk/Homogenic/1997/1/0:01"])

        let artists = await cli.run(["list", "artists", "title:hyperballad", "--format", "$artist: $albums album(s), $tracks track(s)"])
        #expect(lines(artists.out) == ["Björk: 1 album(s), 1 track(s)", "Guest: 1 album(s), 1 track(s)"])
    }

    @Test func jsonKeepsTheContract() async throws {
        let cli = try await QueryCLIRunner()
        defer { cli.remove() }
        let result = await cli.run(["list", "title:jóga", "--json"])
        #expect(result.code == 0)
        let tracks = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]])
        #expect(tracks.count == 1)
        #expect(Set(tracks[0].keys) == [
            "id", "path", "library", "title", "artist", "artists", "album", "albumArtist", "albumArtists",
            "trackNumber", "trackTotal", "discNumber", "discTotal", "year", "date", "genres", "composer",
            "compilation", "durationMs", "bitrate", "sampleRate", "channels", "format", "fileSize",
            "hasCoverArt", "missing", "damaged",
        ])
        #expect(tracks[0]["title"] as? String == "Jóga")
        #expect(tracks[0]["path"] as? String == cli.musicPath("Björk/Homogenic/03 Jóga.mp3"))

        let albums = try #require(try JSONSerialization.jsonObject(with: Data(await cli.run(["list", "albums", "--json", "album:post"]).out.utf8)) as? [[String: Any]])
        #expect(albums.map { $0["album"] as? String } == ["Post"])
        #expect(Set(albums[0].keys) == ["id", "album", "albumArtist", "year", "trackCount", "durationMs", "compilation"])
        let artists = try #require(try JSONSerialization.jsonObject(with: Data(await cli.run(["list", "artists", "--json", "artist:guest"]).out.utf8)) as? [[String: Any]])
        #expect(Set(artists.compactMap { $0["name"] as? String }) == ["Björk", "Guest"])
        let none = await cli.run(["list", "--json", "title:nothing-like-this"])
        #expect((try JSONSerialization.jsonObject(with: Data(none.out.utf8)) as? [Any])?.isEmpty == true)
    }

    @Test func pathsAreAbsoluteOnePerLine() async throws {
        let cli = try await QueryCLIRunner()
        defer { cli.remove() }
        let result = await cli.run(["list", "albumartist:björk", "--paths"])
        #expect(result.code == 0)
        #expect(lines(result.out) == [cli.musicPath("Björk/Homogenic/03 Jóga.mp3"), cli.musicPath("Björk/Post/03 Hyperballad.flac")])
        #expect(lines(result.out).allSatisfy { $0.hasPrefix("/") })
    }

    @Test func nothingMatchingSaysSoOnStderr() async throws {
        let cli = try await QueryCLIRunner()
        defer { cli.remove() }
        let result = await cli.run(["list", "artist:nobody"])
        #expect(result.code == 0)
        #expect(result.out.isEmpty)
        #expect(result.err.contains("nothing matches"))
        #expect(await cli.run(["list", "artist:nobody", "--quiet"]).err.isEmpty)
    }

    @Test("usage errors exit 64 and say why", arguments: [
        (["list", "colour:red"], "colour"),
        (["list", "year:1990..abc"], "year:1990..abc"),
        (["list", "--format", "$colour"], "unknown field \"colour\""),
        (["list", "--format", "$colour"], "valid fields are"),
        (["list", "albums", "--format", "$title"], "valid fields are album, albumartist"),
        (["list", "artists", "--format", "$year"], "valid fields are albums, artist"),
        (["list", "--format", "${title"], "unclosed"),
        (["list", "albums", "--paths"], "--paths"),
        (["list", "artists", "--paths"], "--paths"),
        (["list", "--paths", "--json"], "cannot be used together"),
        (["list", "--format", "$title", "--paths"], "cannot be used together"),
        (["list", "--sort", "colour+"], "colour"),
    ])
    func usageErrors(arguments: [String], message: String) async throws {
        let cli = try await QueryCLIRunner(fixtures: ["id3v1.mp3": "a.mp3"])
        defer { cli.remove() }
        let result = await cli.run(arguments)
        #expect(result.code == 64)
        #expect(result.out.isEmpty)
        #expect(result.err.contains(message), "\(result.err)")
    }
}
