import ArgumentParser
import Foundation
import LibraryClient
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

    @Option(name: .long, help: "Use the Kanora server at this address instead of a local database (default: $KANORA_SERVER), e.g. http://home:4544.")
    var server: String?

    @Option(name: .long, help: "The API key for --server (default: $KANORA_TOKEN; make one with `kanora user key NAME` on the server).")
    var token: String?

    /// The server to use, from the option or the environment; nil: the local database.
    func serverAddress(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let server, !server.isEmpty { return server }
        if let server = environment["KANORA_SERVER"], !server.isEmpty { return server }
        return nil
    }

    /// Whether commands go to a server (`--server` or `KANORA_SERVER`).
    var isRemote: Bool { serverAddress() != nil }

    /// The database file to use, from the option, the environment or the XDG default.
    func databaseURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let database, !database.isEmpty { return URL(fileURLWithPath: database) }
        if let path = environment["KANORA_DATABASE"], !path.isEmpty { return URL(fileURLWithPath: path) }
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return URL(fileURLWithPath: dataHome).appendingPathComponent("kanora/library.sqlite")
    }

    /// The services every command uses: a server's with `--server`, else live services over
    /// the database; with `mustExist`, a missing database file is an error instead of a new
    /// empty database (read-only commands should not create one).
    func services(mustExist: Bool = false, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ServiceContainer {
        if let address = serverAddress(environment: environment) {
            let token = token.flatMap { $0.isEmpty ? nil : $0 } ?? environment["KANORA_TOKEN"] ?? ""
            guard let url = URL(string: address) else {
                throw LibraryError(.invalidInput, "--server takes the server's address, e.g. http://127.0.0.1:4544 (got \(address)).")
            }
            return try ServiceContainer.remote(url: url, token: token)
        }
        return try localServices(mustExist: mustExist)
    }

    /// Live services over the local database, for commands that only make sense on the
    /// machine holding it (`serve`, `user`, `watch`): with `--server`, one line saying so.
    func localServices(mustExist: Bool = false, command: String? = nil) throws -> ServiceContainer {
        if let command, isRemote {
            throw LibraryError(.invalidInput, "`kanora \(command)` works on the machine holding the database: run it there, without --server or KANORA_SERVER.")
        }
        let url = databaseURL()
        if mustExist && !FileManager.default.fileExists(atPath: url.path) {
            throw LibraryError(.notFound, "No Kanora database at \(url.path): add music first with `kanora scan FOLDER`, or pass --database.")
        }
        return try ServiceContainer.live(databaseURL: url)
    }
}
