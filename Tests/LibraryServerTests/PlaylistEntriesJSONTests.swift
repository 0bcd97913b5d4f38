import Foundation
import HummingbirdTesting
import KanoraAPI
import LibraryCore
import LibraryServer
import LibraryServices
import LibraryStorage
import Testing
import TestSupport

/// `/api/v1/playlists/entries` is written from the stored rows, copying plain lists and
/// other tags as they are: its bytes must be those the entries' `Track`s are written as,
/// whatever the columns hold.
@Suite("Playlist entries written from the rows")
struct PlaylistEntriesJSONTests {
    /// Stored values the fast path copies (plain lists and tags, `/` to escape, non-ASCII)
    /// and ones it must leave to the `Track` path (escapes, unsorted or non-ASCII keys,
    /// spaces, numbers, invalid UTF-8, text in number columns, a path that is not UTF-8).
    private static let updates = [
        #"""
        UPDATE track SET other_tags = '{"A/B":["x/y","é"],"ISRC":["US1"],"Z":[]}', artists = '["a/b","c"]', genres = '[]',
            title = 'T/1' || char(1) || '"', path = X'2F6D2FFF2E6D7033', bpm = 120.5, rg_track_gain = -7.25, rg_album_peak = 1,
            album_artists = '[""]', mb_album_id = 'x/y' WHERE id = 1
        """#,
        #"""
        UPDATE track SET other_tags = '{"b":["1"],"a":["2"]}', artists = '["a", "b"]', album_artists = '["q\"x","\\"]',
            genres = '["x","","y"]', title = CAST(X'41FF42' AS TEXT), comment = 'back\slash', year = 'abc', bitrate = 1.5,
            date = 2001 WHERE id = 2
        """#,
        #"""
        UPDATE track SET other_tags = '{"É":["1"],"A":["2"]}', artists = '["x","y"]', genres = '["a","b"]',
            album = 'Ünïcode ⁄ 🎵' WHERE id = 3
        """#,
        #"""
        UPDATE track SET other_tags = '{ "A" : ["1"] }', artists = '[1]', genres = '[]', missing_since = 1700000000,
            album_id = NULL WHERE id = 4
        """#,
        #"""
        UPDATE track SET other_tags = '{"LYRICS":["a\nb\"c\\d/e\u0001"]}' WHERE id = 6
        """#,
        #"""
        UPDATE track SET other_tags = '{"A":["1",2]}', artists = '["a","b"]', album_artists = '["a",","]',
            genres = '[" ","\u00e9"]', composer = 'a/b' WHERE id = 5
        """#,
    ]

    private static let names = ["Mix", "Smart", "Empty", "Long"]

    @Test func entriesAreTheBytesTheirTracksAreWrittenAs() async throws {
        let folder = try TemporaryDirectory("entries-json")
        defer { folder.remove() }
        let databasePath = folder.path("library.sqlite")
        let services = try ServiceContainer.live(databaseURL: URL(fileURLWithPath: databasePath), reader: FakeTagReader())
        for n in 1...6 {
            _ = try folder.write("music/\(n).mp3", FakeTagReader.file(FakeTagReader.track("Song \(n)", track: n)))
        }
        _ = try await services.scanner.run(folder.path("music"))
        let user = try await services.users.addUser(named: "alice", password: "opensesame", isAdmin: true)
        let key = try await services.users.createAPIKey(forUser: "alice", label: nil).key
        let raw = try Database.open(.file(databasePath))
        for sql in Self.updates { try await raw.asyncWrite { try $0.execute(SQL(sql: sql)) } }

        let playlists = services.playlists(for: user.id)
        let ids = try await services.library.tracks(ListRequest(includeMissing: true)).map(\.id).sorted()
        #expect(ids.count == 6)
        _ = try await playlists.create(PlaylistDraft(name: "Mix"))
        _ = try await playlists.add(trackIDs: ids + [ids[0], ids[2]], to: "Mix", at: nil)
        _ = try await playlists.create(PlaylistDraft(name: "Smart", rule: SmartRule(query: .all, limit: 4)))
        _ = try await playlists.create(PlaylistDraft(name: "Empty"))
        // Longer than one chunk: sent as several.
        _ = try await playlists.create(PlaylistDraft(name: "Long"))
        _ = try await playlists.add(trackIDs: Array(repeating: ids, count: 20).flatMap { $0 }, to: "Long", at: nil)

        var expected: [String: Data] = [:]
        for name in Self.names {
            let entries = try await playlists.entries(of: name)
            #expect(entries.count == ["Mix": 8, "Smart": 4, "Empty": 0, "Long": 120][name])
            expected[name] = try PlaylistEntry.jsonArray(entries[...])
            let written = try await playlists.entryRows(of: name) { try PlaylistEntriesJSON.encode($0) }
            #expect(Data(written.joined()) == expected[name], "\(name)")
            #expect(name == "Long" ? written.count > 1 : written.count == 1, "\(name)")
            // Cut after every entry (the closing bracket alone last): nothing lost, nothing out of order.
            let small = try await playlists.entryRows(of: name) { try PlaylistEntriesJSON.encode($0, chunkLength: 1) }
            #expect(Data(small.joined()) == expected[name], "\(name)")
            #expect(small.count == entries.count + 1, "\(name)")
        }
        #expect(try #require(expected["Long"]).count > PlaylistEntriesJSON.chunkLength)
        let mix = String(decoding: try #require(expected["Mix"]), as: UTF8.self)
        #expect(mix.contains(#""otherTags":{"A\/B":["x\/y","é"],"ISRC":["US1"],"Z":[]}"#))
        #expect(mix.contains(#""otherTags":{"LYRICS":["a\nb\"c\\d\/e\u0001"]}"#))
        // Stored with a space after its comma: read as JSON, not split at `","` into one string.
        #expect(mix.contains(#""otherTags":{"a":["2"],"b":["1"]}"#) && mix.contains(#""artists":["a","b"]"#))
        #expect(mix.contains(#""path":{"base64":"#) && mix.contains(#""title":"A\#u{FFFD}B""#))

        let bodies = expected
        let application = KanoraServer.application(
            services: services, configuration: ServerConfiguration(serverVersion: "9.9.9"),
            state: ServerState(configuration: ServerConfiguration(serverVersion: "9.9.9")))
        try await application.test(.live) { client in
            for name in Self.names {
                let query = try #require(#"{"name":"\#(name)"}"#.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
                let response = try await client.execute(
                    uri: "/api/v1/playlists/entries?q=\(query)", method: .get, headers: [.authorization: "Bearer \(key)"])
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == API.jsonContentType)
                #expect(Data(response.body.readableBytesView) == bodies[name], "\(name)")
                // One chunk carries its length; a longer answer is sent as it is written.
                let length = name == "Long" ? nil : bodies[name].map { String($0.count) }
                #expect(response.headers[.contentLength] == length, "\(name)")
            }
            let unknown = try await client.execute(
                uri: "/api/v1/playlists/entries?q=%7B%22name%22%3A%22Nope%22%7D", method: .get, headers: [.authorization: "Bearer \(key)"])
            #expect(unknown.status == .notFound)
        }
    }
}
