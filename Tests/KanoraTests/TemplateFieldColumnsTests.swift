import Foundation
@testable import kanora
import LibraryCore
import LibraryServices
import Testing

/// A `--format` listing reads only the columns of its template's fields
/// (`ListRequest.fields`), and every field read that way shows what a full read shows.
@Suite("template field columns")
struct TemplateFieldColumnsTests {
    @Test func everyFieldReadAloneShowsWhatAFullReadShows() async throws {
        let cli = try await QueryCLIRunner()
        defer { cli.remove() }
        let library = try ServiceContainer.live(databaseURL: URL(fileURLWithPath: cli.database)).library
        let full = try await library.tracks(ListRequest())
        #expect(full.count == QueryCLIRunner.standardFixtures.count)
        let tags = Set(full.flatMap(\.metadata.otherTags.keys)).map { TrackFields.tagPrefix + $0 }
        for name in TrackFields.table.names + tags + ["tag:NO_SUCH_TAG"] {
            let alone = try await library.tracks(ListRequest(fields: [name]))
            #expect(alone.map(\.id) == full.map(\.id), "\(name)")
            #expect(
                alone.map { TrackFields.value(name, of: $0) } == full.map { TrackFields.value(name, of: $0) }, "\(name)")
        }
    }

    @Test func onlyTheNamedFieldsAreRead() async throws {
        let cli = try await QueryCLIRunner()
        defer { cli.remove() }
        let library = try ServiceContainer.live(databaseURL: URL(fileURLWithPath: cli.database)).library
        #expect(try await library.tracks(ListRequest()).contains { $0.metadata.album != nil })
        let titles = try await library.tracks(ListRequest(fields: ["title", "year"]))
        #expect(titles.allSatisfy { $0.metadata.album == nil && $0.metadata.genres.isEmpty })
        #expect(titles.contains { $0.metadata.year != nil })
        // An unknown name reads every column.
        #expect(try await library.tracks(ListRequest(fields: ["title", "nonsense"])).contains { $0.metadata.album != nil })
    }

    @Test func aTemplateListingPrintsItsFields() async throws {
        let cli = try await QueryCLIRunner()
        defer { cli.remove() }
        let result = await cli.run(["list", "--format", "${albumartist}|$album|$year|$track|$title|$length|$genre"])
        #expect(result.code == 0)
        let services = try ServiceContainer.live(databaseURL: URL(fileURLWithPath: cli.database))
        let expected = try await services.library.tracks(ListRequest()).map { track in
            ["albumartist", "album", "year", "track", "title", "length", "genre"]
                .map { TrackFields.value($0, of: track) ?? "" }.joined(separator: "|") + "\n"
        }
        #expect(result.out == expected.joined())
    }
}
