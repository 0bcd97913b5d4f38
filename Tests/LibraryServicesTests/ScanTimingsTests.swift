import Foundation
import LibraryCore
import LibraryServices
import Testing
import TestSupport

@Suite("A scan says where its time went")
struct ScanTimingsTests {
    @Test("CPU seconds by phase add up to no more than the process used, and reading is counted")
    func phasesAreMeasured() async throws {
        let services = try ServiceContainer.inMemory()
        let (summary, _) = try await services.scanner.run(Fixtures.sampleLibrary.path)
        let t = summary.timings

        #expect(summary.added == 12)
        #expect(t.readCPU > 0)
        #expect(t.walkCPU > 0)
        #expect(t.writeCPU > 0)
        #expect(t.processCPU > 0)
        let phases = t.walkCPU + t.readCPU + t.mapCPU + t.writeCPU + t.commitCPU + t.finishCPU
        // Each phase is a slice of the process's CPU (clock reads round a little either way).
        #expect(phases <= t.processCPU * 1.05 + 0.005)
        #expect(t.efficiency(wall: summary.elapsed, cores: 1) > 0)
        #expect(!t.threadCPU.isEmpty)
    }
}
