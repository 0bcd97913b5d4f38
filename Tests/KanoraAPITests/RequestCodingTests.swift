import Foundation
@testable import KanoraAPI
import LibraryCore
import LibraryServices
import Testing

/// Requests travel as the server decodes them: a query through the URL, a body as JSON.
@Suite("API requests: one method and path each, queries and bodies round-trip")
struct RequestCodingTests {
    /// What the server decodes from what the client sends.
    private func roundTrip<R: APIRequest>(_ request: R) throws -> R {
        let target = try request.target()
        let components = URLComponents(string: "http://host" + target)!
        #expect(components.path == R.path)
        let text = components.queryItems?.first { $0.name == API.queryParameter }?.value
        let body = try API.encoder.encode(request.body)
        return R(query: try R.decodeQuery(text), body: try R.decodeBody(body))
    }

    @Test func everyRequestHasItsOwnMethodAndPathUnderTheVersionRoot() {
        let routes = APICatalog.requests.map { "\($0.method.rawValue) \($0.path)" }
        #expect(Set(routes).count == routes.count)
        #expect(APICatalog.requests.allSatisfy { $0.path.hasPrefix("/api/v1/") && !$0.endpoint.hasPrefix("/") })
        #expect(LibrariesRequest.path == "/api/v1/libraries")
    }

    @Test func aListRequestTravelsInTheURLWithItsQueryAsCanonicalText() throws {
        let query = try LibraryQuery.parse(arguments: ["album:Kind of Blue", "year:1958..1961", "title:a+b"], currentDirectory: "/")
        let request = TracksRequest(ListRequest(query: query, sort: try LibrarySort.parse(["year-"]), limit: 5, includeMissing: true))
        let target = try request.target()
        #expect(!target.contains(" ") && !target.contains("+"))
        let decoded = try roundTrip(request)
        #expect(decoded.query == request.query)
    }

    @Test func aRequestWithoutQueryHasABarePath() throws {
        #expect(try LibrariesRequest().target() == "/api/v1/libraries")
        #expect(try LibrariesRequest.decodeQuery(nil) == APIEmpty())
        #expect(throws: DecodingError.self) { try TracksRequest.decodeQuery(nil) }
    }

    @Test func bodiesRoundTrip() throws {
        let add = AddToPlaylistRequest(PlaylistAddBody(name: "Road", trackIDs: [3, 1, 3], position: 2))
        #expect(try roundTrip(add).body == add.body)
        let remove = RemoveFromPlaylistRequest(PlaylistRemoveBody(name: "Road", matching: try LibraryQuery.parse("genre:jazz")))
        #expect(try roundTrip(remove).body == remove.body)
        let bytes = Data([0x23, 0x45, 0x58, 0xFF, 0x00, 0x0A])
        let importing = ImportM3URequest(ImportM3UBody(contents: bytes, filePath: "/home/me/mix.m3u", name: nil))
        #expect(try roundTrip(importing).body == importing.body)
        let draft = CreatePlaylistRequest(PlaylistDraft(name: "Old jazz", rule: SmartRule(query: try LibraryQuery.parse("genre:jazz"), limit: 50)))
        #expect(try roundTrip(draft).body == draft.body)
        let export = ExportM3URequest(ExportM3UQuery(name: "Road", paths: .relative(to: "/home/me")))
        #expect(try roundTrip(export).query == export.query)
        let track = TrackRequest(TrackQuery(path: RawPath(bytes: Array("/m/".utf8) + [0xE9])))
        #expect(try roundTrip(track).query == track.query)
        let scan = ScanLibrariesRequest(ScanBody(library: "Music", options: ScanOptions(full: true)))
        #expect(try roundTrip(scan).body == scan.body)
    }

    @Test func scanLinesRoundTripAsOneKeyObjects() throws {
        let library = Library(id: 1, name: "Music", root: RawPath("/m"), createdAt: Date(timeIntervalSinceReferenceDate: 1.5), lastScanAt: nil)
        var summary = ScanSummary(library: library)
        summary.added = 3
        summary.failures = [ScanFailure(path: "/m/x.mp3", reason: "empty file (0 bytes)")]
        let lines: [ScanLine] = [
            .event(.waiting("another scan is running")), .event(.started(library, scope: RawPath("/m"))),
            .event(.progress(ScanProgress(found: 4, read: 2, currentPath: "/m/a"))),
            .event(.failure(ScanFailure(path: "/m/x.mp3", reason: "empty"))), .event(.finished(summary)),
            .error(APIErrorEnvelope.Detail(kind: "notFound", message: "No library named X.")),
        ]
        for line in lines {
            let data = try API.encoder.encode(line)
            #expect(try API.decoder.decode(ScanLine.self, from: data) == line)
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            #expect(object?.count == 1)
        }
        #expect(String(decoding: try API.encoder.encode(lines[0]), as: UTF8.self) == #"{"waiting":"another scan is running"}"#)
    }

