import Foundation
import KanoraAPI
import LibraryCore
@testable import LibraryServer
import LibraryServices
import Testing

/// Resolves through the shipped catalogs and records every key asked for and every key
/// missing from the catalog.
private final class RecordingLocalizer: Localizer, @unchecked Sendable {
    let base: CatalogLocalizer
    private let lock = NSLock()
    private(set) var used: Set<String> = []
    private(set) var missing: Set<String> = []

    init(_ language: String) { base = Localization.shipped.localizer(for: language) }

    var language: String { base.language }
    func text(_ key: String, count: Int?, substitutions: [String: String]) -> String {
        lock.withLock {
            used.insert(key)
            if base.catalog.text(key, count: count) == nil { missing.insert(key) }
        }
        return base.text(key, count: count, substitutions: substitutions)
    }
    func number(_ value: Int) -> String { base.number(value) }
    func date(_ date: Date, time: Bool) -> String { base.date(date, time: time) }
    func duration(seconds: Double) -> String { base.duration(seconds: seconds) }
}

/// Wraps every resolved text, number, date and duration in ⟦ ⟧, so a string without the
/// marks in a hosted view model's JSON did not go through localization (German: English
/// errors keep the services' sentences).
private struct MarkingLocalizer: Localizer {
    let base = Localization.shipped.localizer(for: "de")
    var language: String { "de" }
    func text(_ key: String, count: Int?, substitutions: [String: String]) -> String {
        "⟦" + base.text(key, count: count, substitutions: substitutions) + "⟧"
    }
    func number(_ value: Int) -> String { "⟦\(value)⟧" }
    func date(_ date: Date, time: Bool) -> String { "⟦date⟧" }
    func duration(seconds: Double) -> String { "⟦\(seconds)⟧" }
}

@Suite("Web view models: catalogs complete, every text localized, formats per language")
struct WebViewModelCatalogTests {
    /// Every stub, and the variants stubs do not reach (each doctor section, every error
    /// detail), encoded with `localizer`.
    private static func encodeSamples(with localizer: any Localizer) throws -> [Data] {
        let encoder = JSONEncoder()
        encoder.userInfo[.localizer] = localizer
        var samples: [any Encodable] = [
            SignInScreen.stub(), AppScreen.stub(), HomeScreen.stub(), AlbumsScreen.stub(), ArtistsScreen.stub(),
            AlbumScreen.stub(), ArtistScreen.stub(), SearchScreen.stub(), SearchScreen(query: "", artists: [], albums: [], tracks: []),
            PlaylistsScreen.stub(), PlaylistScreen.stub(), SmartPreviewScreen.stub(), QueueScreen.stub(),
            SmartPreviewScreen(tracks: [], more: true), DoctorScreen.stub(), LibrariesScreen.stub(), UsersScreen.stub(),
            LibrariesScreen(libraries: [.init(id: 1, name: "A", path: "/a", lastScan: nil)], scan: .idle),
            SmartPreviewScreen(error: .init(message: ErrorLocalization.queryProblem(QueryError(term: "x:y", message: "")), offset: 0, length: 3)),
            DoctorFindings.screen(Self.everyProblem), DoctorFindings.screen(LibraryHealth()),
            ScreenBuilder.scanState(nil), ScreenBuilder.scanState(ScanStatus(library: "Jazz", progress: ScanProgress(found: 1, read: 1))),
        ]
        samples += Self.errorSamples.map { LocalizableString(resolved: ErrorLocalization.message($0, localizer: localizer)) }
        samples += LibraryError.Code.allKinds.map { LocalizableString("error.kind.\($0.rawValue)") }
        samples += Self.failureSamples.map(\.message)
        return try samples.map { try encoder.encode($0) }
    }

    static let everyProblem = LibraryHealth(
        damaged: [.init(id: 1, path: "/a", problem: "cut")], unreadable: [.init(path: "/b", reason: "bad")],
        missing: [.init(id: 2, path: "/c")], duplicates: [[.init(id: 3, path: "/d"), .init(id: 4, path: "/e")]],
        untagged: [.init(id: 5, path: "/f")],
        incompleteAlbums: [.init(id: 1, album: "A", albumArtist: "B", disc: nil, missingTrackNumbers: [2]),
                           .init(id: 2, album: "A", albumArtist: "B", disc: 2, missingTrackNumbers: [1])],
        possibleUpgrades: [.init(missing: .init(id: 6, path: "/g"), present: .init(id: 7, path: "/h"), reason: "r")])

