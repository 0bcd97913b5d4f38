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

        @Option(help: ArgumentHelp(
            "The ffmpeg to transcode with (default: ffmpeg on PATH; without one, only original files are served).",
            valueName: "path"))
        var ffmpeg: String?

        @Option(
            name: .customLong("transcode-limit"),
            help: ArgumentHelp("How many transcodes may run at once (default: the number of cores).", valueName: "count"))
        var transcodeLimit: Int = ProcessInfo.processInfo.activeProcessorCount

        @Option(
            name: .customLong("transcode-cache"),
            help: ArgumentHelp(
                "How much disk finished transcodes may take beside the database, e.g. 500MB, 2GB; 0 keeps none.",
                valueName: "size"))
        var transcodeCache = "1GB"

        @Option(
            name: .customLong("downsample-format"),
            help: ArgumentHelp("The format a client asking only for a lower bitrate gets: opus, mp3 or aac.", valueName: "format"))
        var downsampleFormat = "opus"

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
            guard transcodeLimit >= 1 else {
                throw ArgumentParser.ValidationError("--transcode-limit takes a count of 1 or more, e.g. --transcode-limit 2.")
            }
            guard Self.byteCount(transcodeCache) != nil else {
                throw ArgumentParser.ValidationError("--transcode-cache takes a size such as 500MB or 2GB (0 for no cache), not \(transcodeCache).")
            }
            guard let format = TranscodeFormat(rawValue: downsampleFormat.lowercased()), format != .flac else {
                throw ArgumentParser.ValidationError("--downsample-format takes opus, mp3 or aac, not \(downsampleFormat).")
            }
            if let ffmpeg, Transcoder.locate(ffmpeg) == nil {
                throw ArgumentParser.ValidationError("--ffmpeg: \(ffmpeg) is not an executable file; install ffmpeg or give its path.")
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
                console.out(Self.transcodingLine(configuration))
            }
        }

        /// The server's configuration from the options.
        func serverConfiguration() throws -> ServerConfiguration {
            var configuration = ServerConfiguration(
                host: host, port: port, watch: !noWatch, verbose: global.verbose, serverVersion: KanoraVersion.current,
                trustedProxies: try trustedProxies.map { try AddressRange(parsing: $0) },
                statementTimeout: .seconds(queryTimeout), ffmpegPath: Transcoder.locate(ffmpeg), transcodeLimit: transcodeLimit,
                transcodeCacheDirectory: global.databaseURL().deletingLastPathComponent().appendingPathComponent("transcodes").path,
                transcodeCacheSize: Self.byteCount(transcodeCache) ?? 0,
                downsampleFormat: TranscodeFormat(rawValue: downsampleFormat.lowercased()) ?? .opus)
            configuration.secureCookies = secureCookies
            return configuration
        }

        /// The start-up line saying whether transcoding is on.
        static func transcodingLine(_ configuration: ServerConfiguration) -> String {
            guard let ffmpeg = configuration.ffmpegPath else {
                return "Transcoding off: no ffmpeg on PATH (install ffmpeg or pass --ffmpeg); original files only"
            }
            return "Transcoding on with \(ffmpeg): up to \(configuration.transcodeLimit) at once, "
                + "\(configuration.downsampleFormat.rawValue) for a bitrate limit alone"
        }

        /// `text` (`1GB`, `500MB`, `64KB`, `1000000`, `0`) in bytes (powers of 1000), nil when
        /// it is not a size.
        static func byteCount(_ text: String) -> Int64? {
            let upper = text.uppercased().trimmingCharacters(in: .whitespaces)
            let units: [(String, Int64)] = [("GB", 1_000_000_000), ("MB", 1_000_000), ("KB", 1_000), ("G", 1_000_000_000), ("M", 1_000_000), ("K", 1_000), ("B", 1)]
            for (suffix, factor) in units where upper.hasSuffix(suffix) {
                guard let number = Double(upper.dropLast(suffix.count)), number >= 0, number.isFinite else { return nil }
                return Int64(number * Double(factor))
            }
            guard let number = Int64(upper), number >= 0 else { return nil }
            return number
        }
    }
}
