import Foundation
import LibraryCore
@testable import LibraryServer
import Testing

/// Song and album lists are written straight into the answer (`SubsonicEntryList`), while
/// single objects are still nodes: both must give the same bytes, in XML and JSON.
@Suite("Subsonic entry lists")
struct SubsonicEntryListTests {
    /// Every kind of member: values of each type, nil ones, escaping, lists empty or not,
    /// a nested object.
    private enum Sample: SubsonicShape {
        static func write<Fields: SubsonicFields>(_ item: Int, to fields: inout Fields) {
            fields.add("id", SubsonicID.track(Int64(item)))
            fields.add("title", "<\"It's\" & \u{1}\n\t\r\u{2028}\u{FFFE}é>")
            fields.add("missing", nil as String?)
            fields.add("count", item)
            fields.add("size", Int64(item) * 1_000_000_007)
            fields.add("flag", item.isMultiple(of: 2))
            fields.add("ratio", item == 0 ? Double.nan : 1.0 / Double(item))
            fields.add("created", Date(timeIntervalSince1970: 1_764_000_000.123))
            fields.add("library", SubsonicID.library(Int64(item)))
            fields.addList("genres", Array(repeating: "Rock", count: item)) { genre, entry in entry.add("name", genre) }
            if item > 0 {
                fields.addObject("gain") { gain in gain.add("track", -6.5) }
            }
        }
    }

    private func answers(_ items: [Int], as format: SubsonicFormat) -> (written: String, nodes: String) {
        var written = SubsonicNode("list")
        written.appendList("item", items, as: Sample.self)
        var nodes = SubsonicNode("list")
        nodes.appendList("item", items.map { Sample.node($0, name: "item") })
        return (SubsonicRenderer.render(written, as: format), SubsonicRenderer.render(nodes, as: format))
    }

    @Test func writtenEntriesMatchNodesByteForByte() {
        for format in [SubsonicFormat.xml, .json, .jsonp(callback: "cb")] {
            for items in [[], [0], [1], [0, 1, 2, 3]] {
                let (written, nodes) = answers(items, as: format)
                #expect(written == nodes, "\(format) \(items)")
            }
        }
    }

    @Test func anEntryWithoutChildrenClosesItsElement() {
        var written = SubsonicNode("list")
        written.appendList("item", [7], as: Flat.self)
        #expect(SubsonicRenderer.render(written, as: .xml).hasSuffix(#"restapi"><item id="tr-7" n="7"/></list>"#))
        #expect(SubsonicRenderer.render(written, as: .json) == #"{"list":{"item":[{"id":"tr-7","n":7}]}}"#)
        var empty = SubsonicNode("list")
        empty.appendList("item", [], as: Flat.self)
        #expect(SubsonicRenderer.render(empty, as: .json) == #"{"list":{"item":[]}}"#)
        #expect(empty.children(named: "item").isEmpty)
        #expect(written.children(named: "item").first?["n"] == .int(7))
    }

    @Test func numbersAreWrittenAsStringWritesThem() {
        let numbers: [Int64] = [0, 7, 9, 10, 99, 100, -1, -9, -10, 1_234_567_890, .max, .min, .min + 1]
        var node = SubsonicNode("numbers")
        node.appendValues("n", numbers)
        let expected = numbers.map { "<n>\($0)</n>" }.joined()
        #expect(SubsonicRenderer.render(node, as: .xml).hasSuffix(#"restapi">"# + expected + "</numbers>"))
        #expect(SubsonicRenderer.render(node, as: .json) == #"{"numbers":{"n":["# + numbers.map(String.init).joined(separator: ",") + "]}}")
    }

    private enum Flat: SubsonicShape {
        static func write<Fields: SubsonicFields>(_ item: Int, to fields: inout Fields) {
            fields.add("id", SubsonicID.track(Int64(item)))
            fields.add("n", item)
        }
    }

    @Test func songsAndAlbumsRenderAsTheirNodesDo() {
        let songs = (1...3).map(song)
        let albums = (1...3).map(album)
        for format in [SubsonicFormat.xml, .json] {
            var written = SubsonicNode("searchResult3")
            written.appendList("album", albums, as: BrowseNodes.Album.self)
            written.appendList("child", albums, as: BrowseNodes.AlbumChild.self)
            written.appendList("song", songs, as: BrowseNodes.Song.self)
            var nodes = SubsonicNode("searchResult3")
            nodes.appendList("album", albums.map { BrowseNodes.album($0) })
            nodes.appendList("child", albums.map { BrowseNodes.albumChild($0, name: "child") })
            nodes.appendList("song", songs.map { BrowseNodes.song($0) })
            #expect(SubsonicRenderer.render(written, as: format) == SubsonicRenderer.render(nodes, as: format))
        }
        let xml = SubsonicRenderer.render(BrowseNodes.song(songs[1]), as: .xml)
        #expect(xml.contains(#"path="A_C/Live_Dub/02 T&lt;2&gt;.flac""#))
        #expect(xml.contains(#"<genres name="Dub"/><artists id="ar-1" name="A/C"/><albumArtists id="ar-2" name="B"/><replayGain trackGain="-3.5"/></song>"#))
    }