    @Test func errorsTravelInTheEnvelopeWithAFittingStatus() throws {
        let error = LibraryError(.notFound, "No playlist named \"X\".")
        let json = String(decoding: try API.encoder.encode(APIErrorEnvelope(error)), as: UTF8.self)
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: [String: String]]
        #expect(object == ["error": ["kind": "notFound", "message": "No playlist named \"X\"."]])
        #expect(try API.decoder.decode(APIErrorEnvelope.self, from: Data(json.utf8)).libraryError == error)
        let statuses: [LibraryError.Code: Int] = [
            .invalidInput: 400, .unauthorized: 401, .forbidden: 403, .notFound: 404, .conflict: 409,
            .database: 500, .fileSystem: 500, .unimplemented: 501, .unavailable: 503,
        ]
        for (code, status) in statuses { #expect(code.httpStatus == status) }
        #expect(APIErrorEnvelope(kind: "fromTheFuture", message: "m").libraryError.code == .database)
    }
}

@Suite("Large arrays: sent in slices that make one JSON array, read while they arrive")
struct ParallelJSONTests {
    fileprivate struct Item: ParallelJSONElement, Equatable {
        var id: Int
        var name: String
        var tags: [String: [String]]
    }

    private func encoded(_ items: [Item]) async throws -> Data {
        var data = Data()
        try await items.encodeInSlices { data.append($0) }
        return data
    }

    private func decoded(_ data: Data, chunk: Int, sliceBytes: Int) async throws -> [Item] {
        var splitter = JSONArraySplitter(sliceBytes: sliceBytes)
        var slices: [Data] = []
        for start in stride(from: 0, to: data.count, by: chunk) {
            slices += try splitter.feed(data[start..<min(start + chunk, data.count)])
        }
        #expect(splitter.finished)
        return try await [Item].decodeSlices(AsyncThrowingStream { continuation in
            for slice in slices { continuation.yield(slice) }
            continuation.finish()
        })
    }

    @Test func slicesMakeTheSameArrayAndReadBackFedInAnyPieces() async throws {
        // Names with what could fool a splitter: commas, brackets, braces, quotes, escapes.
        let items = (0..<2_500).map { Item(id: $0, name: "a, [b] {c} \"d\" \\\($0)", tags: ["K,": ["[", "]"]]) }
        let data = try await encoded(items)
        #expect(try API.decoder.decode([Item].self, from: data) == items)
        #expect(try await decoded(data, chunk: 7_919, sliceBytes: 10_000) == items)
        #expect(try await decoded(data, chunk: 1, sliceBytes: 50_000) == items)
        let few = Array(items.prefix(3))
        #expect(try await decoded(try await encoded(few), chunk: 5, sliceBytes: 1) == few)
        #expect(try await decoded(try await encoded([]), chunk: 5, sliceBytes: 1) == [])
    }

    @Test func somethingElseThanAnArrayIsADecodingError() {
        var splitter = JSONArraySplitter()
        #expect(throws: DecodingError.self) { try splitter.feed(Data("404 page not found".utf8)) }
    }
}

@Suite("Track rows: a listed track travels as one array of its fields")
struct TrackRowTests {
    @Test func everyFieldRoundTripsAndMatchesTheNamedOrder() throws {
        let metadata = TrackMetadata(
            format: "FLAC", durationMs: 305_000, bitrate: 900, sampleRate: 44_100, channels: 2, bitDepth: 24, hasCoverArt: true,
            title: "Jóga", titleSort: "Joga", artists: ["Björk", "B"], artistSort: "Bjork", albumArtists: ["Björk"],
            albumArtistSort: "Bjork", album: "Homogenic", albumSort: "Homo", trackNumber: 3, trackTotal: 10, discNumber: 1,
            discTotal: 2, date: "1997-09-22", year: 1997, originalDate: "1997", originalYear: 1997, genres: ["Electronic", "Pop"],
            composer: "Björk", comment: "c", compilation: true, bpm: 92.5,
            musicBrainz: MusicBrainzIDs(recordingID: "r", trackID: "t", albumID: "a", releaseGroupID: "g", artistID: "ar", albumArtistID: "aa"),
            replayGain: ReplayGain(trackGain: -6.5, trackPeak: 0.98, albumGain: -7, albumPeak: 1),
            otherTags: ["MOOD": ["calm", "cold"]], damage: "last frame cut short")
        let full = Track(
            id: 7, libraryID: 1, libraryName: "Music", path: RawPath(bytes: Array("/m/".utf8) + [0xE9]), fileSize: 123,
            mtimeNs: 1_700_000_000_123_456_789, metadata: metadata, albumID: 4,
            addedAt: Date(timeIntervalSinceReferenceDate: 1.25), updatedAt: Date(timeIntervalSinceReferenceDate: 2.5),
            missingSince: Date(timeIntervalSinceReferenceDate: 3.75))
        let bare = Track(
            id: 8, libraryID: 1, libraryName: "Music", path: RawPath("/m/b.mp3"), fileSize: 1, mtimeNs: 0,
            metadata: TrackMetadata(format: "MP3"), albumID: nil, addedAt: Date(timeIntervalSinceReferenceDate: 0),
            updatedAt: Date(timeIntervalSinceReferenceDate: 0), missingSince: nil)
        for track in [full, bare] {
            let data = try API.encoder.encode(TrackRow(track))
            #expect(try API.decoder.decode(TrackRow.self, from: data).track == track)
            let values = try JSONSerialization.jsonObject(with: data) as? [Any]
            #expect(values?.count == TrackRow.fields.count)
        }
    }
}
