import Foundation
import Hummingbird
import KanoraAPI
import LibraryCore
@testable import LibraryServer
import LibraryServices
import Testing
import TestSupport

/// Each hosted view model of the web app over a real server, real SQLite and scanned
/// fixtures: its JSON (the contract's fields), its text in English and German, and who may
/// fetch it.
@Suite("Web view models over a live server")
struct WebViewModelEndpointsTests {
    private static let german = "de-DE,de;q=0.9,en;q=0.5"

    private static func keys(_ object: [String: Any], _ expected: Set<String>, _ what: String) {
        #expect(expected.isSubset(of: Set(object.keys)), "\(what) lacks \(expected.subtracting(object.keys).sorted())")
    }

    @Test func signInNeedsNoKeyAndFollowsTheBrowsersLanguage() async throws {
        try await WebViewModelHarness().live { web in
            let english = try await web.screen("signin", as: nil)
            Self.keys(english, ["id", "title", "labels", "language", "languages"], "signin")
            #expect(english["language"] as? String == "en")
            #expect(english.object("labels")["password"] as? String == "Password")
            #expect(english.list("languages").map { $0["name"] as? String } == ["English", "Deutsch"])
            let german = try await web.screen("signin", as: nil, language: Self.german)
            #expect(german["language"] as? String == "de")
            #expect(german["title"] as? String == "Bei Kanora anmelden")
            #expect(german.object("labels")["password"] as? String == "Passwort")
            #expect(german.list("languages").map { $0["name"] as? String } == ["English", "Deutsch"])
            // Every other screen needs a key (or, once the lead's sessions land, the cookie).
            #expect(try await web.failure("app", .unauthorized, as: nil).isEmpty == false)
        }
    }

