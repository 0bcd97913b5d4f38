import ArgumentParser
import Foundation
import LibraryCore
import LibraryServices
import LibraryViewModels

extension Kanora {
    struct Scan: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "scan",
            abstract: "Add folders as libraries (when new) and sync them with the database.",
            discussion: """
                Re-running a scan re-synchronises: new files are added, changed files re-read, \
                unchanged files skipped without opening them, and vanished files marked missing \
                (never deleted; `kanora prune` does that). Unreadable files are reported with \
                their reason and the scan goes on. With --server, the arguments name the \
                server's libraries to sync (none: every library); its folders are its own.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The music folders to scan (with --server: the server's library names, none for all).")
        var paths: [String] = []

        @Option(help: "The name of a new library (default: the folder's name).")
        var name: String?

        @Flag(help: "Re-read every file, even unchanged ones.")
        var full = false

        @Flag(help: "Also scan hidden files and folders (names starting with a dot).")
        var hidden = false

        @Flag(help: "Mark everything missing even if the folder is empty (normally refused: it looks like an unmounted drive).")
        var allowEmpty = false

        func validate() throws {
            if global.isRemote {
                if name != nil { throw ArgumentParser.ValidationError("--name names a new library, which is added on the server: run `kanora scan FOLDER --name NAME` there.") }
                return
            }
            if paths.isEmpty { throw ArgumentParser.ValidationError("Give at least one folder to scan, e.g. `kanora scan ~/Music`.") }
            if let name {
                if paths.count > 1 { throw ArgumentParser.ValidationError("--name names one new library: scan one folder at a time with it.") }
                do { _ = try LibraryRules.name.validate(name) } catch { throw ArgumentParser.ValidationError(error.message) }
            }
        }

        func run() async throws {
            let console = Console.current
            let services = try global.services()
            var failure: ExitCode?
            for request in try await requests(services) {
                let viewModel = ScanViewModel(services: services)
                let showProgress = console.errorIsTerminal && !global.quiet && !global.json
                let (quiet, updates) = (global.quiet, viewModel.updates())
                let drawing = Task {
                    var bar = ProgressBar(console: console)
                    var lastNotice: String?
                    for await state in updates {
                        if let notice = state.notice, notice != lastNotice, !quiet {
                            if showProgress { bar.clear() }
                            console.err("kanora: \(notice)")
                        }
                        lastNotice = state.notice
                        if showProgress { bar.draw(state) }
                    }
                }
                let summary = await viewModel.scan(request)
                drawing.cancel()
                if showProgress { ProgressBar(console: console).clear() }
                guard let summary else {
                    console.err("kanora: \(viewModel.state.viewState.failureMessage ?? "the scan failed")")
                    failure = failure ?? (viewModel.state.viewState.failure?.code ?? .database).exitCode
                    continue
                }
                global.print(json: JSONObject.scan(summary)) { report(summary, console: console) }
            }
            if let failure { throw failure }
        }

        /// One scan per folder; remotely, one per named server library (all when none is named).
        private func requests(_ services: ServiceContainer) async throws -> [ScanRequest] {
            let options = ScanOptions(full: full, includeHidden: hidden, allowEmptyRoot: allowEmpty)
            guard global.isRemote else { return paths.map { ScanRequest(path: RawPath($0), name: name, options: options) } }
            var libraries: [Library] = []
            for name in paths { libraries.append(try await services.library.library(named: name)) }
            if paths.isEmpty { libraries = try await services.library.libraries() }
            if libraries.isEmpty { throw LibraryError(.notFound, "The server has no libraries: add one with `kanora scan FOLDER` on the server.") }
            return libraries.map { ScanRequest(path: $0.root, options: options) }
        }

        /// The summary as text: unreadable files and (--verbose) timings on stderr, one line on stdout.
        private func report(_ summary: ScanSummary, console: Console) {
            if !global.quiet || global.verbose {
                for failure in summary.failures.prefix(global.verbose ? Int.max : 50) {
                    console.err("kanora: cannot read \(failure.path): \(failure.reason)")
                }
                if summary.failures.count > 50 && !global.verbose {
                    console.err("kanora: \(summary.failures.count - 50) more unreadable files (see --verbose or `kanora stats`)")
                }
            }
            let s = summary
            if global.verbose {
                console.err(String(format: "kanora: %.2f s reading tags, %.2f s writing batches (%.2f s of CPU, overlapping the reading)", s.timings.reading, s.timings.writing, s.timings.writingCPU))
                console.err(PhaseReport(summary: s).line)
            }
            if global.verbose {
                for upgrade in s.upgrades { console.err("kanora: upgraded track \(upgrade.id): \(upgrade.from) -> \(upgrade.to)") }
            }
            console.out("\(s.library.name) (\(s.library.root.text)): \(s.added) added, \(s.updated) updated, \(s.unchanged) unchanged, \(s.moved) moved, \(s.upgraded) upgraded, \(s.missing) missing, \(s.failed) failed in \(String(format: "%.2f", s.elapsed)) s")
        }
    }
}
