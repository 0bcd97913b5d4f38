import Foundation
import LibraryCore
@testable import LibraryServer
@testable import LibraryServices
import Testing

@Suite("getArtists writes the packed artists exactly as their nodes would render")
struct ArtistIndexRenderingTests {
    static let artists = [
        BrowseArtist(id: 1, name: "AC/DC & \"Friends\" <live>\u{2028}'", sortName: nil, musicBrainzID: "5b11f4ce-a62d-471e-81fc-a69a8278c7da",
                     albumCount: 2, annotation: .none),
        BrowseArtist(id: 2, name: "Ömer\tand\nco", sortName: "Omer", musicBrainzID: nil, albumCount: 0, annotation: .none),
        BrowseArtist(id: 30, name: "", sortName: "", musicBrainzID: "", albumCount: 1, annotation: .none),
        BrowseArtist(id: 4, name: "The 東京事変 \u{1}", sortName: nil, musicBrainzID: nil, albumCount: 7, annotation: .none),
    ]

    @Test(arguments: [SubsonicFormat.xml, .json, .jsonp(callback: "cb")])
    func packedArtistsRenderAsTheirNodes(format: SubsonicFormat) {
        let star = Annotation(starredAt: Date(timeIntervalSince1970: 1_700_000_000), rating: 3)
        let listing = ArtistIndexListing { add in Self.artists.forEach(add) }.annotated(with: [2: star, 4: Annotation(rating: 1)])
        var written = SubsonicNode("artists")
        written.appendList("index", BrowseNodes.artistIndex(listing))
        var made = SubsonicNode("artists")
        made.appendList("index", BrowseNodes.index(listing.headings) { BrowseNodes.artist(listing.artist(at: $0)) })

        let text = SubsonicRenderer.render(written, as: format)
        #expect(text == SubsonicRenderer.render(made, as: format))
        #expect(text.contains("Omer") && text.contains("userRating"))
    }
}
