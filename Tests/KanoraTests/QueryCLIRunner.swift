import Foundation
@testable import kanora
import TestSupport

/// Runs `kanora` in-process against a database scanned from copied real fixtures.
struct QueryCLIRunner {
    let folder: TemporaryDirectory
    let database: String

    /// Fixture file → path inside the music folder.
    static let standardFixtures = [
        "id3v23.mp3": "Björk/Homogenic/03 Jóga.mp3",
        "tagged.flac": "Björk/Post/03 Hyperballad.flac",
        "vorbis.ogg": "Mötley Crüe/Dr. Feelgood/05 Kickstart.ogg",
        "id3v24.mp3": "Various/Unicode Sampler/05 東京.mp3",
        "opus.opus": "東京事変/教育/02 群青日和.opus",
        "id3v1.mp3": "Old/7 Old Song.mp3",
    ]

    /// A music folder of `fixtures` (fixture name → relative path), scanned into a new database.
    init(fixtures: [String: String] = QueryCLIRunner.standardFixtures) async throws {
        folder = try TemporaryDirectory("query-cli")
        database = folder.path("db/library.sqlite")
        for (name, relative) in fixtures {
            try folder.copy(Fixtures.url(name), to: "music/" + relative)
        }
        let scan = await run(["scan", folder.path("music")])
        guard scan.code == 0 else {
            throw CLIError(message: "scan failed (\(scan.code)): \(scan.err)")
        }
    }

    struct CLIError: Error { let message: String }

    /// The music folder's path of `relative`.
    func musicPath(_ relative: String) -> String { folder.path("music/" + relative) }

    /// Runs `arguments` (with `--database` added) and returns the exit code and output.
    func run(_ arguments: [String]) async -> (code: Int32, out: String, err: String) {
        await Self.run(arguments + ["--database", database])
    }

    /// Runs exactly `arguments`.
    static func run(_ arguments: [String]) async -> (code: Int32, out: String, err: String) {
        let console = Console(capturing: true)
        let code = await Console.$current.withValue(console) { await Kanora.run(arguments) }
        let (out, err) = console.capturedOutput
        return (code, out, err)
    }

    /// Standard output as lines, without the final empty one.
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    func remove() { folder.remove() }
}
