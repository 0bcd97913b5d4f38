import Foundation
import LibraryCore

/// The committed audio fixtures (Tests/Fixtures) and the README sample library.
///
/// Locations are derived from this file's `#filePath`, so they work from any test target
/// and any working directory without copying resources.
public enum Fixtures {
    /// The Tests/Fixtures folder.
    public static let folder: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // TestSupport
        .deletingLastPathComponent()   // Tests
        .appendingPathComponent("Fixtures", isDirectory: true)

    /// The samples/library folder: a small, realistic music collection.
    public static let sampleLibrary: URL = folder
        .deletingLastPathComponent()   // Tests
        .deletingLastPathComponent()   // package root
        .appendingPathComponent("samples/library", isDirectory: true)

    /// The URL of the fixture file `name` (e.g. "tagged.flac").
    public static func url(_ name: String) -> URL {
        folder.appendingPathComponent(name)
    }

    /// The raw path of the fixture file `name`, for tag readers.
    public static func path(_ name: String) -> RawPath {
        RawPath(url(name).path)
    }

    /// The decoded Tests/Fixtures/expected.json.
    public static func expected() throws -> ExpectedFixtures {
        let data = try Data(contentsOf: url("expected.json"))
        return try JSONDecoder().decode(ExpectedFixtures.self, from: data)
    }
}
