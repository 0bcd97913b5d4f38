import Foundation
import Synchronization

/// CPU clocks for the scan's phase report (`ScanTimings`).
enum CPUClock {
    /// CPU seconds the calling thread has used.
    static func thread() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// CPU seconds (user and system) the whole process has used.
    static func process() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// CPU seconds of each of the process's live threads, largest first, from
    /// `/proc/self/task/*/stat` (clock-tick resolution); empty where there is no `/proc`.
    static func threads() -> [Double] {
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        guard ticks > 0, let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task") else { return [] }
        return tasks.compactMap { task -> Double? in
            guard let stat = try? String(contentsOfFile: "/proc/self/task/\(task)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")")
            else { return nil }
            // After the command name: state is field 3, utime and stime are fields 14 and 15.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
            return (user + system) / ticks
        }.filter { $0 > 0 }.sorted(by: >)
    }
}

/// CPU seconds added up from several threads.
final class CPUTally: Sendable {
    private let seconds = Mutex<Double>(0)

    func add(_ value: Double) {
        seconds.withLock { $0 += value }
    }

    var total: Double { seconds.withLock { $0 } }
}
