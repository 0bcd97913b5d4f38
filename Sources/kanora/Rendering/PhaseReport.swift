import Foundation
import LibraryServices

/// The `--verbose` line that says where a scan's CPU time went, by phase and by thread,
/// and how well it kept the cores busy. `scripts/bench-sync` parses it (`key=value` pairs).
struct PhaseReport {
    let summary: ScanSummary

    var line: String {
        let t = summary.timings
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let phases = [("walk", t.walkCPU), ("read", t.readCPU), ("map", t.mapCPU), ("write", t.writeCPU),
                      ("commit", t.commitCPU), ("finish", t.finishCPU)]
        let threads = t.threadCPU.map { String(format: "%.2f", $0) }.joined(separator: ",")
        return "kanora: CPU seconds by phase: " + phases.map { "\($0.0)=" + String(format: "%.3f", $0.1) }.joined(separator: " ")
            + String(format: "; finish_wall=%.3f wall=%.3f process_cpu=%.3f cores=%d efficiency=%.2f",
                     t.finishing, summary.elapsed, t.processCPU, cores, t.efficiency(wall: summary.elapsed, cores: cores))
            + " threads=\(threads)"
    }
}
