import Foundation
@testable import kanora
import TestSupport

/// A database scanned from copies of three real fixtures, and a way to run `kanora` on it
/// in-process: Hyperballad (tagged.flac), Kickstart My Heart (vorbis.ogg), 東京 (id3v24.mp3).
struct PlaylistCLIHarness {
    let folder: TemporaryDirectory
    let music: String
    let database: String

    init() async throws {
        folder = try TemporaryDirectory("playlist-cli")
        for name in ["tagged.flac", "vorbis.ogg", "id3v24.mp3"] {
            try folder.copy(Fixtures.url(name), to: "music/\(name)")
        }
        music = folder.path("music")
        database = folder.path("library.sqlite")
        let scan = await run(["scan", music, "--quiet"])
        guard scan.code == 0 else { throw CLIFailure(message: "scan failed: \(scan.err)") }
    }

    struct CLIFailure: Error { let message: String }

    /// Runs `kanora ARGUMENTS --database DB` and returns its exit code, stdout and stderr.
    func run(_ arguments: [String]) async -> (code: Int32, out: String, err: String) {
        let console = Console(capturing: true)
        let code = await Console.$current.withValue(console) { await Kanora.run(arguments + ["--database", database]) }
        let (out, err) = console.capturedOutput
        return (code, out, err)
    }

    /// The stdout lines of a successful run.
    func lines(_ arguments: [String]) async -> [String] {
        await run(arguments).out.split(separator: "\n").map(String.init)
    }

    /// The track id of a title, from `kanora list --json`.
    func id(of title: String) async throws -> Int64 {
        let json = await run(["list", "--json", "--missing"]).out
        let tracks = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
        guard let id = tracks.first(where: { $0["title"] as? String == title })?["id"] as? Int else {
            throw CLIFailure(message: "no track \(title)")
        }
        return Int64(id)
    }

    /// The titles of a playlist's entries, from `kanora playlist show --json`.
    func titles(_ playlist: String) async throws -> [String] {
        let json = await run(["playlist", "show", playlist, "--json"]).out
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] ?? [:]
        let entries = object["entries"] as? [[String: Any]] ?? []
        return entries.compactMap { ($0["track"] as? [String: Any])?["title"] as? String }
    }
}
