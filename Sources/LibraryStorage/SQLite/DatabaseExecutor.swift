import Foundation
import LibraryCore

/// Dedicated threads for one kind of blocking SQLite work of one database, so async callers
/// never block one of Swift's cooperative threads (there are only as many as cores) while
/// SQLite reads or waits for a lock.
///
/// Each `DatabasePool` has two: one for reads, with as many threads as it has reader
/// connections (so a read never waits for a thread while a connection is idle), and one
/// thread for writes (so a write waiting for the write lock holds no reader's thread).
/// Nothing is shared between databases: one database's slow work cannot starve another's.
/// Threads start when work arrives and end after `idleLifetime` without any.
package final class DatabaseExecutor: Sendable {
    private let jobs: JobQueue
    fileprivate static let marker = "kanora.database.executor"

    /// Whether the calling thread is one of an executor's (for tests).
    static var isCurrentThreadExecutor: Bool {
        Thread.current.threadDictionary[marker] != nil
    }

    /// - Parameters:
    ///   - maximumThreads: how many jobs run at once at most.
    ///   - idleLifetime: how long a thread waits for work before it ends.
    init(maximumThreads: Int, idleLifetime: TimeInterval = 30) {
        jobs = JobQueue(maximumThreads: max(1, maximumThreads), idleLifetime: idleLifetime)
    }

    /// Runs `work` on one of the executor's threads and returns its result.
    package func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            jobs.append { continuation.resume(with: Result { try work() }) }
        }
    }

    /// How many threads are running now (for tests).
    var threadCount: Int { jobs.threadCount }
}

/// Jobs waiting for a thread, first in first out, and the threads that run them.
private final class JobQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var head = 0
    private var threads = 0
    private var idle = 0
    private let maximumThreads: Int
    private let idleLifetime: TimeInterval

    init(maximumThreads: Int, idleLifetime: TimeInterval) {
        self.maximumThreads = maximumThreads
        self.idleLifetime = idleLifetime
    }

    var threadCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return threads
    }

    func append(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        let waiting = jobs.count - head
        let start = waiting > idle && threads < maximumThreads
        if start { threads += 1 }
        condition.signal()
        condition.unlock()
        if start {
            Thread { [self] in
                // Foundation on Linux does not apply thread names: a marker says whose it is.
                Thread.current.threadDictionary[DatabaseExecutor.marker] = true
                while let job = next() { job() }
            }.start()
        }
    }

    /// The oldest job, waiting for one if there is none; nil (and the thread ends) after
    /// `idleLifetime` without work.
    private func next() -> (@Sendable () -> Void)? {
        condition.lock()
        defer { condition.unlock() }
        idle += 1
        defer { idle -= 1 }
        while head == jobs.count {
            if !condition.wait(until: Date().addingTimeInterval(idleLifetime)), head == jobs.count {
                threads -= 1
                return nil
            }
        }
        let job = jobs[head]
        head += 1
        if head == jobs.count {
            jobs.removeAll(keepingCapacity: true)
            head = 0
        }
        return job
    }
}
