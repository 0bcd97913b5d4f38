import ArgumentParser
import Foundation
import LibraryCore
import LibraryServices
import LibraryViewModels

extension Kanora.PlaylistCommand {
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Create a playlist from an M3U or M3U8 file.",
            discussion: """
                Entries are matched to library tracks by path (relative paths resolve against the \
                file's folder; file:// URIs and Windows separators are understood). Lines that match \
                no track are reported with their line numbers; nothing is created when none matches.
                """)

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The M3U/M3U8 file.") var file: String
        @Option(help: "The new playlist's name (default: the file's name without extension).") var name: String?

        func validate() throws {
            if let name { try PlaylistCLI.validateName(name) }
        }

        func run() async throws {
            let url = URL(fileURLWithPath: file).standardizedFileURL
            let contents: Data
            do {
                contents = try Data(contentsOf: url)
            } catch {
                throw LibraryError(.fileSystem, "Cannot read \(file): \((error as NSError).localizedFailureReason ?? error.localizedDescription)")
            }
            let result = try await PlaylistCLI.list(global).importM3U(contents, from: url, name: name)
            let console = Console.current
            for entry in result.unmatched {
                console.err("kanora: \(file):\(entry.line): no library track at \(entry.location)")
            }
            guard !global.quiet else { return }
            var message = "Imported \(PlaylistCLI.entries(result.playlist.trackCount)) into \"\(result.playlist.name)\""
            if !result.unmatched.isEmpty { message += "; \(result.unmatched.count) not matched" }
            console.out(message + ".")
        }
    }

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write a playlist as extended M3U (UTF-8), to a file or stdout.",
            discussion: """
                Paths are relative to the file's folder when FILE is given, absolute on stdout; \
                --relative-to and --absolute choose otherwise.
                """)

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The playlist's name.") var name: String
        @Argument(help: "The file to write (default: stdout).") var file: String?
        @Option(name: .customLong("relative-to"), help: "Write paths relative to this folder.") var relativeTo: String?
        @Flag(help: "Write absolute paths.") var absolute = false

        func validate() throws {
            if absolute && relativeTo != nil {
                throw ArgumentParser.ValidationError("Choose one of --absolute and --relative-to.")
            }
        }

        /// The path style the options and FILE choose.
        var pathStyle: M3UPathStyle {
            if absolute { return .absolute }
            if let relativeTo { return .relative(to: URL(fileURLWithPath: relativeTo).standardizedFileURL.path) }
            if let file { return .relative(to: URL(fileURLWithPath: file).standardizedFileURL.deletingLastPathComponent().path) }
            return .absolute
        }

        func run() async throws {
            let viewModel = try await PlaylistCLI.detail(name, global)
            let text = try await viewModel.exportM3U(paths: pathStyle)
            let console = Console.current
            guard let file else {
                console.out(String(text.dropLast()))
                return
            }
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
            } catch {
                throw LibraryError(.fileSystem, "Cannot write \(file): \((error as NSError).localizedFailureReason ?? error.localizedDescription)")
            }
            if !global.quiet { console.out("Exported \(PlaylistCLI.entries(viewModel.state.entries.count)) to \(file).") }
        }
    }
}
