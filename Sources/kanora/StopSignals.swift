#if canImport(Glibc)
import Glibc
#endif
import Dispatch

/// Turns SIGINT and SIGTERM into a call to `stop` (once) while installed.
final class StopSignals {
    private let sources: [any DispatchSourceSignal]

    init(stop: @escaping @Sendable () -> Void) {
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: stop)
            source.resume()
            return source
        }
    }

    /// Cancels the handlers and gives the signals their default actions back.
    func restore() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}

extension StopSignals {
    /// Runs `work` until it returns, SIGINT or SIGTERM arrives, or the calling task is
    /// cancelled (as tests do), whichever comes first; a signal or cancellation cancels `work`,
    /// which should then stop cleanly.
    static func run(until work: @escaping @Sendable () async -> Void) async {
        let task = Task { await work() }
        let signals = StopSignals { task.cancel() }
        await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
        signals.restore()
    }
}
