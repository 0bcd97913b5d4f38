import Foundation
import LibraryCore
import TestKit

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

    /// The decoded Tests/Fixtures/expected.json; throws if it is missing, unreadable or
    /// lists no good or no broken fixture. Use it (with `try`) in `@Test(arguments:)`, so a
    /// missing table fails the test instead of running zero cases.
    public static func expected() throws -> ExpectedFixtures {
        try loadedExpectations.get()
    }

    private static let loadedExpectations = Result { try decodeExpectations() }

    private static func decodeExpectations() throws -> ExpectedFixtures {
        let data = try Data(contentsOf: url("expected.json"))
        let expected = try JSONDecoder().decode(ExpectedFixtures.self, from: data)
        _ = try nonEmpty(expected.files, "good fixtures in expected.json")
        _ = try nonEmpty(expected.errors, "broken fixtures in expected.json")
        return expected
    }
}
