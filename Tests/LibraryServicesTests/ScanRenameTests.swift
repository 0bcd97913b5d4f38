import Foundation
import LibraryCore
import LibraryServices
import Testing
import TestSupport

@Suite("Renamed files are recognised without being read")
struct ScanRenameTests {
    let folder: TemporaryDirectory
    let reader = FakeTagReader()
    let services: ServiceContainer

    init() throws {
        folder = try TemporaryDirectory("rename")
        services = try .inMemory(reader: reader)
        for (name, title) in [("Old/A/1.mp3", "One"), ("Old/A/2.mp3", "Two"), ("Keep/3.mp3", "Three")] {
            try folder.write("music/\(name)", FakeTagReader.file(FakeTagReader.track(title)))
        }
    }

    private func rename(_ from: String, _ to: String) throws {
        let target = folder.url.appendingPathComponent("music/\(to)")
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: folder.url.appendingPathComponent("music/\(from)"), to: target)
    }

    private func idsByTitle() async throws -> [String: Int64] {
        Dictionary(uniqueKeysWithValues: try await services.library.tracks(ListRequest(includeMissing: true)).map { ($0.title, $0.id) })
    }

    @Test func aRenamedFolderAndFileKeepTheirTracksUnread() async throws {
        defer { folder.remove() }
        _ = try await services.scanner.run(folder.path("music"))
        let before = try await idsByTitle()
        _ = try await services.playlists.create(PlaylistDraft(name: "All"))
        _ = try await services.playlists.add(ListRequest(), to: "All", at: nil)
        let readsBefore = reader.totalReads

        try rename("Old/A", "New/Shelf/A")
        try rename("Keep/3.mp3", "Keep/three.mp3")
        let (summary, _) = try await services.scanner.run(folder.path("music"))

        #expect(reader.totalReads == readsBefore)
        #expect(summary.moved == 3)
        #expect(summary.added == 0)
        #expect(summary.missing == 0)
        #expect(try await idsByTitle() == before)
        #expect(try await services.library.track(id: before["One"]!)?.path.text == folder.path("music/New/Shelf/A/1.mp3"))
        #expect(try await services.library.track(id: before["Three"]!)?.path.text == folder.path("music/Keep/three.mp3"))
        #expect(try await services.playlists.entries(of: "All").map(\.track.id).sorted() == before.values.sorted())
        #expect(try await services.library.search("two", limit: nil).map(\.id) == [before["Two"]!])

        let (again, _) = try await services.scanner.run(folder.path("music"))
        #expect(again.unchanged == 3)
        #expect(reader.totalReads == readsBefore)
    }

    @Test func aRenamedFileWithANewModificationTimeIsReadAndStillKeepsItsTrack() async throws {
        defer { folder.remove() }
        _ = try await services.scanner.run(folder.path("music"))
        let before = try await idsByTitle()
        try rename("Keep/3.mp3", "Elsewhere/3.mp3")
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: folder.path("music/Elsewhere/3.mp3"))

        let (summary, _) = try await services.scanner.run(folder.path("music"))

        #expect(reader.readCount(folder.path("music/Elsewhere/3.mp3")) == 1)
        #expect(summary.moved == 1)
        #expect(try await idsByTitle() == before)
    }

    @Test func aFullScanReadsRenamedFiles() async throws {
        defer { folder.remove() }
        _ = try await services.scanner.run(folder.path("music"))
        let before = try await idsByTitle()
        try rename("Old/A", "New/A")

        let (summary, _) = try await services.scanner.run(folder.path("music"), options: ScanOptions(full: true))

        #expect(reader.readCount(folder.path("music/New/A/1.mp3")) == 1)
        #expect(summary.moved == 2)
        #expect(try await idsByTitle() == before)
    }
}
