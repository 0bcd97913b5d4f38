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

    /// A line's fields as text, copied out of its buffers.
    private static func text(_ line: TrackLine) -> String {
        let text = { (bytes: UnsafeBufferPointer<UInt8>?) in bytes.map { String(decoding: $0, as: UTF8.self) } ?? "nil" }
        let numbers = [line.trackNumber, line.discNumber, line.discTotal, line.year].map { $0.map(String.init) ?? "nil" }
        return ([String(line.id), text(line.title), line.untitledPath?.text ?? "nil", line.artists.map(text).joined(separator: "|"),
                 text(line.album)] + numbers + [String(line.durationMs), text(line.format), String(line.isMissing)])
            .joined(separator: "/")
    }

    @Test func trackLinesHoldWhatBriefTracksHold() async throws {
        defer { folder.remove() }
        try await scanFiveTracks()
        let sort = try LibrarySort.parse(["year+", "title-"], for: .tracks)
        for request in [ListRequest(), ListRequest(sort: sort, limit: 3), ListRequest(query: try LibraryQuery.parse("album:blue"))] {
            var brief = request
            brief.detail = .brief
            let tracks = try await streamed(brief).map { TrackLine.lending($0, Self.text) }
            let lines = Shared<[String]>([])
            try await services.library.forEachTrackLine(request) { line in lines.set(lines.read() + [Self.text(line)]) }
            #expect(lines.read() == tracks)
            #expect(!tracks.isEmpty)
        }
        for (text, limit) in [("blue", nil), ("blue", 1), ("coltrane", 3), ("zzz", nil)] as [(String, Int?)] {
            let found = try await services.library.search(text, limit: limit, detail: .brief).map { TrackLine.lending($0, Self.text) }
            let lines = Shared<[String]>([])
            try await services.library.forEachSearchLine(text, limit: limit) { line in lines.set(lines.read() + [Self.text(line)]) }
            #expect(lines.read() == found, "\(text)")
        }
    }

    @Test func forEachSearchResultRejectsTextWithNoWord() async throws {
        defer { folder.remove() }
        await #expect(throws: LibraryError.self) {
            try await services.library.forEachSearchResult("-", limit: nil, detail: .brief) { _ in }
        }
    }
}
