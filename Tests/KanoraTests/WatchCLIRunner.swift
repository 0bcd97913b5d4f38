import Foundation
@testable import kanora
import Synchronization
import TestKit
import TestSupport

/// `kanora watch` (or another long-running command: `command: "serve"`) running in-process
/// in the background, its output captured as it comes.
struct WatchCLIRun {
    private let console = Console(capturing: true)
    private let task: Task<Void, Never>
    private let code: ExitBox

    private final class ExitBox: Sendable {
        let value = Mutex<Int32?>(nil)
    }

    /// Starts `kanora COMMAND ARGUMENTS --database DATABASE`.
    init(_ arguments: [String], database: String, command: String = "watch") {
        let (console, code) = (self.console, ExitBox())
        self.code = code
        task = Task {
            let result = await Console.$current.withValue(console) {
                await Kanora.run([command] + arguments + ["--database", database])
            }
            code.value.withLock { $0 = result }
        }
    }

    var out: String { console.capturedOutput.out }
    var err: String { console.capturedOutput.err }

    /// Waits (at most `timeout`) until `condition` holds for the output so far; throws a
    /// `WaitFailure` naming `what` if it does not.
    func waitFor(
        _ what: String, timeout: Duration = Wait.defaultTimeout, fileID: String = #fileID, line: Int = #line,
        _ condition: @escaping @Sendable (_ out: String, _ err: String) -> Bool
    ) async throws {
        try await Wait.until(what, timeout: timeout, fileID: fileID, line: line) { [console] in
            let (out, err) = console.capturedOutput
            return condition(out, err)
        }
    }

    /// Stops the command as Ctrl-C would, and returns its exit code (nil if it did not stop in time).
    func stop(timeout: Duration = Wait.defaultTimeout) async -> Int32? {
        task.cancel()
        return await exitCode(timeout: timeout)
    }

    /// The exit code once the command has ended (nil if it still runs after `timeout`).
    func exitCode(timeout: Duration = Wait.defaultTimeout) async -> Int32? {
        try? await Wait.until("the command to exit", timeout: timeout) { [code] in code.value.withLock { $0 } != nil }
        return code.value.withLock { $0 }
    }
}
