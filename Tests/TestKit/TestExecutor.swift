import Foundation

/// Threads of the test process's own, off Swift's cooperative pool, for the work a test
/// bounds by time (`Wait.bounded`): a server, its requests, and the waits on them.
///
/// Why: the whole suite runs in parallel on a cooperative pool of one thread per core (2 on
/// CI), and hundreds of tests run synchronous SQLite work on it. Every step of a server's
/// request (accept, handler, database answer, response, shutdown) is a job queued behind
/// that backlog, so under load a test of a few dozen steps could wait 30 s without being
/// slow itself. Jobs preferring this executor queue only behind other bounded work.
public final class TestExecutor: TaskExecutor, @unchecked Sendable {
    /// The one all bounded waits share.
    public static let shared = TestExecutor(threads: 4)

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    /// Starts `threads` threads that run jobs, oldest first, for the life of the process.
    init(threads: Int) {
        for index in 0..<max(1, threads) {
            let thread = Thread { [self] in
                while true { run(next()) }
            }
            thread.name = "kanora.test-executor.\(index)"
            thread.start()
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func run(_ job: UnownedJob) {
        job.runSynchronously(on: asUnownedTaskExecutor())
    }

    /// The oldest job, waiting for one if there is none.
    private func next() -> UnownedJob {
        condition.lock()
        defer { condition.unlock() }
        while jobs.isEmpty { condition.wait() }
        return jobs.removeFirst()
    }
}
