import Foundation
import LibraryCore
import LibraryServices
import Testing
import TestSupport

@Suite("kanora merge and the upgrades kanora scan and doctor report")
struct MergeCommandTests {
    /// A database file holding song.mp3 and song.flac (one recording), both present.
    private struct Pair {
        let folder: TemporaryDirectory
        let database: String
        let mp3: Int64
        let flac: Int64

        init() async throws {
            folder = try TemporaryDirectory("merge")
            try folder.copy(Fixtures.url("upgrade/song.mp3"), to: "music/old/01.mp3")
            try folder.copy(Fixtures.url("upgrade/song.flac"), to: "music/new/01.flac")
            database = folder.path("db/library.sqlite")
            _ = await kanora(["scan", folder.path("music")], database: database)
            let tracks = try #require(try await kanora(["list", "--json"], database: database).json() as? [[String: Any]])
            mp3 = try #require(tracks.first { ($0["path"] as? String)?.hasSuffix(".mp3") == true }?["id"] as? Int).int64
            flac = try #require(tracks.first { ($0["path"] as? String)?.hasSuffix(".flac") == true }?["id"] as? Int).int64
        }

        /// The live services over the database file, as another kanora process would see it.
        func services() throws -> ServiceContainer { try ServiceContainer.live(databaseURL: URL(fileURLWithPath: database)) }

        func playCount(_ id: Int64) async throws -> Int? {
            try await services().annotations.annotations(for: [.track(id)], user: User.localID)[.track(id)]?.playCount
        }
    }

    @Test func mergeSumsPlayCountsKeepsPlaylistsAndRefusesTwoPresentFilesWithoutForce() async throws {
        let pair = try await Pair()
        defer { pair.folder.remove() }
        let services = try pair.services()
        for (id, plays) in [(pair.mp3, 2), (pair.flac, 3)] {
            for play in 0..<plays {
                try await services.annotations.scrobble(trackID: id, at: Date(timeIntervalSince1970: 1_700_000_000 + Double(play)), user: User.localID)
            }
        }
        try await services.annotations.setRating(2, for: .track(pair.mp3), user: User.localID)
        try await services.annotations.setRating(5, for: .track(pair.flac), user: User.localID)
        try await services.annotations.savePlayQueue(
            PlayQueue(trackIDs: [pair.flac, pair.mp3], currentTrackID: pair.flac, positionMs: 0, changedAt: Date(), changedBy: nil),
            user: User.localID)
        _ = try await services.playlists.create(PlaylistDraft(name: "Both"))
        for id in [pair.flac, pair.mp3] {
            _ = try await services.playlists.add(ListRequest(query: try LibraryQuery.parse(arguments: ["id:\(id)"])), to: "Both", at: nil)
        }

        let refused = await kanora(["merge", String(pair.mp3), String(pair.flac)], database: pair.database)
        #expect(refused.code == 1)
        #expect(refused.err.split(separator: "\n").count == 1)
        #expect(refused.err.contains("both have files") && refused.err.contains("--force"))
        #expect(try await pair.playCount(pair.flac) == 3, "a refused merge changes nothing")

        let merged = await kanora(["merge", String(pair.mp3), String(pair.flac), "--force"], database: pair.database)
        #expect(merged.code == 0)
        #expect(merged.out.contains("Merged track \(pair.flac)"))
        #expect(try await pair.playCount(pair.mp3) == 5)
        let marks = try await services.annotations.annotations(for: [.track(pair.mp3)], user: User.localID)[.track(pair.mp3)]
        #expect(marks?.rating == 5, "the new track's rating wins when both have one")
        #expect(marks?.lastPlayedAt == Date(timeIntervalSince1970: 1_700_000_002))
        let queue = try await services.annotations.playQueue(user: User.localID)
        #expect(queue?.trackIDs == [pair.mp3, pair.mp3])
        #expect(queue?.currentTrackID == pair.mp3)
        let kept = try #require(try await services.library.track(id: pair.mp3))
        #expect(kept.path.text.hasSuffix("new/01.flac"))
        #expect(try await services.library.track(id: pair.flac) == nil)
        #expect(try await services.playlists.entries(of: "Both").map(\.track.id) == [pair.mp3, pair.mp3])
    }

