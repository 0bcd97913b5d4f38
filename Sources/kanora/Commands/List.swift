import ArgumentParser
import Foundation
import LibraryCore
import LibraryServices
import LibraryViewModels

extension Kanora {
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List tracks, albums or artists matching a query.",
            discussion: """
                Examples:
                  kanora list                          every track
                  kanora list albums artist:björk       albums with a matching track
                  kanora list year:1990..1999 --sort year+
                  kanora list --format '$albumartist - $album ($year) / $track. $title'
                  kanora list genre:jazz --paths | xargs -d '\\n' mpv
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        @Option(name: .long, parsing: .upToNextOption, help: "Sort keys, e.g. `--sort year+ title-`.")
        var sort: [String] = []

        @Option(name: .long, help: "Show at most this many rows.")
        var limit: Int?

        @Flag(name: .long, help: "Include tracks whose files are missing.")
        var missing = false

        @Argument(parsing: .allUnrecognized, help: "What to list (tracks, albums or artists; default tracks), then query terms such as `artist:björk`, one per argument ('album:Kind of Blue' is one term).")
        var terms: [String] = []

        func validate() throws {
            if let limit, limit < 1 { throw ArgumentParser.ValidationError("--limit must be at least 1.") }
            _ = try output.mode(json: global.json, target: targetAndQuery.0)
        }

        /// The target named by the first term, and the remaining query terms.
        var targetAndQuery: (QueryTarget, [String]) {
            if let first = terms.first, let target = QueryTarget(rawValue: first.lowercased()) {
                return (target, Array(terms.dropFirst()))
            }
            return (.tracks, terms)
        }

        func run() async throws {
            let (target, queryTerms) = targetAndQuery
            let mode = try output.mode(json: global.json, target: target)
            let printer = RowPrinter(mode: mode, quiet: global.quiet)
            let services = try global.services(mustExist: true)
            switch target {
            case .tracks: try await streamTracks(TrackListViewModel(services: services), queryTerms, mode, printer)
            case .albums: printer.print(try await rows(AlbumListViewModel(services: services), queryTerms, nil))
            case .artists: printer.print(try await rows(ArtistListViewModel(services: services), queryTerms, nil))
            }
        }

        /// Prints the tracks `viewModel` streams for the query terms and options as they are
        /// read (filled as far as `mode` shows them); throws its failure.
        private func streamTracks(
            _ viewModel: TrackListViewModel, _ queryTerms: [String], _ mode: OutputMode, _ printer: RowPrinter
        ) async throws {
            if mode == .table {
                // A table shows one line a track: cells straight from the stored bytes.
                let table = TrackLineTable()
                _ = try await viewModel.loadedState {
                    await $0.streamLines(arguments: queryTerms, sort: sortKeys, limit: limit, includeMissing: missing) {
                        table.write($0)
                    }
                }
                printer.print(table: table.cells)
                return
            }
            if case .template(let template) = mode, TrackTemplate(template).printsOnlyLineFields {
                // Every field the template prints is in a line: written straight from the stored bytes.
                let writer = TemplateLineWriter(TrackTemplate(template), printer)
                _ = try await viewModel.loadedState {
                    await $0.streamLines(
                        arguments: queryTerms, sort: sortKeys, limit: limit, includeMissing: missing, fields: mode.trackFields
                    ) { writer.write($0) }
                }
                writer.finish()
                return
            }
            let stream = RowStream(printer.trackWriter())
            _ = try await viewModel.loadedState {
                await $0.stream(
                    arguments: queryTerms, sort: sortKeys, limit: limit, includeMissing: missing,
                    detail: mode.trackDetail, fields: mode.trackFields, { stream.write($0) })
            }
            stream.finish()
        }

        /// The sort keys given, one a word.
        private var sortKeys: [String] { sort.flatMap { $0.split(separator: " ").map(String.init) } }

        /// The rows `viewModel` loads for the query terms and options (tracks filled as far as
        /// `detail` says); throws its failure.
        private func rows<Source: QueryListing>(
            _ viewModel: ListingViewModel<Source>, _ queryTerms: [String], _ detail: TrackDetail?
        ) async throws -> [Source.Row] {
            try await viewModel.loadedState {
                await $0.load(arguments: queryTerms, sort: sortKeys, limit: limit, includeMissing: missing, detail: detail)
            }.rows
        }
    }
}
