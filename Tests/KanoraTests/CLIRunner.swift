import Foundation
@testable import kanora
import TestSupport

/// What one in-process `kanora` run printed and returned.
struct CLIResult {
    let code: Int32
    let out: String
    let err: String

    /// stdout parsed as JSON.
    func json() throws -> Any {
        try JSONSerialization.jsonObject(with: Data(out.utf8))
    }
}

/// Runs `kanora ARGS --database DB` in-process, capturing stdout and stderr.
func kanora(_ arguments: [String], database: String?) async -> CLIResult {
    let console = Console(capturing: true)
    let args = database.map { arguments + ["--database", $0] } ?? arguments
    let code = await Console.$current.withValue(console) { await Kanora.run(args) }
    let (out, err) = console.capturedOutput
    return CLIResult(code: code, out: out, err: err)
}

/// A temporary folder holding a copy of every fixture file, and a database path beside it.
struct FixtureLibrary {
    let folder: TemporaryDirectory
    let music: String
    let database: String

    init() throws {
        folder = try TemporaryDirectory("cli")
        let names = try FileManager.default.contentsOfDirectory(atPath: Fixtures.folder.path)
        for name in names where !name.hasSuffix(".json") && !name.hasPrefix(".") {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: Fixtures.url(name).path, isDirectory: &isDirectory)
            if isDirectory.boolValue { continue }
            try folder.copy(Fixtures.url(name), to: "music/\(name)")
        }
        music = folder.path("music")
        database = folder.path("db/library.sqlite")
    }

    func remove() { folder.remove() }
}