    @Test func badIDsAreOneLineAndChangeNothing() async throws {
        let pair = try await Pair()
        defer { pair.folder.remove() }
        let same = await kanora(["merge", String(pair.mp3), String(pair.mp3)], database: pair.database)
        #expect(same.code == 64)
        #expect(same.err.contains("given twice"))
        let unknown = await kanora(["merge", String(pair.mp3), "999"], database: pair.database)
        #expect(unknown.code == 1)
        #expect(unknown.err.split(separator: "\n").count == 1)
        #expect(unknown.err.contains("No track with id 999"))
        let notANumber = await kanora(["merge", "one", "two"], database: pair.database)
        #expect(notANumber.code == 64)
        let tracks = try #require(try await kanora(["list", "--json"], database: pair.database).json() as? [[String: Any]])
        #expect(tracks.count == 2)
    }

    @Test func scanCountsUpgradesAndDoctorListsAnUnmergedPair() async throws {
        let pair = try await Pair()
        defer { pair.folder.remove() }
        // The FLAC was indexed before the MP3 went: not new in one sync, so listed, not merged.
        try FileManager.default.removeItem(atPath: pair.folder.path("music/old/01.mp3"))
        let rescan = await kanora(["scan", pair.folder.path("music"), "--json"], database: pair.database)
        let summary = try #require(try rescan.json() as? [String: Any])
        #expect(summary["upgraded"] as? Int == 0)
        #expect((summary["upgrades"] as? [Any])?.isEmpty == true)
        let doctor = try #require(try await kanora(["doctor", "--json"], database: pair.database).json() as? [String: Any])
        let upgrades = try #require(doctor["possibleUpgrades"] as? [[String: Any]])
        #expect(upgrades.count == 1)
        #expect((upgrades.first?["missing"] as? [String: Any])?["id"] as? Int == Int(pair.mp3))
        #expect((upgrades.first?["present"] as? [String: Any])?["id"] as? Int == Int(pair.flac))
        let text = await kanora(["doctor"], database: pair.database)
        #expect(text.out.contains("Possible upgrades (1)"))

    }

    @Test(arguments: [true, false])
    func aFLACReplacingAnMP3InOneSyncIsCountedAndNamed(json: Bool) async throws {
        let folder = try TemporaryDirectory("merge")
        defer { folder.remove() }
        let database = folder.path("db/library.sqlite")
        try folder.copy(Fixtures.url("upgrade/song.mp3"), to: "music/a/01.mp3")
        try folder.copy(Fixtures.url("id3v24.mp3"), to: "music/b/keep.mp3")
        _ = await kanora(["scan", folder.path("music")], database: database)
        try FileManager.default.removeItem(atPath: folder.path("music/a/01.mp3"))
        try folder.copy(Fixtures.url("upgrade/song.flac"), to: "music/a/01.flac")
        let scan = await kanora(["scan", folder.path("music"), json ? "--json" : "--verbose"], database: database)
        #expect(scan.code == 0)
        if json {
            let summary = try #require(try scan.json() as? [String: Any])
            #expect(summary["upgraded"] as? Int == 1)
            #expect(summary["added"] as? Int == 0)
            let upgrade = try #require((summary["upgrades"] as? [[String: Any]])?.first)
            #expect((upgrade["from"] as? String)?.hasSuffix("a/01.mp3") == true)
            #expect((upgrade["to"] as? String)?.hasSuffix("a/01.flac") == true)
        } else {
            #expect(scan.out.contains("0 added, 0 updated, 1 unchanged, 0 moved, 1 upgraded, 0 missing"))
            #expect(scan.err.contains("upgraded track") && scan.err.contains("a/01.mp3 -> ") && scan.err.contains("a/01.flac"))
        }
    }
}

private extension Int {
    var int64: Int64 { Int64(self) }
}