    /// Errors whose details the web app shows, as the services and the server word them.
    static let errorSamples = [
        LibraryError(.unauthorized, "Too many failed logins from this address: wait 30 seconds and try again."),
        LibraryError(.unauthorized, "The user name or password is wrong."),
        LibraryError(.unauthorized, "This request needs an API key."),
        LibraryError(.forbidden, APIAccess.admin.refusal("`GET /api/v1/users`")),
        LibraryError(.forbidden, "The playlist 3 belongs to another user."),
        LibraryError(.notFound, "No album with id 7."), LibraryError(.notFound, "No artist with id 7."),
        LibraryError(.notFound, "No song with id 7."), LibraryError(.notFound, "No folder with id 7."),
        LibraryError(.notFound, "No playlist with id 4: it may have been deleted; see `kanora playlist list`."),
        LibraryError(.conflict, "A playlist named \"Mix\" already exists: choose another name."),
        LibraryError(.invalidInput, "unknown field in \"colour:red\": use one of title, artist"),
    ] + [String(repeating: "x", count: 201), " ", "a\u{7}"].map { name in
        LibraryError.wrap(Result { try PlaylistRules.name.validate(name) }.failure!)
    }

    /// Each kind of bad parameter.
    static var failureSamples: [ViewModelFailure] {
        var failures: [ViewModelFailure] = []
        func record(_ body: () throws -> Void) {
            do { try body() } catch let failure as ViewModelFailure { failures.append(failure) } catch {}
        }
        record { _ = try AlbumsScreenRequest.Query(parameters: ["limit": "500"]) }
        record { _ = try AlbumsScreenRequest.Query(parameters: ["sort": "colour"]) }
        record { _ = try IDQuery(parameters: [:]) }
        record { _ = try IDQuery(parameters: ["id": "x"]) }
        let ids = [String](repeating: "1", count: 1001).joined(separator: ",")
        record { _ = try QueueScreenRequest.Query(parameters: ["ids": ids]) }
        record { _ = try TextQuery(parameters: ["query": String(repeating: "q", count: 1001)]) }
        record { try ViewModelRoutes.authorize(UsersScreenRequest.self, user: nil) }
        return failures
    }

    @Test func bothCatalogsHaveTheSameKeysPluralFormsAndPlaceholders() throws {
        let catalogs = Localization.shipped.catalogs
        #expect(Set(catalogs.keys) == ["en", "de"])
        let english = try #require(catalogs["en"]), german = try #require(catalogs["de"])
        #expect(Set(english.entries.keys).subtracting(german.entries.keys).sorted() == [], "keys German lacks")
        #expect(Set(german.entries.keys).subtracting(english.entries.keys).sorted() == [], "keys English lacks")
        for (key, entry) in english.entries {
            let other = try #require(german.entries[key])
            #expect(entry.forms.count == other.forms.count, "\(key): plural forms differ")
            #expect(Self.placeholders(entry) == Self.placeholders(other), "\(key): placeholders differ")
            #expect(!other.forms.contains(""), "\(key) is empty in German")
        }
    }

