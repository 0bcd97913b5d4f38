#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization

/// Where the CLI writes: results to `out`, diagnostics and progress to `err`.
/// Tests swap in a capturing console with `Console.$current.withValue`.
final class Console: Sendable {
    @TaskLocal static var current = Console.standard

    /// The process's stdout and stderr.
    static let standard = Console(capturing: false)

    private let captured = Mutex<(out: String, err: String)>(("", ""))
    private let isCapturing: Bool
    /// Whether stderr is a terminal (progress bars are drawn only then).
    let errorIsTerminal: Bool
    /// The terminal's width in columns, when stdout is a terminal.
    let outputWidth: Int?

    init(capturing: Bool) {
        isCapturing = capturing
        if capturing {
            errorIsTerminal = false
            outputWidth = nil
        } else {
            errorIsTerminal = isatty(STDERR_FILENO) == 1
            outputWidth = Console.terminalWidth()
        }
    }

    /// Writes a line of results.
    func out(_ line: String) { write(line + "\n", toError: false) }

    /// Writes raw bytes (a file path that may not be UTF-8) as a line of results.
    func out(bytes: [UInt8]) {
        if isCapturing {
            captured.withLock { $0.out += String(decoding: bytes, as: UTF8.self) + "\n" }
            return
        }
        FileHandle.standardOutput.write(Data(bytes + [0x0A]))
    }

    /// Writes raw result bytes as they are (whole lines gathered by an `OutputBuffer`).
    func out(chunk bytes: [UInt8]) {
        if isCapturing {
            captured.withLock { $0.out += String(decoding: bytes, as: UTF8.self) }
            return
        }
        FileHandle.standardOutput.write(Data(bytes))
    }

    /// Writes a line of diagnostics.
    func err(_ line: String) { write(line + "\n", toError: true) }

    /// Writes raw text to stderr (progress redraws).
    func errRaw(_ text: String) { write(text, toError: true) }

    /// What a capturing console has collected.
    var capturedOutput: (out: String, err: String) {
        captured.withLock { $0 }
    }

    private func write(_ text: String, toError: Bool) {
        if isCapturing {
            captured.withLock { if toError { $0.err += text } else { $0.out += text } }
            return
        }
        let handle = toError ? FileHandle.standardError : FileHandle.standardOutput
        handle.write(Data(text.utf8))
    }

    private static func terminalWidth() -> Int? {
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
