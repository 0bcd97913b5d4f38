import Foundation
import Testing
import TestSupport

@Suite("kanora scan")
struct ScanCommandTests {
    @Test func scanReportsAddedAndEachUnreadableFileWithItsReason() async throws {
        let library = try FixtureLibrary()
        defer { library.remove() }
        let expected = try Fixtures.expected()

        let result = await kanora(["scan", library.music], database: library.database)

        #expect(result.code == 0)
        #expect(result.out.contains("\(expected.files.count) added, 0 updated, 0 unchanged, 0 moved, 0 upgraded, 0 missing, \(expected.errors.count) failed"))
        for name in expected.errors.keys {
            #expect(result.err.contains("cannot read \(library.music)/\(name): "), "no reason printed for \(name)")
        }
    }

    @Test func scanJSONIsOneObjectWithTheContractKeys() async throws {
        let library = try FixtureLibrary()
        defer { library.remove() }
        let expected = try Fixtures.expected()

        let result = await kanora(["scan", library.music, "--json"], database: library.database)

        #expect(result.code == 0)
        let object = try #require(try result.json() as? [String: Any])
        #expect(object["library"] as? String == "music")
        #expect(object["added"] as? Int == expected.files.count)
        #expect(object["updated"] as? Int == 0)
        #expect(object["unchanged"] as? Int == 0)
        #expect(object["missing"] as? Int == 0)
        #expect(object["failed"] as? Int == expected.errors.count)
        let failures = try #require(object["failures"] as? [[String: String]])
        #expect(Set(failures.compactMap { $0["path"].map { URL(fileURLWithPath: $0).lastPathComponent } }) == Set(expected.errors.keys))
        #expect(failures.allSatisfy { !($0["reason"] ?? "").isEmpty })
    }

    @Test func secondScanChangesNothing() async throws {
        let library = try FixtureLibrary()
        defer { library.remove() }
        _ = await kanora(["scan", library.music], database: library.database)
        let before = await kanora(["list", "--json"], database: library.database)

        let result = await kanora(["scan", library.music, "--json"], database: library.database)

        let object = try #require(try result.json() as? [String: Any])
        #expect(object["added"] as? Int == 0)
        #expect(object["updated"] as? Int == 0)
        #expect(object["unchanged"] as? Int == (try Fixtures.expected()).files.count)
        let after = await kanora(["list", "--json"], database: library.database)
        #expect(after.out == before.out)
    }

    @Test func missingFolderIsAOneLineErrorAndChangesNothing() async throws {
        let library = try FixtureLibrary()
        defer { library.remove() }
        _ = await kanora(["scan", library.music], database: library.database)
        let result = await kanora(["scan", library.folder.path("nope")], database: library.database)

        #expect(result.code == 1)
        #expect(result.out.isEmpty)
        #expect(result.err.split(separator: "\n").count == 1)
        #expect(result.err.contains("does not exist"))
        let libraries = await kanora(["library", "list", "--json"], database: library.database)
        #expect((try libraries.json() as? [Any])?.count == 1)
    }

    @Test func fileInsteadOfFolderIsAnError() async throws {
        let library = try FixtureLibrary()
        defer { library.remove() }
        let result = await kanora(["scan", library.music + "/tagged.flac"], database: library.database)
        #expect(result.code == 1)
        #expect(result.err.contains("is a file, not a folder"))
    }

    @Test func scanWithoutAFolderIsAUsageError() async throws {
        let result = await kanora(["scan"], database: nil)
        #expect(result.code == 64)
    }

    @Test func invalidLibraryNameIsAUsageError() async throws {
        let library = try FixtureLibrary()
        defer { library.remove() }
        let result = await kanora(["scan", library.music, "--name", "two\nlines"], database: library.database)
        #expect(result.code == 64)
        #expect(result.err.contains("control character"))
        #expect(!FileManager.default.fileExists(atPath: library.database))
    }
}
