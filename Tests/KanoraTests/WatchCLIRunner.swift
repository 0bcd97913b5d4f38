import Foundation
@testable import kanora
import Synchronization
import TestSupport

/// `kanora watch` running in-process in the background, its output captured as it comes.
struct WatchCLIRun {
    private let console = Console(capturing: true)
    private let task: Task<Void, Never>
    private let code: ExitBox

    private final class ExitBox: Sendable {
        let value = Mutex<Int32?>(nil)
    }

    /// Starts `kanora watch ARGUMENTS --database DATABASE`.
    init(_ arguments: [String], database: String) {
        let (console, code) = (self.console, ExitBox())
        self.code = code
        task = Task {
            let result = await Console.$current.withValue(console) {
                await Kanora.run(["watch"] + arguments + ["--database", database])
            }
            code.value.withLock { $0 = result }
        }
    }

    var out: String { console.capturedOutput.out }
    var err: String { console.capturedOutput.err }

    /// Waits (at most `timeout`) until `condition` holds for the output so far.
    func waitFor(timeout: Duration = .seconds(15), _ condition: (_ out: String, _ err: String) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let (out, err) = console.capturedOutput
            if condition(out, err) { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// Stops the command as Ctrl-C would, and returns its exit code (nil if it did not stop in time).
    func stop(timeout: Duration = .seconds(15)) async -> Int32? {
        task.cancel()
        return await exitCode(timeout: timeout)
    }

    /// The exit code once the command has ended (nil if it still runs after `timeout`).
    func exitCode(timeout: Duration = .seconds(15)) async -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let result = code.value.withLock({ $0 }) { return result }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return code.value.withLock { $0 }
    }
}
