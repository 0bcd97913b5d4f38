import Foundation
@testable import kanora
import LibraryCore
import Testing
import TestSupport

@Suite("--format templates")
struct TemplateTests {
    private func parse(_ text: String, fields: Set<String> = ["a", "b", "track", "title"]) throws(Template.Error) -> Template {
        try Template.parse(text, isKnown: fields.contains, validNames: fields.sorted())
    }

    @Test func splitsTextAndFields() throws {
        #expect(try parse("$a-${b}c$$").pieces == [.field("a"), .text("-"), .field("b"), .text("c$")])
        #expect(try parse("$track. $title").pieces == [.field("track"), .text(". "), .field("title")])
        #expect(try parse("${a}${b}").pieces == [.field("a"), .field("b")])
        #expect(try parse("no fields").pieces == [.text("no fields")])
        #expect(try parse("").pieces == [])
    }

    @Test func rendersValuesAndAbsentOnesAsNothing() throws {
        let template = try parse("[$a|$b] $$5")
        #expect(template.render { $0 == "a" ? "x" : nil } == "[x|] $5")
    }

    @Test("malformed templates are errors that say why", arguments: [
        ("$colour", "unknown field \"colour\""), ("${colour}", "unknown field \"colour\""),
        ("${a", "unclosed"), ("cost: $", "without a field name"), ("$ a", "without a field name"), ("${}", "without a field name"),
    ])
    func malformed(text: String, problem: String) {
        do {
            _ = try parse(text)
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.message.contains(problem))
        }
    }

    @Test func unknownFieldMessageListsTheValidOnes() {
        do {
            _ = try parse("$nope")
            Issue.record("parsed")
        } catch {
            #expect(error.message.hasSuffix("valid fields are a, b, title, track"))
        }
    }

    @Test func everyQueryFieldIsATrackField() {
        for name in LibraryQuery.fields {
            #expect(TrackFields.isKnown(name), "query field \(name) has no template value")
        }
        #expect(TrackFields.isKnown("tag:ISRC"))
        #expect(!TrackFields.isKnown("tag:"))
        #expect(!TrackFields.isKnown("colour"))
    }

    @Test func trackFieldValues() {
        var metadata = FakeTagReader.track("Jóga", artist: "Björk", album: "Homogenic", albumArtist: "Björk", track: 3, year: 1997, genres: ["Electronic", "Art Pop"])
        metadata.otherTags = ["ISRC": ["GBAAA9700001"]]
        let track = Track.sample(id: 42, metadata, path: "/music/Björk/03 Jóga.mp3")
        func value(_ name: String) -> String? { TrackFields.value(name, of: track) }
        #expect(value("title") == "Jóga")
        #expect(value("artist") == "Björk")
        #expect(value("genre") == "Electronic; Art Pop")
        #expect(value("track") == "3")
        #expect(value("disc") == nil)
        #expect(value("length") == "3:00")
        #expect(value("path") == "/music/Björk/03 Jóga.mp3")
        #expect(value("id") == "42")
        #expect(value("library") == "Music")
        #expect(value("tag:ISRC") == "GBAAA9700001")
        #expect(value("tag:NOPE") == nil)
        #expect(TrackFields.all(of: track).last?.name == "tag:ISRC")
    }

    @Test func albumAndArtistFields() throws {
        let album = AlbumSummary(id: 7, title: "Post", albumArtist: "Björk", compilation: false, year: nil, trackCount: 11, durationMs: 61_000)
        let line = try Template.parse("$albumartist - $album ($year) $tracks $length #$id", for: AlbumFields.table)
            .render { AlbumFields.table.value($0, of: album) }
        #expect(line == "Björk - Post () 11 1:01 #7")
        let artist = ArtistSummary(id: 3, name: "東京事変", albumCount: 2, trackCount: 20, durationMs: 3_600_000)
        let artistLine = try Template.parse("${artist}: $albums/$tracks $length $id", for: ArtistFields.table)
            .render { ArtistFields.table.value($0, of: artist) }
        #expect(artistLine == "東京事変: 2/20 1:00:00 3")
        #expect(throws: Template.Error.self) { try Template.parse("$title", for: AlbumFields.table) }
        #expect(throws: Template.Error.self) { try Template.parse("$album", for: ArtistFields.table) }
    }
}
