import Foundation
@testable import kanora
import LibraryCore
import LibraryServices
import Testing
import TestSupport

/// `kanora list` and `kanora search` load only the columns their output shows: what each
/// output prints from those tracks is what it printed from fully loaded ones.
@Suite("track detail of large listings")
struct TrackDetailTests {
    private static let fixtures = QueryCLIRunner.standardFixtures.merging([
        "tagged.aiff": "Gone/gone.aiff",
    ]) { first, _ in first }

    /// A scanned library with a missing track, and its services.
    private func library() async throws -> (QueryCLIRunner, ServiceContainer) {
        let cli = try await QueryCLIRunner(fixtures: Self.fixtures)
        try FileManager.default.removeItem(atPath: cli.musicPath("Gone/gone.aiff"))
        #expect(await cli.run(["scan", cli.folder.path("music")]).code == 0)
        let services = try GlobalOptions.parse(["--database", cli.database]).services(mustExist: true)
        return (cli, services)
    }

    private func printed(_ tracks: [Track], _ mode: OutputMode) -> String {
        let console = Console(capturing: true)
        RowPrinter(mode: mode, quiet: true, console: console).print(tracks)
        return console.capturedOutput.out
    }

    @Test func everyFieldADetailFillsIsTheFullTracksValue() async throws {
        let (cli, services) = try await library()
        defer { cli.remove() }
        let full = try await services.library.tracks(ListRequest(includeMissing: true))
        #expect(full.contains { $0.isMissing })
        for detail in [TrackDetail.path, .brief, .summary] {
            let loaded = try await services.library.tracks(ListRequest(includeMissing: true, detail: detail))
            #expect(loaded.map(\.id) == full.map(\.id))
            for (reduced, whole) in zip(loaded, full) {
                for name in TrackFields.filled(at: detail)!.sorted() {
                    #expect(TrackFields.value(name, of: reduced) == TrackFields.value(name, of: whole), "\(name) at \(detail)")
                }
            }
            // The detail is honoured: fields it does not name are left unread.
            #expect(loaded.allSatisfy { $0.metadata.musicBrainz.recordingID == nil && $0.metadata.otherTags.isEmpty })
        }
        let paths = try await services.library.tracks(ListRequest(detail: .path))
        #expect(paths.allSatisfy { $0.metadata.album == nil } && full.contains { $0.metadata.album != nil })
    }

    @Test func eachOutputPrintsTheSameFromItsDetail() async throws {
        let (cli, services) = try await library()
        defer { cli.remove() }
        let template = try Template.parse("$albumartist - $album ($year) / $track. $title", isKnown: TrackFields.isKnown, validNames: [])
        let modes: [OutputMode] = [.table, .json, .paths, .template(template)]
        let full = try await services.library.tracks(ListRequest(includeMissing: true))
        let found = try await services.library.search("o", limit: nil)
        #expect(!found.isEmpty)
        for mode in modes {
            let loaded = try await services.library.tracks(ListRequest(includeMissing: true, detail: mode.trackDetail))
            #expect(printed(loaded, mode) == printed(full, mode), "\(mode)")
            let searched = try await services.library.search("o", limit: nil, detail: mode.trackDetail)
            #expect(printed(searched, mode) == printed(found, mode), "search \(mode)")
        }
        #expect(OutputMode.template(template).trackDetail == .summary)
        #expect(OutputMode.template(try Template.parse("${tag:ISRC}", isKnown: TrackFields.isKnown, validNames: [])).trackDetail == .full)
    }

    @Test func everyTrackFieldIsFilledAtFullDetailOnly() {
        // A new field must be placed in a detail (or left to .full) on purpose.
        let placed = TrackFields.filled(at: .summary)!
        #expect(placed.isSubset(of: Set(TrackFields.table.names)))
        #expect(TrackFields.detail(filling: Set(TrackFields.table.names)) == .full)
        #expect(TrackFields.detail(filling: ["path"]) == .path)
        #expect(TrackFields.detail(filling: ["title", "length"]) == .brief)
    }
}
