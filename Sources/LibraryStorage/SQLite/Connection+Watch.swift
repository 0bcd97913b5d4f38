import CSQLite
import LibraryCore

extension Connection {
    /// How many SQLite virtual-machine steps run between two checks of a watch: a check
    /// reads the clock and a flag, so this costs nothing measurable, and a statement stops
    /// within microseconds of its deadline.
    static let stepsBetweenChecks: Int32 = 1000

    /// Runs `body` with SQLite checking `watch` while its statements run (a progress
    /// handler); once the watch says stop, the running statement and every later one in
    /// `body` fail, and the call throws a `DatabaseError` with the `interruption`, whatever
    /// `body` made of the failure. Without a watch, `body` runs unchecked.
    ///
    /// Not reentrant on one connection: run it once around a call's body.
    func watched<T>(by watch: StatementWatch?, _ body: () throws -> T) throws -> T {
        guard let watch else { return try body() }
        try watch.check()
        let state = WatchState(watch)
        sqlite3_progress_handler(handle, Self.stepsBetweenChecks, { context in
            guard let context else { return 0 }
            let state = Unmanaged<WatchState>.fromOpaque(context).takeUnretainedValue()
            if state.interruption == nil { state.interruption = state.watch.interruption() }
            return state.interruption == nil ? 0 : 1
        }, Unmanaged.passUnretained(state).toOpaque())
        defer { sqlite3_progress_handler(handle, 0, nil, nil) }
        return try withExtendedLifetime(state) {
            let result: T
            do {
                result = try body()
            } catch {
                if let interruption = state.interruption { throw DatabaseError(interruption) }
                throw error
            }
            // A body that swallowed the failure (`try?`) has an incomplete result.
            if let interruption = state.interruption { throw DatabaseError(interruption) }
            return result
        }
    }
}

/// What the progress handler of one watched call reads and writes, on the connection's thread.
private final class WatchState {
    let watch: StatementWatch
    var interruption: DatabaseError.Interruption?

    init(_ watch: StatementWatch) {
        self.watch = watch
    }
}
