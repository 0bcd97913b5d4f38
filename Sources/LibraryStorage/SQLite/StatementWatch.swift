import LibraryCore

/// The limits of one database call, fixed when the call is made.
struct StatementWatch: Sendable {
    /// When the call's time is up; nil: no time limit.
    let deadline: ContinuousClock.Instant?
    /// The time it was given, for the error.
    let timeout: Duration?
    let interrupter: StatementInterrupter?

    /// The watch for a call made now under `StatementLimits.current`; nil without limits.
    static func start(now: ContinuousClock.Instant = .now) -> StatementWatch? {
        guard let limits = StatementLimits.current, limits.timeout != nil || limits.interrupter != nil else { return nil }
        return StatementWatch(deadline: limits.timeout.map { now + $0 }, timeout: limits.timeout, interrupter: limits.interrupter)
    }

    /// Why the call must stop now, if it must.
    func interruption(now: ContinuousClock.Instant = .now) -> DatabaseError.Interruption? {
        if let interrupter, interrupter.isInterrupted { return .shutdown }
        if let deadline, let timeout, now >= deadline { return .deadline(timeout) }
        return nil
    }

    /// Throws when the call must stop before it starts.
    func check() throws(DatabaseError) {
        if let interruption = interruption() { throw DatabaseError(interruption) }
    }
}