    /// Artists written as shapes render as the nodes they were built as before: attributes
    /// in this order, those without a value left out, the annotation last.
    @Test func artistsRenderAsTheirNodesDid() {
        let starred = Annotation(starredAt: Date(timeIntervalSince1970: 1_700_000_000), rating: 4)
        let artists = [
            BrowseArtist(id: 1, name: "A & <B>", sortName: "A", musicBrainzID: "mb-1", albumCount: 2, annotation: starred),
            BrowseArtist(id: 2, name: "Plain", sortName: nil, musicBrainzID: nil, albumCount: 0, annotation: Annotation()),
        ]
        func node(_ artist: BrowseArtist, id3: Bool) -> SubsonicNode {
            var node = id3
                ? SubsonicNode("artist", [
                    "id": SubsonicID.artist(artist.id), "name": artist.name, "albumCount": artist.albumCount,
                    "coverArt": SubsonicID.artist(artist.id), "sortName": artist.sortName, "musicBrainzId": artist.musicBrainzID,
                ])
                : SubsonicNode("artist", ["id": SubsonicID.artist(artist.id), "name": artist.name])
            BrowseNodes.annotate(&node, artist.annotation, plays: false)
            return node
        }
        for format in [SubsonicFormat.xml, .json] {
            var written = SubsonicNode("searchResult3"), writtenEntries = SubsonicNode("searchResult2")
            written.appendList("artist", artists, as: BrowseNodes.Artist.self)
            writtenEntries.appendList("artist", artists, as: BrowseNodes.ArtistEntry.self)
            var nodes = SubsonicNode("searchResult3"), entries = SubsonicNode("searchResult2")
            nodes.appendList("artist", artists.map { node($0, id3: true) })
            entries.appendList("artist", artists.map { node($0, id3: false) })
            #expect(SubsonicRenderer.render(written, as: format) == SubsonicRenderer.render(nodes, as: format))
            #expect(SubsonicRenderer.render(writtenEntries, as: format) == SubsonicRenderer.render(entries, as: format))
            #expect(SubsonicRenderer.render(BrowseNodes.artist(artists[0]), as: format)
                == SubsonicRenderer.render(node(artists[0], id3: true), as: format))
        }
    }

    @Test func aLargeListIsCutIntoChunksThatJoinToTheWholeAnswer() {
        let songs = (1...600).map(song)
        var written = SubsonicNode("randomSongs")
        written.appendList("song", songs, as: BrowseNodes.Song.self)
        var nodes = SubsonicNode("randomSongs")
        nodes.appendList("song", songs.map { BrowseNodes.song($0) })
        for format in [SubsonicFormat.xml, .json] {
            let chunks = SubsonicRenderer.chunks(written, as: format)
            #expect(chunks.count > 1)
            #expect(chunks.dropLast().allSatisfy { $0.count >= SubsonicRenderer.chunkLength && $0.count < 64 * 1024 })
            #expect(Array(chunks.joined()) == SubsonicRenderer.bytes(nodes, as: format))
        }
    }

    private func song(_ n: Int) -> BrowseSong {
        var metadata = TrackMetadata(format: "FLAC", durationMs: 61_499 * n)
        metadata.title = n == 2 ? "T<2>" : "Title \(n)"
        metadata.artists = n == 3 ? [] : ["A/C"]
        metadata.album = n == 1 ? nil : "Live/Dub"
        metadata.trackNumber = n == 3 ? nil : n
        metadata.genres = n == 1 ? [] : ["Dub", "Rock"].prefix(n - 1).map { $0 }
        metadata.replayGain = ReplayGain(trackGain: n == 2 ? -3.5 : nil)
        metadata.bpm = n == 3 ? 120.6 : nil
        let track = Track(
            id: Int64(n), libraryID: 1, libraryName: "M", path: RawPath("/m/\(n).FLAC"), fileSize: 1_000_000 * Int64(n), mtimeNs: 0,
            metadata: metadata, albumID: n == 1 ? nil : 9, addedAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(n)),
            updatedAt: Date(), missingSince: nil)
        return BrowseSong(
            track: track, folderID: 4, artists: n == 3 ? [] : [ArtistReference(id: 1, name: "A/C")],
            albumArtists: [ArtistReference(id: 2, name: "B")],
            annotation: Annotation(starredAt: n == 2 ? Date(timeIntervalSince1970: 5) : nil, rating: n == 3 ? 4 : nil, playCount: n),
            hasCover: n != 1)
    }

    private func album(_ n: Int) -> BrowseAlbum {
        BrowseAlbum(
            id: Int64(n), name: "Album \"\(n)\"", sortName: n == 1 ? "Sort" : nil, artist: "B", artistID: n == 2 ? nil : 2,
            artists: n == 3 ? [] : [ArtistReference(id: 2, name: "B"), ArtistReference(id: 3, name: "C & D")],
            compilation: n == 3, musicBrainzID: nil, songCount: n, durationMs: 1_500 * n, year: n == 1 ? nil : 1999,
            genres: n == 1 ? [] : ["Jazz"], createdAt: Date(timeIntervalSince1970: 1_700_000_000),
            annotation: Annotation(starredAt: nil, rating: n == 2 ? 5 : nil, playCount: 0, lastPlayedAt: n == 3 ? Date(timeIntervalSince1970: 9) : nil),
            hasCover: n == 2)
    }
}
