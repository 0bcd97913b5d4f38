import Foundation
import LibraryCore
@testable import LibraryServices
import LibraryStorage
import TestKit
import TestSupport
import Testing

@Suite("Moved files are recognised as they are written")
struct MoveClaimTests {
    private func side(_ id: Int64, _ path: String, title: String = "Song", album: String = "Album", size: Int64 = 100) -> (side: MoveSide, path: RawPath) {
        (MoveSide(id: id, titleFold: title, artistFold: "artist", albumFold: album, pathText: path, fileSize: size), RawPath(path))
    }

    private let new = MoveSide(id: 0, titleFold: "Song", artistFold: "artist", albumFold: "Album", pathText: "/m/new/01 song.mp3", fileSize: 100)

    @Test func theBestCandidateWhoseFileIsGoneIsClaimed() {
        let candidates = [side(1, "/m/comp/07 song.mp3", album: "Hits"), side(2, "/m/old/01 song.mp3")]
        #expect(MoveMatcher.claim(new, among: candidates, isGone: { _ in true }) == 2)
    }

    @Test func aCandidateWhoseFileStillExistsIsNotClaimed() {
        let candidates = [side(2, "/m/old/01 song.mp3")]
        #expect(MoveMatcher.claim(new, among: candidates, isGone: { $0.text != "/m/old/01 song.mp3" }) == nil)
    }

    @Test func aCandidateFromAnotherLibraryNeedsTheSameTitleArtistAndAlbum() {
        let elsewhere = MoveSide(id: 3, titleFold: "Song", artistFold: "artist", albumFold: "Hits", pathText: "/i/hits/05 song.mp3", fileSize: 100, libraryID: 2)
        #expect(MoveMatcher.claim(new, among: [(elsewhere, RawPath("/i/hits/05 song.mp3"))], isGone: { _ in true }) == nil)
        #expect(MoveMatcher.match([(elsewhere, new)]).isEmpty)
        var sameAlbum = elsewhere
        sameAlbum.albumFold = "Album"
        #expect(MoveMatcher.claim(new, among: [(sameAlbum, RawPath("/i/hits/05 song.mp3"))], isGone: { _ in true }) == 3)
        #expect(MoveMatcher.match([(sameAlbum, new)]).map(\.oldID) == [3])
        var untagged = new
        (untagged.titleFold, untagged.artistFold, untagged.albumFold) = ("", "", "")
        var otherUntagged = elsewhere
        (otherUntagged.titleFold, otherUntagged.artistFold, otherUntagged.albumFold) = ("", "", "")
        #expect(MoveMatcher.match([(otherUntagged, untagged)]).isEmpty, "empty tags are no agreement")
        var sameName = otherUntagged
        sameName.pathText = "/i/x/01 song.mp3"
        #expect(MoveMatcher.match([(sameName, untagged)]).map(\.oldID) == [3], "an untagged file keeps its name")
        otherUntagged.libraryID = untagged.libraryID
        #expect(MoveMatcher.match([(otherUntagged, untagged)]).isEmpty, "not within one library either")
    }

    @Test func aTieIsLeftForTheEndOfTheScan() {
        let candidates = [side(1, "/m/a/01 song.mp3"), side(2, "/m/b/01 song.mp3")]
        #expect(MoveMatcher.claim(new, among: candidates, isGone: { _ in true }) == nil)
        #expect(MoveMatcher.claim(new, among: [], isGone: { _ in true }) == nil)
    }

    @Test func aScanStoppedEarlyHasAlreadyMovedTheTracksItWrote() async throws {
        let folder = try TemporaryDirectory("claim")
        defer { folder.remove() }
        let names = ["A", "B", "C", "D"].flatMap { album in (1...2).map { "\(album)/\($0).mp3" } }
        for name in names {
            try folder.write("music/Old/\(name)", FakeTagReader.file(FakeTagReader.track("T \(name)", album: "Album \(name.prefix(1))")))
        }
        // Eight reads for the first scan, then two more before the reader blocks.
        let gated = FakeTagReader(pauseAfter: names.count + 2)
        let lock = folder.url.appendingPathComponent("scan-lock")
        let services = try ServiceContainer.inMemory(reader: gated, scanFiles: ScanFiles(lock: lock))
        _ = try await services.scanner.run(folder.path("music"))
        let ids = Dictionary(uniqueKeysWithValues: try await services.library.tracks(ListRequest()).map { ($0.title, $0.id) })
        // Copied, then deleted: new inodes, as a move across file systems gives, so each file
        // must be read and recognised by its content.
        try FileManager.default.copyItem(atPath: folder.path("music/Old"), toPath: folder.path("music/New"))
        try FileManager.default.removeItem(atPath: folder.path("music/Old"))

        // Stop the scan while a later batch is being read; the batches before it are written.
        let request = ScanRequest(path: RawPath(folder.path("music")), options: ScanOptions(batchSize: 2))
        let scan = Task { for try await _ in services.scanner.scan(request) {} }
        try await Wait.until("the reader to block") { gated.totalReads > names.count + 2 }
        // Once the cancelled consumer's loop has ended, the stream's onTermination has set
        // the scan's stop flag; only then may the blocked reads go on.
        let feed = services.feed.events()
        scan.cancel()
        try await Wait.bounded("the cancelled consumer to stop") { _ = try? await scan.value }
        gated.resume()
        // The stopped scan writes the batch it was reading, then says on the feed that it ended.
        _ = try await Wait.first("the stopped scan to end", in: feed) { if case .tracksChanged = $0 { true } else { false } }

        // No second row for any moved file: each file written took over its track.
        let partial = try await services.library.tracks(ListRequest(includeMissing: true))
        #expect(partial.count == names.count)
        let moved = partial.filter { $0.path.text.contains("/music/New/") }
        #expect(moved.count >= 2 && moved.count < names.count)
        for track in moved {
            #expect(track.id == ids[track.title])
            #expect(!track.isMissing)
        }
        let left = partial.filter { !$0.path.text.contains("/music/New/") }
        #expect(left.allSatisfy { $0.isMissing })

        let (rest, _) = try await services.scanner.run(folder.path("music"))
        #expect(rest.moved == names.count - moved.count)
        #expect(rest.added == 0)
        #expect(rest.missing == 0)
        let after = try await services.library.tracks(ListRequest(includeMissing: true))
        #expect(after.count == names.count)
        #expect(after.allSatisfy { $0.path.text.contains("/music/New/") && $0.id == ids[$0.title] })
    }
}
