/// Where a scan's time went: wall seconds of the phases, and CPU seconds by phase and by
/// thread, for `--verbose` and the benchmarks.
public struct ScanTimings: Sendable, Equatable, Codable {
    /// Reading tags (in parallel) and fingerprints, wall seconds.
    public var reading: Double = 0
    /// Writing batches to the database (wall time, overlapping the reading).
    public var writing: Double = 0
    /// CPU time the writer's thread used: below `writing` when it waited for a core.
    public var writingCPU: Double = 0

    /// CPU seconds walking: listing folders (on every core) and planning them against the
    /// database (on the scan thread).
    public var walkCPU: Double = 0
    /// CPU seconds in the tag reader (TagLib, truncation checks, fingerprint), all threads.
    /// Split from `mapCPU` only when profiling (`KANORA_SCAN_PHASES` set), else it includes it.
    public var readCPU: Double = 0
    /// CPU seconds turning what was read into the stored record (folding, JSON), all threads.
    public var mapCPU: Double = 0
    /// CPU seconds the writer's statements used (`writingCPU` less the commits).
    public var writeCPU: Double = 0
    /// CPU seconds committing the batches' transactions.
    public var commitCPU: Double = 0
    /// The closing transaction (sweeping, history matching, clean-up): wall and CPU seconds.
    public var finishing: Double = 0
    public var finishCPU: Double = 0
    /// CPU seconds of the whole process from the scan's start to its end.
    public var processCPU: Double = 0
    /// CPU seconds of each thread alive at the end of the scan, largest first.
    public var threadCPU: [Double] = []

    public init() {}

    /// Process CPU over wall time times `cores`: 1 when every core was busy all the time.
    public func efficiency(wall: Double, cores: Int) -> Double {
        wall > 0 && cores > 0 ? processCPU / (wall * Double(cores)) : 0
    }
}
