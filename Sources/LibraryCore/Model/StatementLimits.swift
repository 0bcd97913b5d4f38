import Synchronization

/// How long the SQL run for one network request may take, and the switch that stops it
/// at shutdown: set for a request's task with `StatementLimits.$current.withValue`, it
/// holds for every `DatabasePool` call made in that task (and the tasks it starts).
///
/// Each call (`asyncRead`, `asyncWrite`, `read`, `write`) gets `timeout` from the moment it
/// is made, so a streamed listing read page by page gives each page the full time. A call
/// past its time, or under an interrupter that was triggered, throws a `DatabaseError`
/// whose `interruption` says why. Without limits (the command line) SQL runs as long as
/// it takes.
public struct StatementLimits: Sendable {
    /// The limits in force for the current task; nil: none.
    @TaskLocal public static var current: StatementLimits?

    /// How long one database call may run; nil: as long as it takes.
    public var timeout: Duration?
    /// Stops every statement run under these limits when triggered; nil: none.
    public var interrupter: StatementInterrupter?

    /// - Parameters:
    ///   - timeout: how long one database call may run; nil: as long as it takes.
    ///   - interrupter: stops every statement run under these limits when triggered.
    public init(timeout: Duration?, interrupter: StatementInterrupter? = nil) {
        self.timeout = timeout
        self.interrupter = interrupter
    }
}

/// A switch that interrupts, once triggered, every statement run under limits holding it:
/// the running ones within about a thousand SQLite steps, later ones before they start.
/// `kanora serve` triggers its own when it starts shutting down.
public final class StatementInterrupter: Sendable {
    private let triggered = Atomic(false)

    /// A switch not yet triggered.
    public init() {}

    /// Interrupts every statement run under this interrupter, now and from now on.
    public func interrupt() {
        triggered.store(true, ordering: .releasing)
    }

    /// Whether `interrupt()` was called.
    public var isInterrupted: Bool {
        triggered.load(ordering: .acquiring)
    }
}
