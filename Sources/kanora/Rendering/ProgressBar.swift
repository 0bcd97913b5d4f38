import Foundation
import LibraryViewModels

/// Draws a scan's progress on one terminal line (stderr), at most ten times a second.
struct ProgressBar {
    let console: Console
    private var lastDraw = Date.distantPast

    init(console: Console) {
        self.console = console
    }

    /// Redraws for `state` unless drawn very recently.
    mutating func draw(_ state: ScanViewModel.State) {
        let now = Date()
        guard now.timeIntervalSince(lastDraw) >= 0.1 else { return }
        lastDraw = now
        console.errRaw("\r\u{1B}[2K" + ProgressBar.line(for: state, width: 100))
    }

    /// Clears the progress line.
    func clear() {
        console.errRaw("\r\u{1B}[2K")
    }

    /// The text of one progress line: bar, counts, rate, ETA and the current folder.
    static func line(for state: ScanViewModel.State, width: Int) -> String {
        let p = state.progress
        let cells = 20
        let filled = Int(state.fractionDone * Double(cells))
        let bar = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: cells - filled) + "]"
        var text = "\(bar) \(p.processed)/\(p.found) read \(p.read) skipped \(p.skipped) failed \(p.failed)"
        text += String(format: "  %.0f files/s", state.filesPerSecond)
        if let eta = state.estimatedSecondsRemaining {
            text += "  ETA " + Formatting.duration(milliseconds: Int64(eta * 1000))
        }
        if let path = p.currentPath {
            let room = width - DisplayWidth.of(text) - 2
            if room > 10 { text += "  " + DisplayWidth.truncate(String(path.suffix(room)), to: room) }
        }
        return text
    }
}
