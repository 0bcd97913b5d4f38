import ArgumentParser
import Foundation
import LibraryServices

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: "The database file (default: $KANORA_DATABASE, else $XDG_DATA_HOME/kanora/library.sqlite).")
    var database: String?

    @Flag(name: .long, help: "Print results as JSON.")
    var json = false

    @Flag(name: .long, help: "Print nothing but results and errors.")
    var quiet = false

    @Flag(name: .long, help: "Print more detail (every unreadable file, timings).")
    var verbose = false

    /// The database file to use, from the option, the environment or the XDG default.
    func databaseURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let database, !database.isEmpty { return URL(fileURLWithPath: database) }
        if let path = environment["KANORA_DATABASE"], !path.isEmpty { return URL(fileURLWithPath: path) }
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return URL(fileURLWithPath: dataHome).appendingPathComponent("kanora/library.sqlite")
    }

    /// Live services over the database; with `mustExist`, a missing file is an error
    /// instead of a new empty database (read-only commands should not create one).
    func services(mustExist: Bool = false) throws -> ServiceContainer {
        let url = databaseURL()
        if mustExist && !FileManager.default.fileExists(atPath: url.path) {
            throw LibraryError(.notFound, "No Kanora database at \(url.path): add music first with `kanora scan FOLDER`, or pass --database.")
        }
        return try ServiceContainer.live(databaseURL: url)
    }
}