    @Test func everyKeyTheViewModelsUseIsInTheCatalogsAndEveryCatalogKeyIsUsed() throws {
        for language in ["en", "de"] {
            let localizer = RecordingLocalizer(language)
            _ = try Self.encodeSamples(with: localizer)
            #expect(localizer.missing.sorted() == [], "keys missing from \(language).yml")
            let unused = Set(Localization.shipped.catalogs[language]!.entries.keys).subtracting(localizer.used)
            // English errors keep the services' sentences, so only German resolves the detail keys.
            if language == "de" { #expect(unused.sorted() == [], "catalog keys nothing uses") }
        }
    }

    @Test func noHostedViewModelCarriesAUserFacingLiteral() throws {
        // Strings that are data, not text: names, titles and paths from the library, ids,
        // URLs, codes. Everything else must have gone through the localizer.
        let data: Set<String> = [
            "id", "language", "languages.code", "user.name", "navigation.screen", "albums.name", "albums.artist", "albums.year",
            "albums.coverURL", "sections.id", "sections.albums.name", "sections.albums.artist", "sections.albums.year",
            "sections.albums.coverURL", "sorts.value", "groups.letter", "groups.artists.name", "artists.name", "title",
            "artist", "year", "coverURL", "tracks.title", "tracks.artist", "tracks.album", "tracks.number", "tracks.streamURL",
            "query", "playlists.name", "name", "description", "sections.items.subject", "libraries.name", "libraries.path",
            "users.name",
        ]
        let titledByText: Set<String> = ["signin", "app", "home", "albums", "artists", "search", "playlists", "doctor", "libraries", "users", "smartpreview", "queue"]
        for json in try Self.encodeSamples(with: MarkingLocalizer()) {
            let object = try JSONSerialization.jsonObject(with: json, options: .fragmentsAllowed)
            let screen = (object as? [String: Any])?["id"] as? String ?? ""
            for (path, text) in Self.strings(object, path: "") where !text.hasPrefix("⟦") {
                // A screen's `title` is text on list screens, data (a name) on detail screens.
                let allowed = data.contains(path) && !(path == "title" && titledByText.contains(screen))
                #expect(allowed, "\(screen): \(path) = \"\(text)\" did not go through the localizer")
            }
        }
    }

    @Test func numbersDatesAndDurationsAreFormattedForTheLanguage() {
        let german = Localization.shipped.localizer(for: "de"), english = Localization.shipped.localizer(for: "en")
        #expect(german.number(1234) == "1.234")
        #expect(english.number(1234) == "1,234")
        #expect(german.duration(seconds: 225) == "3:45")
        #expect(german.duration(seconds: 3723) == "1:02:03")
        let date = Date(timeIntervalSince1970: 1_780_000_000)
        #expect(german.date(date, time: false) != english.date(date, time: false))
        #expect(german.text("summary.albums", count: 1, substitutions: ["count": "1"]) == "1 Album")
        #expect(german.text("summary.albums", count: 1234, substitutions: ["count": german.number(1234)]) == "1.234 Alben")
        #expect(Localization.shipped.localizer(for: "fr").language == "en")
        #expect(CatalogLocalizer.substitute(["a": "{b}", "b": "x"], in: "{a} and {b}, {c} {") == "{b} and x, {c} {")
        #expect(CatalogLocalizer.substitute([:], in: "{a}") == "{a}")
        // Small counts skip the formatter: the same text as Foundation's, in every shipped language.
        for language in ["en", "de"] {
            let localizer = Localization.shipped.localizer(for: language)
            let locale = Locale(identifier: language)
            for value in [0, 1, 9, 10, 99, 100, 999, 1000, 12_345, -5] {
                #expect(localizer.number(value) == value.formatted(.number.locale(locale)), "\(language) \(value)")
            }
        }
    }

    @Test func theRequestLanguageIsTheSettingElseTheBrowsersBestShippedElseEnglish() {
        let shipped = ["en", "de"]
        #expect(RequestLanguage.choose(setting: nil, acceptLanguage: "de-DE,de;q=0.9,en;q=0.8", shipped: shipped) == "de")
        #expect(RequestLanguage.choose(setting: nil, acceptLanguage: "fr-FR, en;q=0.5, de;q=0.7", shipped: shipped) == "de")
        #expect(RequestLanguage.choose(setting: nil, acceptLanguage: "de;q=0, en", shipped: shipped) == "en")
        #expect(RequestLanguage.choose(setting: nil, acceptLanguage: "fr, *", shipped: shipped) == "en")
        #expect(RequestLanguage.choose(setting: nil, acceptLanguage: nil, shipped: shipped) == "en")
        #expect(RequestLanguage.choose(setting: "en", acceptLanguage: "de", shipped: shipped) == "en")
        #expect(RequestLanguage.choose(setting: "xx", acceptLanguage: "de", shipped: shipped) == "de")
    }

    private static func placeholders(_ entry: Catalog.Entry) -> [Set<String>] {
        entry.forms.map { form in
            Set(form.split(separator: "{", omittingEmptySubsequences: false).dropFirst().compactMap { $0.split(separator: "}").first.map(String.init) })
        }
    }

    /// Every string leaf with its key path (array indices left out).
    private static func strings(_ value: Any, path: String) -> [(String, String)] {
        switch value {
        case let text as String: return [(path, text)]
        case let object as [String: Any]:
            return object.flatMap { key, value in strings(value, path: path.isEmpty ? key : path + "." + key) }
        case let array as [Any]: return array.flatMap { strings($0, path: path) }
        default: return []
        }
    }
}

extension LibraryError.Code {
    static let allKinds: [LibraryError.Code] = [
        .invalidInput, .notFound, .conflict, .forbidden, .fileSystem, .database, .unimplemented, .unauthorized, .unavailable,
    ]
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
