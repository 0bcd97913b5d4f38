import ArgumentParser
import Foundation
import LibraryCore
import LibraryServer
import LibraryServices

extension Kanora {
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Serve the libraries to Subsonic clients over HTTP, keeping them in sync.",
            discussion: """
                Serves the Kanora web app at / and answers the Subsonic API (1.16.1, with \
                OpenSubsonic extensions) under /rest/ for \
                clients such as DSub, Symfonium, Feishin or Supersonic, which log in as a user \
                made with `kanora user add`. Listens on the loopback address unless --host says \
                otherwise (0.0.0.0 for the home network; put a reverse proxy in front for TLS). \
                While serving, the libraries are kept in sync as `kanora watch` does. Stop with \
                Ctrl-C or SIGTERM.
                """)

        @OptionGroup var global: GlobalOptions

        @Option(help: "The address to listen on (0.0.0.0 for every network).")
        var host = "127.0.0.1"

        @Option(help: "The TCP port to listen on.")
        var port = ServerConfiguration.defaultPort

        @Flag(name: .customLong("no-watch"), help: "Do not keep the libraries in sync while serving.")
        var noWatch = false

        @Option(
            name: .customLong("trusted-proxy"),
            help: ArgumentHelp(
                "A reverse proxy whose X-Forwarded-For header is believed (ADDRESS or ADDRESS/BITS; repeatable).",
                valueName: "address"))
        var trustedProxies: [String] = []

        @Option(
            name: .customLong("query-timeout"),
            help: ArgumentHelp(
                "How long the database work of one request may run before the request is refused as too slow.",
                valueName: "seconds"))
        var queryTimeout: Double = 10

        @Flag(
            name: .customLong("secure-cookies"),
            help: "Mark the web app's sign-in cookie Secure (behind a TLS proxy that sends no X-Forwarded-Proto).")
        var secureCookies = false

        func validate() throws {
            for proxy in trustedProxies {
                do { _ = try AddressRange(parsing: proxy) } catch { throw ArgumentParser.ValidationError("--trusted-proxy: \(error)") }
            }
            guard (0...65_535).contains(port) else {
                throw ArgumentParser.ValidationError("--port takes a TCP port from 0 to 65535, e.g. --port 4544.")
            }
            guard queryTimeout.isFinite, queryTimeout > 0 else {
                throw ArgumentParser.ValidationError("--query-timeout takes a number of seconds above 0, e.g. --query-timeout 10.")
            }
            guard !host.isEmpty, !host.contains(where: \.isWhitespace) else {
                throw ArgumentParser.ValidationError("--host takes an address such as 127.0.0.1 or 0.0.0.0.")
            }
        }

        func run() async throws {
            let console = Console.current
            let services = try global.localServices(mustExist: true, command: "serve")
            let configuration = try serverConfiguration()
            let tracks = try await services.library.statistics(matching: .all).tracks
            let logger = KanoraServer.standardErrorLogger(verbose: global.verbose, quiet: global.quiet)
            let host = host
            try await KanoraServer.serve(services: services, configuration: configuration, logger: logger) { port in
                let shown = host.contains(":") ? "[\(host)]" : host
                let noun = tracks == 1 ? "track" : "tracks"
                console.out("Serving \(tracks) \(noun) at http://\(shown):\(port)/rest/ (Subsonic)")
                console.out("Web app at http://\(shown):\(port)/ (sign in as a user made with `kanora user add`)")
            }
        }

        /// The server's configuration from the options.
        func serverConfiguration() throws -> ServerConfiguration {
            var configuration = ServerConfiguration(
                host: host, port: port, watch: !noWatch, verbose: global.verbose, serverVersion: KanoraVersion.current,
                trustedProxies: try trustedProxies.map { try AddressRange(parsing: $0) },
                statementTimeout: .seconds(queryTimeout))
            configuration.secureCookies = secureCookies
            return configuration
        }
    }
}
