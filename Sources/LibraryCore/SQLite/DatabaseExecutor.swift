import Foundation

/// A few dedicated threads for blocking SQLite work, so async callers never block one of
/// Swift's cooperative threads (there are only as many as cores) while SQLite reads or waits
/// for a lock. Shared by every database of the process; threads start on first use.
public final class DatabaseExecutor: Sendable {
    /// The process's executor: as many threads as a database has readers, plus one for a writer.
    public static let shared = DatabaseExecutor(threadCount: DatabaseQueue.defaultReaderCount + 1)

    private let jobs: JobQueue
    private static let marker = "kanora.database.executor"

    /// Whether the calling thread is one of an executor's (for tests).
    static var isCurrentThreadExecutor: Bool {
        Thread.current.threadDictionary[marker] != nil
    }

    init(threadCount: Int) {
        jobs = JobQueue()
        for index in 0..<max(1, threadCount) {
            Thread { [jobs] in
                // Foundation on Linux does not apply thread names: a marker says whose it is.
                Thread.current.threadDictionary[Self.marker] = index
                while true { jobs.next()() }
            }.start()
        }
    }

    /// Runs `work` on one of the executor's threads and returns its result.
    public func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            jobs.append { continuation.resume(with: Result { try work() }) }
        }
    }
}

/// Jobs waiting for a thread, first in first out.
private final class JobQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var head = 0

    func append(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// The oldest job, waiting for one if there is none.
    func next() -> @Sendable () -> Void {
        condition.lock()
        defer { condition.unlock() }
        while head == jobs.count { condition.wait() }
        let job = jobs[head]
        head += 1
        if head == jobs.count {
            jobs.removeAll(keepingCapacity: true)
            head = 0
        }
        return job
    }
}