    @Test func theAppFrameListsAdminScreensForAdminsOnlyAndTheyAreRefusedToOthers() async throws {
        try await WebViewModelHarness().live { web in
            let alice = try await web.screen("app")
            Self.keys(alice, ["id", "user", "language", "languages", "navigation", "labels"], "app")
            #expect(alice.object("user")["isAdmin"] as? Bool == true)
            #expect(alice.list("navigation").map { $0["screen"] as? String }
                == ["home", "albums", "artists", "search", "playlists", "doctor", "libraries", "users"])
            let labels = alice.object("labels")
            #expect(AppScreen.labelNames.allSatisfy { labels[$0] is String })
            let bob = try await web.screen("app", as: "bob", language: Self.german)
            #expect(bob.object("user")["name"] as? String == "bob")
            #expect(bob.list("navigation").map { $0["screen"] as? String } == ["home", "albums", "artists", "search", "playlists", "doctor"])
            #expect(bob.list("navigation").first?["label"] as? String == "Start")
            #expect(bob.object("labels")["play"] as? String == "Abspielen")
            for admin in ["libraries", "users"] {
                #expect(try await web.failure(admin, .forbidden, as: "bob", language: Self.german) == "Dafür braucht es einen Administrator.")
                #expect(try await web.failure(admin, .forbidden, as: "bob").contains("administrator"))
            }
        }
    }

    @Test func theUsersOwnLanguageWinsOverTheBrowsers() async throws {
        let harness = try await WebViewModelHarness()
        _ = try await harness.services.users.setLanguage("de", forUser: try await harness.services.users.user(named: "bob").id)
        try await harness.live { web in
            let app = try await web.screen("app", as: "bob", language: "en-GB,en")
            #expect(app["language"] as? String == "de")
            #expect(app.object("labels")["signOut"] as? String == "Abmelden")
            #expect(try await web.failure("users", .forbidden, as: "bob", language: "en") == "Dafür braucht es einen Administrator.")
            #expect(try await web.screen("app", language: "en")["language"] as? String == "en")
        }
    }

    @Test func theSessionCookieOfASignInAdmitsTheScreens() async throws {
        try await WebViewModelHarness().live { web in
            let signIn = try await web.client.execute(
                uri: SignInRequest.path, method: .post, headers: [.contentType: API.jsonContentType],
                body: ByteBuffer(data: try API.encoder.encode(SignInBody(user: "bob", password: "swordfish"))))
            #expect(signIn.status == .ok)
            let cookie = String(try #require(signIn.headers[.setCookie]).split(separator: ";")[0])
            let app = try await web.client.execute(
                uri: AppScreenRequest.path, method: .get, headers: [.cookie: cookie, .acceptLanguage: Self.german])
            #expect(app.status == .ok)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(app.body.readableBytesView)) as? [String: Any])
            #expect(object.object("user")["name"] as? String == "bob")
            #expect(object.object("labels")["signOut"] as? String == "Abmelden")

            // Errors before anyone is signed in follow the browser's language too.
            let wrong = try await web.client.execute(
                uri: SignInRequest.path, method: .post, headers: [.contentType: API.jsonContentType, .acceptLanguage: Self.german],
                body: ByteBuffer(data: try API.encoder.encode(SignInBody(user: "bob", password: "not it"))))
            #expect(wrong.status == .unauthorized)
            let envelope = try API.decoder.decode(APIErrorEnvelope.self, from: Data(wrong.body.readableBytesView))
            #expect(envelope.error.message == "Benutzername oder Passwort ist falsch.")
            let noKey = try await web.client.execute(uri: HomeScreenRequest.path, method: .get, headers: [.acceptLanguage: Self.german])
            #expect(try API.decoder.decode(APIErrorEnvelope.self, from: Data(noKey.body.readableBytesView)).error.message == "Bitte melde dich an.")
        }
    }

    @Test func albumPagesAreSortedBoundedAndLocalized() async throws {
        try await WebViewModelHarness().live { web in
            let first = try await web.screen("albums?sort=name&limit=2")
            Self.keys(first, ["id", "title", "sorts", "albums", "nextOffset"], "albums")
            #expect(first.list("albums").map { $0["name"] as? String } == ["Homogenic", "Interchange"])
            #expect(first["nextOffset"] as? Int == 2)
            #expect(first.list("sorts").filter { $0["selected"] as? Bool == true }.map { $0["value"] as? String } == ["name"])
            let card = try #require(first.list("albums").last)
            Self.keys(card, ["id", "name", "artist", "artistID", "year", "coverURL", "summary"], "AlbumCard")
            #expect(card["year"] as? String == "1988")
            #expect(card["summary"] as? String == "1 track")
            let rest = try await web.screen("albums?sort=name&offset=2&limit=200", language: Self.german)
            #expect(rest.list("albums").map { $0["name"] as? String } == ["Post", "Random Access Memories", "Unicode Sampler"])
            #expect(rest["nextOffset"] is NSNull)
            #expect(rest["title"] as? String == "Alben")
            #expect(rest.list("albums").first?["summary"] as? String == "1 Titel")
            let refused = try await web.failure("albums?limit=201", .badRequest, language: Self.german)
            #expect(refused == "Der Parameter limit ist 201: verwende eine ganze Zahl von 1 bis 200.")
            #expect(try await web.failure("albums?sort=colour", .badRequest).contains("newest, name"))
        }
    }

    @Test func trackRowsStreamWhatABrowserPlaysAndSaySoForTheRest() async throws {
        let harness = try await WebViewModelHarness()
        let post = try await harness.services.browse.song(id: harness.ids["tagged.flac"]!, userID: 1).track.albumID!
        let homogenic = try await harness.services.browse.song(id: harness.ids["id3v23.mp3"]!, userID: 1).track.albumID!
        try await harness.live { web in
            let album = try await web.screen("album?id=\(post)")
            Self.keys(album, ["id", "title", "artist", "artistID", "year", "coverURL", "summary", "starred", "tracks"], "album")
            #expect(album["id"] as? String == "album:\(post)")
            #expect(album["summary"] as? String == "1 track · 0:01")
            let row = try #require(album.list("tracks").first)
            Self.keys(row, ["id", "title", "artist", "album", "albumID", "artistID", "number", "duration", "durationSeconds",
                            "starred", "streamURL", "note"], "TrackRow")
            #expect(row["title"] as? String == "Hyperballad")
            #expect(row["number"] as? String == "3")
            #expect(row["duration"] as? String == "0:01")
            #expect(row["streamURL"] as? String == "/api/v1/stream?id=\(harness.ids["tagged.flac"]!)")
            #expect(row["note"] is NSNull)
            // A 22.05 kHz MP3 is refused by Chromium: no URL, a note in the user's language.
            let low = try #require(try await web.screen("album?id=\(homogenic)", language: Self.german).list("tracks").first)
            #expect(low["streamURL"] is NSNull)
            #expect((low["note"] as? String)?.hasPrefix("Dieses Format (MP3) kann ein Browser nicht abspielen") == true)
            #expect(try await web.failure("album?id=999999", .notFound, language: Self.german) == "Es gibt kein Album 999999: vielleicht wurde es entfernt.")
            #expect(try await web.failure("album", .badRequest, language: Self.german) == "Der Parameter id fehlt.")
        }
    }

    @Test func theServerTranscodesOnlyWhatABrowserCannotPlay() throws {
        func track(_ format: String, _ rate: Int?) -> Track {
            var metadata = TrackMetadata(format: format, durationMs: 1000)
            metadata.audio.sampleRate = rate
            return Track(
                id: 9, libraryID: 1, libraryName: "M", path: RawPath("/m/x"), fileSize: 1, mtimeNs: 0, metadata: metadata, albumID: nil,
                addedAt: Date(), updatedAt: Date(), missingSince: nil)
        }
        #expect(ScreenRows.stream(track("FLAC", 8000), transcoding: true).url == "/api/v1/stream?id=9")
        #expect(ScreenRows.stream(track("MP3", 44_100), transcoding: true).url == "/api/v1/stream?id=9")
        #expect(ScreenRows.stream(track("MP3", 8000), transcoding: true).url == "/api/v1/stream?id=9&format=opus")
        #expect(ScreenRows.stream(track("WavPack", 44_100), transcoding: true).url == "/api/v1/stream?id=9&format=opus")
        #expect(ScreenRows.stream(track("WavPack", 44_100), transcoding: false).url == nil)
        #expect(ScreenRows.stream(track("WavPack", 44_100), transcoding: false).note?.key == "track.note.unplayable")
    }

    @Test func theLibrariesScreenFollowsTheScanAClientStarted() throws {
        let slot = ScanSlot()
        #expect(ScreenBuilder.scanState(slot.progress).text.key == "libraries.scan.starting")
        try slot.claim("a scan")
        let library = Library(id: 1, name: "Jazz", root: RawPath("/music/jazz"), createdAt: Date(), lastScanAt: nil)
        slot.note(.started(library, scope: library.root))
        slot.note(.progress(ScanProgress(found: 300, read: 100, skipped: 20)))
        let scan = ScreenBuilder.scanState(slot.progress)
        let german = Localization.shipped.localizer(for: "de")
        #expect(scan.running)
        #expect(scan.text.resolved(by: german) == "Durchsuche Jazz: 120 Dateien")
        #expect(scan.fraction == 0.4)
        slot.release()
        #expect(slot.current == nil && slot.progress == nil)
    }

    @Test func searchPlaylistsAndTheQueueAreTheUsersOwn() async throws {
        let harness = try await WebViewModelHarness()
        let flac = harness.ids["tagged.flac"]!, aac = harness.ids["aac.m4a"]!
        let bob = try await harness.services.users.user(named: "bob").id
        let playlists = harness.services.playlists(for: bob)
        let mix = try await playlists.create(PlaylistDraft(name: "Mix"))
        _ = try await playlists.add(trackIDs: [aac, flac, aac], to: "Mix", at: nil)
        try await harness.services.annotations.star([.track(flac)], user: bob)
        try await harness.live { web in
            let search = try await web.screen("search?query=bj%C3%B6rk", as: "bob")
            Self.keys(search, ["id", "title", "query", "artists", "albums", "tracks", "emptyText"], "search")
            #expect(search.list("artists").map { $0["name"] as? String } == ["Björk"])
            #expect(Set(search.list("tracks").compactMap { $0["title"] as? String }) == ["Hyperballad", "Jóga"])
            #expect(try await web.screen("search", as: "bob")["emptyText"] as? String == "Type to search artists, albums and tracks.")

            let list = try await web.screen("playlists", as: "bob", language: Self.german)
            let row = try #require(list.list("playlists").first)
            Self.keys(row, ["id", "name", "smart", "summary", "updated"], "playlists row")
            #expect(row["summary"] as? String == "3 Titel · 0:03")
            #expect(try await web.screen("playlists").list("playlists").isEmpty)

            let detail = try await web.screen("playlist?id=\(mix.id)", as: "bob")
            Self.keys(detail, ["id", "title", "name", "smart", "query", "description", "summary", "tracks"], "playlist")
            #expect(detail.list("tracks").map { $0["position"] as? Int } == [1, 2, 3])
            #expect(detail.list("tracks").map { $0["id"] as? Int64 } == [aac, flac, aac])
            #expect(detail.list("tracks").map { $0["starred"] as? Bool } == [false, true, false])
            #expect(try await web.failure("playlist?id=\(mix.id)", .forbidden, language: Self.german) == "Das gehört einem anderen Benutzer.")

            let queue = try await web.screen("queue?ids=\(flac),\(aac),\(flac),424242", as: "bob")
            #expect(queue.list("tracks").map { $0["id"] as? Int64 } == [flac, aac, flac])
            #expect(queue.list("tracks").first?["position"] == nil)
            let long = (0...1000).map { _ in String(flac) }.joined(separator: ",")
            #expect(try await web.failure("queue?ids=\(long)", .badRequest).contains("1,001"))
        }
    }

    /// A playlist's rows are the rows the album screen shows for the same tracks (read in
    /// one query with the stars and artists); a missing track keeps its tags, unstarred and
    /// without its artist's link.
    @Test func playlistRowsAreTheAlbumScreensRowsAndMissingTracksKeepTheirTags() async throws {
        let harness = try await WebViewModelHarness()
        let flac = harness.ids["tagged.flac"]!, mp3 = harness.ids["id3v24.mp3"]!, aac = harness.ids["aac.m4a"]!
        let alice = try await harness.services.users.user(named: "alice").id
        let playlists = harness.services.playlists(for: alice)
        let mix = try await playlists.create(PlaylistDraft(name: "Mix"))
        _ = try await playlists.add(trackIDs: [mp3, flac, aac, mp3], to: "Mix", at: nil)
        try await harness.services.annotations.star([.track(flac), .track(aac)], user: alice)
        try await harness.live { web in
            let before = try await web.screen("playlist?id=\(mix.id)").list("tracks")
            #expect(before.map { $0["position"] as? Int } == [1, 2, 3, 4])
            #expect(before.map { $0["starred"] as? Bool } == [false, true, true, false])
            for row in before {
                let album = try await web.screen("album?id=\(try #require(row["albumID"] as? Int64))")
                var expected = try #require(album.list("tracks").first { $0["id"] as? Int64 == row["id"] as? Int64 })
                expected["position"] = row["position"]
                #expect(NSDictionary(dictionary: row) == NSDictionary(dictionary: expected), "\(row)")
                #expect(row["artistID"] as? Int64 != nil)
            }
            try FileManager.default.removeItem(atPath: harness.folder.path("music/aac.m4a"))
            _ = try await harness.services.scanner.run(harness.folder.path("music"))
            let after = try await web.screen("playlist?id=\(mix.id)").list("tracks")
            #expect(after.map { $0["id"] as? Int64 } == [mp3, flac, aac, mp3])
            #expect(after[2]["title"] as? String == before[2]["title"] as? String)
            #expect(after[2]["starred"] as? Bool == false && after[2]["artistID"] is NSNull)
            #expect(after[1]["starred"] as? Bool == true)
        }
    }

    @Test func theSmartPreviewShowsTheParsersErrorAtTheTerm() async throws {
        try await WebViewModelHarness().live { web in
            let bad = try await web.screen("smartpreview?query=artist:bj%C3%B6rk%20year:abc", language: Self.german)
            #expect(bad["valid"] as? Bool == false)
            let error = bad.object("error")
            #expect(error["offset"] as? Int == 13)
            #expect(error["length"] as? Int == 8)
            #expect(error["message"] as? String == "Die Abfrage kann „year:abc“ nicht verwenden: prüfe den Feldnamen und seinen Wert.")
            #expect(bad.list("tracks").isEmpty)
            // Offsets count UTF-16 code units, as JavaScript does: 🎷 is two.
            let emoji = try await web.screen("smartpreview?query=title:%F0%9F%8E%B7%20colour:red")
            #expect(emoji.object("error")["offset"] as? Int == 9)
            #expect(emoji.object("error")["length"] as? Int == 10)
            let good = try await web.screen("smartpreview?query=artist:bj%C3%B6rk")
            #expect(good["valid"] as? Bool == true)
            #expect(good["error"] is NSNull)
            #expect(good["summary"] as? String == "2 tracks")
            #expect(Set(good.list("tracks").compactMap { $0["title"] as? String }) == ["Hyperballad", "Jóga"])
        }
    }

    @Test func homeArtistsDoctorAndTheAdminScreensCarryTheContractsFields() async throws {
        try await WebViewModelHarness().live { web in
            let home = try await web.screen("home", language: Self.german)
            #expect(home.list("sections").map { $0["id"] as? String } == ["recent", "played", "frequent", "random", "starred"])
            #expect(home.list("sections").first?["title"] as? String == "Neu hinzugefügt")
            #expect(home.list("sections").first?.list("albums").count == 5)

            let artists = try await web.screen("artists")
            let groups = artists.list("groups")
            #expect(groups.map { $0["letter"] as? String }.contains("B"))
            let björk = try #require(groups.flatMap { $0.list("artists") }.first { $0["name"] as? String == "Björk" })
            #expect(björk["summary"] as? String == "2 albums")
            let artist = try await web.screen("artist?id=\(björk["id"] as! Int64)", language: Self.german)
            #expect(artist["title"] as? String == "Björk")
            #expect(artist["summary"] as? String == "2 Alben")
            #expect(artist.list("albums").count == 2)

            let doctor = try await web.screen("doctor", as: "bob", language: Self.german)
            Self.keys(doctor, ["id", "title", "summary", "sections"], "doctor")
            #expect(doctor["title"] as? String == "Diagnose")

            let libraries = try await web.screen("libraries", language: Self.german)
            Self.keys(libraries, ["id", "title", "libraries", "scan", "labels"], "libraries")
            #expect(libraries.object("scan")["running"] as? Bool == false)
            #expect(libraries.object("scan")["text"] as? String == "Keine Suche läuft.")
            #expect((libraries.list("libraries").first?["summary"] as? String)?.hasPrefix("Zuletzt durchsucht am ") == true)

            let users = try await web.screen("users")
            let rows = users.list("users").filter { $0["name"] as? String != "local" }
            #expect(rows.map { $0["name"] as? String } == ["alice", "bob"])
            #expect(rows.map { $0["role"] as? String } == ["Administrator", "User"])
            #expect(rows.flatMap { $0.list("keys") }.map { $0["label"] as? String } == ["web", "Unnamed key"])
        }
    }
}
