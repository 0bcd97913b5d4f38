import Foundation
import KanoraAPI
import Testing

/// A localizer that shows what it resolved: `[key|count|name=value,...]`.
private struct BracketLocalizer: Localizer {
    var language: String { "xx" }
    func text(_ key: String, count: Int?, substitutions: [String: String]) -> String {
        "[\(key)|\(count.map(String.init) ?? "-")|\(substitutions.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ","))]"
    }
    func number(_ value: Int) -> String { "#\(value)" }
    func date(_ date: Date, time: Bool) -> String { "@\(Int(date.timeIntervalSinceReferenceDate))" }
    func duration(seconds: Double) -> String { "~\(Int(seconds))" }
}

/// Hosted view models encode their text resolved by the encoder's localizer, decode as
/// plain strings, spell absent values as null, and read bounded URL parameters.
@Suite("Web view models: localizable values, nulls and queries")
struct ViewModelCodingTests {
    private func json(_ value: some Encodable) throws -> [String: Any] {
        let encoder = JSONEncoder()
        encoder.userInfo[.localizer] = BracketLocalizer()
        return try #require(try JSONSerialization.jsonObject(with: try encoder.encode(value)) as? [String: Any])
    }

    @Test func localizableValuesEncodeAsTheLocalizersText() throws {
        let object = try json(AlbumScreen.stub())
        #expect(object["summary"] as? String == "[summary.tracksAndLength|2|count=#2,length=~2890]")
        let tracks = try #require(object["tracks"] as? [[String: Any]])
        #expect(tracks[0]["duration"] as? String == "~545")
        #expect(tracks[0]["durationSeconds"] as? Double == 545)
        #expect(tracks[1]["note"] as? String == "[track.note.unplayable|-|]")
        let playlists = try json(PlaylistsScreen.stub())
        #expect(((playlists["playlists"] as? [[String: Any]])?.first?["updated"] as? String) == "@800000000")
    }

    @Test func withoutALocalizerACatalogKeyIsRefusedNotSent() {
        #expect(throws: MissingLocalizer.self) { try JSONEncoder().encode(HomeScreen.stub()) }
    }

    @Test func absentValuesAreNullAndAClientDecodesTheScreenAsStrings() throws {
        let encoder = JSONEncoder()
        encoder.userInfo[.localizer] = BracketLocalizer()
        let data = try encoder.encode(AlbumScreen.stub())
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let tracks = try #require(object["tracks"] as? [[String: Any]])
        #expect(tracks[0]["note"] is NSNull)
        #expect(tracks[1]["streamURL"] is NSNull)
        #expect(tracks[0]["position"] == nil)
        let decoded = try JSONDecoder().decode(AlbumScreen.self, from: data)
        #expect(decoded.summary.text == "[summary.tracksAndLength|2|count=#2,length=~2890]")
        #expect(decoded.tracks[1].streamURL == nil)
        #expect(decoded.tracks[0].duration.text == "~545")
    }

    @Test func albumPagesAreBoundedAndUnknownSortsRefused() throws {
        #expect(try AlbumsScreenRequest.Query(parameters: ["sort": "name", "offset": "60", "limit": "200"])
            == AlbumsScreenRequest.Query(sort: .name, offset: 60, limit: 200))
        #expect(try AlbumsScreenRequest.Query(parameters: [:]) == AlbumsScreenRequest.Query())
        for bad in [["limit": "201"], ["limit": "0"], ["offset": "-1"], ["offset": "x"], ["sort": "colour"]] {
            #expect(throws: ViewModelFailure.self, "\(bad)") { try AlbumsScreenRequest.Query(parameters: bad) }
        }
    }

    @Test func queuesKeepOrderAndRepeatsUpToAThousandIDs() throws {
        #expect(try QueueScreenRequest.Query(parameters: ["ids": "3,1,3"]).ids == [3, 1, 3])
        let thousand = (1...1000).map(String.init).joined(separator: ",")
        #expect(try QueueScreenRequest.Query(parameters: ["ids": thousand]).ids.count == 1000)
        #expect(throws: ViewModelFailure.self) { try QueueScreenRequest.Query(parameters: ["ids": thousand + ",1001"]) }
        #expect(throws: ViewModelFailure.self) { try QueueScreenRequest.Query(parameters: ["ids": "1,two"]) }
        #expect(throws: ViewModelFailure.self) { try IDQuery(parameters: [:]) }
    }

    @Test func everyScreenHasItsOwnPathAndTargetsCarryTheirQuery() {
        let paths = ViewModelCatalog.requests.map { $0.path }
        #expect(Set(paths).count == paths.count)
        #expect(AlbumsScreenRequest(query: .init(sort: .year, offset: 0, limit: 60)).target()
            == "/api/v1/viewmodels/albums?limit=60&offset=0&sort=year")
        #expect(SearchScreenRequest(query: TextQuery(text: "a+b")).target() == "/api/v1/viewmodels/search?query=a%2Bb")
        #expect(ViewModelCatalog.requests.filter { $0.access == .admin }.map { $0.name } == ["libraries", "users"])
    }
}
