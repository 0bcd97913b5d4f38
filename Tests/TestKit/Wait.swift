import Synchronization

/// Why a bounded wait failed: what it waited for, where, and how long.
public struct WaitFailure: Error, CustomStringConvertible {
    public let description: String
}

/// The one way tests wait for something to happen: every wait has a bound, so a regression
/// fails the test in seconds with a message saying what never happened, instead of hanging CI.
public enum Wait {
    /// The bound used when a test gives none: generous, since CI machines are busy (the whole
    /// suite runs in parallel on two cores; 10 s was once too short for a watch to start
    /// with the other core loaded), yet a regression still fails in seconds, not CI minutes.
    public static let defaultTimeout: Duration = .seconds(30)

    /// The result of `operation`, or a thrown `WaitFailure` if it has not finished within
    /// `timeout`. The operation is then cancelled and abandoned: even one that ignores
    /// cancellation cannot keep the test waiting.
    ///
    /// The operation (and its child tasks: a server's, say) runs on `TestExecutor.shared`,
    /// not on the cooperative pool the rest of the suite keeps busy, so the bound measures
    /// the operation, not the queue of other tests' jobs ahead of it.
    public static func bounded<T: Sendable>(
        _ what: String, timeout: Duration = defaultTimeout, fileID: String = #fileID, line: Int = #line,
        _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let race = Race<T>()
        return try await withCheckedThrowingContinuation { continuation in
            race.start(
                continuation,
                work: Task(executorPreference: TestExecutor.shared) {
                    do { race.finish(with: .success(try await operation())) } catch { race.finish(with: .failure(error)) }
                },
                timer: Task {
                    try? await Task.sleep(for: timeout)
                    race.finish(with: .failure(WaitFailure(description: "timed out after \(timeout) waiting for \(what) (\(fileID):\(line))")))
                })
        }
    }

    /// Returns once `condition` holds, checking it every 20 ms; throws `WaitFailure` if it
    /// still does not hold after `timeout`.
    public static func until(
        _ what: String, timeout: Duration = defaultTimeout, fileID: String = #fileID, line: Int = #line,
        _ condition: @escaping @Sendable () async throws -> Bool
    ) async throws {
        try await bounded(what, timeout: timeout, fileID: fileID, line: line) {
            while try await !condition() { try await Task.sleep(for: .milliseconds(20)) }
        }
    }

    /// The first element of `stream` that `predicate` accepts (by default the next one).
    /// Throws `WaitFailure` if none comes within `timeout` or the stream ends first.
    ///
    /// An `AsyncStream` can be waited on again afterwards: the next wait starts after the
    /// element returned. A wait that times out ends the stream.
    public static func first<S: AsyncSequence & Sendable>(
        _ what: String, in stream: S, timeout: Duration = defaultTimeout, fileID: String = #fileID, line: Int = #line,
        where predicate: @escaping @Sendable (S.Element) -> Bool = { _ in true }
    ) async throws -> S.Element where S.Element: Sendable {
        // `prefix` returns at least the matching element.
        try await prefix(what, of: stream, timeout: timeout, fileID: fileID, line: line, through: predicate).last!
    }

    /// The elements of `stream` up to and including the first that `predicate` accepts,
    /// for tests of a sequence of states. Throws `WaitFailure` if none comes within
    /// `timeout` or the stream ends first.
    public static func prefix<S: AsyncSequence & Sendable>(
        _ what: String, of stream: S, timeout: Duration = defaultTimeout, fileID: String = #fileID, line: Int = #line,
        through predicate: @escaping @Sendable (S.Element) -> Bool
    ) async throws -> [S.Element] where S.Element: Sendable {
        try await bounded(what, timeout: timeout, fileID: fileID, line: line) {
            var elements: [S.Element] = []
            for try await element in stream {
                elements.append(element)
                if predicate(element) { return elements }
            }
            throw WaitFailure(description: "the stream ended before \(what) (\(fileID):\(line))")
        }
    }
}

/// An operation racing a timer: whichever finishes first resumes the waiting test, and
/// the other is cancelled. Either may finish before `start` has stored the continuation.
private final class Race<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var result: Result<T, any Error>?
        var tasks: [Task<Void, Never>] = []
    }

    private let state = Mutex(State())

    func start(_ continuation: CheckedContinuation<T, any Error>, work: Task<Void, Never>, timer: Task<Void, Never>) {
        let result = state.withLock { state -> Result<T, any Error>? in
            if state.result == nil {
                state.continuation = continuation
                state.tasks = [work, timer]
            }
            return state.result
        }
        if let result {
            work.cancel()
            timer.cancel()
            continuation.resume(with: result)
        }
    }

    func finish(with result: Result<T, any Error>) {
        let (continuation, tasks) = state.withLock { state -> (CheckedContinuation<T, any Error>?, [Task<Void, Never>]) in
            guard state.result == nil else { return (nil, []) }
            state.result = result
            defer { state.continuation = nil; state.tasks = [] }
            return (state.continuation, state.tasks)
        }
        for task in tasks { task.cancel() }
        continuation?.resume(with: result)
    }
}
