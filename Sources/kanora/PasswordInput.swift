#if canImport(Glibc)
import Glibc
#endif
import Foundation
import LibraryServices
import Synchronization

/// Where `kanora user` reads passwords: the terminal without echo, or one line of stdin.
/// Tests swap in lines with `PasswordInput.$current.withValue`.
struct PasswordInput: Sendable {
    @TaskLocal static var current = PasswordInput.standard

    /// Whether stdin is a terminal (then passwords are prompted for, twice).
    let isTerminal: Bool
    /// Reads one line (without its line break) after showing `prompt` (nil: no prompt, echo
    /// as is); nil at end of input.
    let readLine: @Sendable (_ prompt: String?) -> String?

    static let standard = PasswordInput(isTerminal: isatty(STDIN_FILENO) == 1) { prompt in
        guard let prompt else { return Swift.readLine(strippingNewline: true) }
        return readWithoutEcho(prompt)
    }

    /// Fixed lines, as if piped to stdin.
    static func lines(_ lines: [String]) -> PasswordInput {
        let remaining = LineQueue(lines)
        return PasswordInput(isTerminal: false) { _ in remaining.next() }
    }

    /// A new password: one line of stdin with `fromStdin`, else typed twice on the terminal.
    func newPassword(fromStdin: Bool) throws -> String {
        if fromStdin {
            guard let line = readLine(nil) else { throw LibraryError(.invalidInput, "No password on stdin: pipe one line, e.g. `echo \"$PW\" | kanora user add NAME --password-stdin`.") }
            return line
        }
        guard isTerminal else {
            throw LibraryError(.invalidInput, "stdin is not a terminal, so the password cannot be typed: pass --password-stdin and pipe it.")
        }
        guard let first = readLine("Password: "), let second = readLine("Password again: ") else {
            throw LibraryError(.invalidInput, "No password was typed.")
        }
        guard first == second else { throw LibraryError(.invalidInput, "The two passwords differ: nothing was changed.") }
        return first
    }

    /// Prompts on stderr and reads a line from the terminal with echo turned off.
    private static func readWithoutEcho(_ prompt: String) -> String? {
        FileHandle.standardError.write(Data(prompt.utf8))
        var saved = termios()
        let canHide = tcgetattr(STDIN_FILENO, &saved) == 0
        if canHide {
            var hidden = saved
            hidden.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &hidden)
        }
        defer {
            if canHide { tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
            FileHandle.standardError.write(Data("\n".utf8))
        }
        return Swift.readLine(strippingNewline: true)
    }
}

/// Lines handed out one at a time, safely across tasks.
private final class LineQueue: Sendable {
    private let lines: Mutex<[String]>
    init(_ lines: [String]) { self.lines = Mutex(lines) }
    func next() -> String? { lines.withLock { $0.isEmpty ? nil : $0.removeFirst() } }
}
