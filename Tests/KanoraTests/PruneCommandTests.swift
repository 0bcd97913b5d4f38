import Foundation
import Testing
import TestSupport

@Suite("kanora prune")
struct PruneCommandTests {
    @Test func pruneDeletesOnlyMissingTracks() async throws {
        let library = try FixtureLibrary()
        defer { library.remove() }
        _ = await kanora(["scan", library.music], database: library.database)
        try FileManager.default.removeItem(atPath: library.music + "/tagged.flac")
        let rescan = await kanora(["scan", library.music, "--json"], database: library.database)
        #expect((try rescan.json() as? [String: Any])?["missing"] as? Int == 1)
        let hidden = await kanora(["list", "title:Hyperballad", "--json"], database: library.database)
        #expect((try hidden.json() as? [Any])?.count == 0)
        let shown = await kanora(["list", "title:Hyperballad", "--missing", "--json"], database: library.database)
        #expect(((try shown.json() as? [[String: Any]])?.first?["missing"]) as? Bool == true)

        let dry = await kanora(["prune", "--dry-run"], database: library.database)
        #expect(dry.out.contains("Would remove 1 missing track and 0 playlist entries."))
        let result = await kanora(["prune"], database: library.database)
        #expect(result.code == 0)
        #expect(result.out.contains("Removed 1 missing track"))
        let after = await kanora(["list", "title:Hyperballad", "--missing", "--json"], database: library.database)
        #expect((try after.json() as? [Any])?.count == 0)
    }
}
