import ArgumentParser
import Foundation
import LibraryCore
import LibraryServices

@main
struct Kanora: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kanora",
        abstract: "Index music folders into a library you can list, search and keep in sync.",
        version: KanoraVersion.current,
        subcommands: [Scan.self, List.self, Search.self, Show.self, Stats.self, Doctor.self, Watch.self, Events.self, Serve.self, Prune.self, Merge.self, LibraryCommand.self, PlaylistCommand.self, UserCommand.self])

    /// Global options may come before the subcommand too (`kanora --json stats`): parsed
    /// here, they are handed to the subcommand's own `@OptionGroup` of the same type.
    @OptionGroup var global: GlobalOptions

    static func main() async {
        let code = await run(Array(CommandLine.arguments.dropFirst()))
        // A checkpoint running beside the last commits finishes before the process ends.
        ServiceContainer.settleCheckpoints()
        Foundation.exit(code)
    }

    /// Parses and runs one command line, printing results and errors to `Console.current`;
    /// returns the exit code (0 success, 1 failure, 64 usage error).
    static func run(_ arguments: [String]) async -> Int32 {
        let console = Console.current
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return 0
        } catch let error as LibraryError {
            console.err("kanora: \(error.message)")
            return error.code.exitCode.rawValue
        } catch let error as ExitCode {
            return error.rawValue
        } catch {
            let code = exitCode(for: error).rawValue
            let message = fullMessage(for: error)
            if code == 0 {
                if !message.isEmpty { console.out(message) }
            } else {
                console.err(message.hasPrefix("Error:") ? "kanora: " + message.dropFirst(7) : message)
            }
            return code
        }
    }
}
