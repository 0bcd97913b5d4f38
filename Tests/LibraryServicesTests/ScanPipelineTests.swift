import Foundation
import LibraryCore
@testable import LibraryServices
import Testing
import TestKit
import TestSupport

/// The scan's three stages overlap: while one batch is read (on every core) the scan
/// thread walks and plans the next, and the batch before is written.
@Suite("Scan pipeline")
struct ScanPipelineTests {
    /// The progress seen when two batches were planned, and the scan's summary.
    struct Outcome: Sendable {
        var whileBlocked: ScanProgress?
        var summary: ScanSummary?
    }

    @Test func theWalkPlansTheNextBatchWhileOneIsBeingRead() async throws {
        let folder = try TemporaryDirectory("pipeline")
        defer { folder.remove() }
        for album in 0..<4 {
            for track in 0..<3 {
                try folder.write(
                    "music/D\(album)/\(track).mp3",
                    FakeTagReader.file(FakeTagReader.track("T\(album)-\(track)", album: "A\(album)")))
            }
        }
        // Every read blocks until `resume()`: the first batch cannot finish reading.
        let gated = FakeTagReader(pauseAfter: 0)
        let services = try ServiceContainer.inMemory(reader: gated)
        let request = ScanRequest(path: RawPath(folder.path("music")), options: ScanOptions(batchSize: 3))

        let scanner = services.scanner
        let outcome: Outcome = try await Wait.bounded("a second batch planned while the first is read") { () async throws -> Outcome in
            var whileBlocked: ScanProgress?
            for try await event in scanner.scan(request) {
                switch event {
                case .progress(let progress) where whileBlocked == nil && progress.found >= 6:
                    whileBlocked = progress
                    gated.resume()
                case .finished(let summary):
                    return Outcome(whileBlocked: whileBlocked, summary: summary)
                default:
                    break
                }
            }
            return Outcome(whileBlocked: whileBlocked, summary: nil)
        }

        // Six files found (two batches planned) while no read had finished.
        #expect(outcome.whileBlocked?.read == 0)
        #expect(outcome.summary?.added == 12)
        #expect(try await services.library.tracks(ListRequest()).count == 12)
    }
}
