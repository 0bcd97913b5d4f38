import Foundation
import LibraryCore
import LibraryServices
import Testing
import TestSupport

/// `forEachTrack` and `forEachSearchResult` over a real database hand the same tracks, in
/// the same order and as filled, as `tracks(_:)` and `search(_:limit:detail:)` return.
@Suite("Streaming tracks through LibraryService")
struct TrackStreamingTests {
    let folder: TemporaryDirectory
    let services: ServiceContainer

    init() throws {
        folder = try TemporaryDirectory("streaming")
        services = try .inMemory(reader: FakeTagReader())
    }

    private func scanFiveTracks() async throws {
        let titles = ["Blue Train", "Moment's Notice", "Locomotion", "Blue Seven", "Giant Steps"]
        for (index, title) in titles.enumerated() {
            try folder.write("\(index).mp3", FakeTagReader.file(FakeTagReader.track(
                title, artist: "John Coltrane", album: index < 3 ? "Blue Train" : "Other",
                track: 5 - index, year: 1957 + index % 2)))
        }
        _ = try await services.scanner.run(folder.url.path)
    }

    private func streamed(_ request: ListRequest) async throws -> [Track] {
        let seen = Shared<[Track]>([])
        try await services.library.forEachTrack(request) { seen.set(seen.read() + [$0]) }
        return seen.read()
    }

    @Test(arguments: [
        ListRequest(),
        ListRequest(sort: try! LibrarySort.parse(["year+", "title-"], for: .tracks), detail: .brief),
        ListRequest(query: try! LibraryQuery.parse("album:blue"), limit: 2, detail: .path),
        ListRequest(query: try! LibraryQuery.parse("title:nothing-like-this"), detail: .summary),
    ])
    func forEachTrackHandsWhatTracksReturns(request: ListRequest) async throws {
        defer { folder.remove() }
        try await scanFiveTracks()
        let listed = try await services.library.tracks(request)
        #expect(try await streamed(request) == listed)
    }

    @Test func forEachTrackHandsTheTracksInTheirOrder() async throws {
        defer { folder.remove() }
        try await scanFiveTracks()
        let request = ListRequest(sort: try LibrarySort.parse(["title+"], for: .tracks), detail: .brief)
        let titles = try await streamed(request).map(\.title)
        #expect(titles == ["Blue Seven", "Blue Train", "Giant Steps", "Locomotion", "Moment's Notice"])
    }

    @Test func forEachSearchResultHandsWhatSearchReturns() async throws {
        defer { folder.remove() }
        try await scanFiveTracks()
        for (text, limit) in [("blue", nil), ("blue", 1), ("coltrane", 3), ("zzz", nil)] as [(String, Int?)] {
            let found = try await services.library.search(text, limit: limit, detail: .brief)
            let seen = Shared<[Track]>([])
            try await services.library.forEachSearchResult(text, limit: limit, detail: .brief) { seen.set(seen.read() + [$0]) }
            #expect(seen.read() == found, "\(text)")
        }
    }

    @Test func forEachSearchResultRejectsTextWithNoWord() async throws {
        defer { folder.remove() }
        await #expect(throws: LibraryError.self) {
            try await services.library.forEachSearchResult("-", limit: nil, detail: .brief) { _ in }
        }
    }
}
