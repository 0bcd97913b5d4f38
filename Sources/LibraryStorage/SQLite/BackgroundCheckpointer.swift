import CSQLite
import Dispatch
import Foundation
import LibraryCore

/// Runs a WAL database's checkpoints on a connection and thread of their own, so a commit
/// never waits for one.
///
/// SQLite's automatic checkpoint runs inside the commit that takes the log past 1,000
/// frames: the committing thread copies the logged pages into the database file and waits
/// for two `fdatasync`s (~10 ms on an ordinary disk), and every write queued behind it
/// waits too. Here the writer's commit hook only counts: each time the writer has logged
/// `threshold` more frames, a `PASSIVE` checkpoint (which copies every frame logged so
/// far) starts beside it, and the writer goes on committing.
///
/// A log is restarted (written again from its start) only by a writer that finds every
/// frame copied, which a busy writer seldom does while a checkpoint runs beside it; so once
/// the log holds `restartFrames` the writer checkpoints the rest itself, as SQLite would,
/// and its next transaction restarts the log, unless a checkpoint is still running beside
/// it. A checkpoint starved of CPU (a loaded machine) could so let the log grow without
/// end: past `hardFrames` (twice `restartFrames`) the writer waits for the running
/// checkpoint to finish before it checkpoints, so the log file stays bounded (16 MB
/// usually, 32 MB at most) however the threads are scheduled.
///
/// `settle` waits for a checkpoint running (and one owed when it ends), so a command leaves
/// uncopied fewer frames of its own than the threshold, as SQLite's automatic checkpoints
/// would. The checkpoint connection does not checkpoint when it closes: closed last at
/// the end of a command, it would copy the whole log and delete it, work that SQLite's own
/// checkpoints leave to the next writer.
final class BackgroundCheckpointer: @unchecked Sendable {
    /// Frames logged that start the next checkpoint (SQLite's default).
    static let defaultThreshold = 1000

    private let open: @Sendable () throws -> Connection
    private let threshold: Int
    private let restartFrames: Int
    /// The log's size at which the writer waits for a running checkpoint.
    private let hardFrames: Int
    private let queue = DispatchQueue(label: "kanora.checkpoint")
    /// The checkpoint connection, opened on first use; touched only on `queue`.
    private var connection: Connection?
    // Guarded by `condition`.
    private let condition = NSCondition()
    /// Frames the writer has logged since it opened (at its last commit), and had logged
    /// when the last checkpoint started: the difference is what is owed.
    private var logged = 0
    private var loggedAtCheckpoint = 0
    /// Frames in the log after the writer's last commit.
    private var frames = 0
    private var running = false

    /// `open` opens the checkpoint connection (read-write, on the database file).
    init(threshold: Int = BackgroundCheckpointer.defaultThreshold, open: @escaping @Sendable () throws -> Connection) {
        self.open = open
        self.threshold = max(1, threshold)
        restartFrames = 4 * max(1, threshold)
        hardFrames = 2 * restartFrames
    }

    /// Starts counting from the frames the writer has logged so far (before it handed its
    /// checkpoints over, they were SQLite's to run).
    func begin(logged: Int) {
        condition.lock()
        (self.logged, loggedAtCheckpoint) = (logged, logged)
        condition.unlock()
    }

    /// Called on the writer's thread after each commit, with the frames now in the log and
    /// those the writer has logged since it opened. Starts a checkpoint beside the writer
    /// when one is owed. Returns whether the writer should checkpoint the log itself, so
    /// that its next transaction restarts the log: once the log holds `restartFrames`, at
    /// the first commit with no checkpoint running, or, once it holds `hardFrames`, after
    /// waiting for the running one. (The hook runs after the commit released its locks, so
    /// the checkpoint waited for never waits for the writer.)
    func committed(frames: Int, logged: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        (self.logged, self.frames) = (logged, frames)
        if frames >= restartFrames {
            if frames >= hardFrames {
                while running { condition.wait() }
            }
            guard !running else { return false }
            loggedAtCheckpoint = logged
            return true
        }
        startIfOwed()
        return false
    }

    /// Waits until no checkpoint is running (one owed when it ends starts, and is waited
    /// for).
    func settle() {
        condition.lock()
        defer { condition.unlock() }
        while running { condition.wait() }
    }

    /// Starts a checkpoint when none is running and the writer has logged `threshold`
    /// frames since the last one started, unless the log is due a restart (the writer's to
    /// run); call with `condition` locked.
    private func startIfOwed() {
        guard !running, frames < restartFrames, logged - loggedAtCheckpoint >= threshold else { return }
        running = true
        loggedAtCheckpoint = logged
        queue.async { [self] in
            checkpoint()
            condition.lock()
            running = false
            startIfOwed()
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Runs one `PASSIVE` checkpoint. One that cannot run (another checkpoint holds the
    /// lock, or the connection failed to open) is left to the next.
    private func checkpoint() {
        if connection == nil {
            connection = try? open()
            connection?.leaveLogOnClose()
        }
        guard let connection else { return }
        sqlite3_wal_checkpoint_v2(connection.handle, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
    }
}

extension BackgroundCheckpointer {
    /// The checkpointers of the databases open in this process, so a command can settle
    /// them all before it exits (`Database.settleCheckpoints`).
    static let open = Registry()

    final class Registry: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [Weak] = []

        private struct Weak {
            weak var checkpointer: BackgroundCheckpointer?
        }

        func add(_ checkpointer: BackgroundCheckpointer) {
            lock.lock()
            entries.removeAll { $0.checkpointer == nil }
            entries.append(Weak(checkpointer: checkpointer))
            lock.unlock()
        }

        /// Settles every checkpointer still alive.
        func settleAll() {
            lock.lock()
            let live = entries.compactMap(\.checkpointer)
            lock.unlock()
            for checkpointer in live { checkpointer.settle() }
        }
    }
}

extension Connection {
    /// Hands this (writer) connection's checkpoints to `checkpointer`: after each commit the
    /// connection reports the log's frames instead of checkpointing itself, and checkpoints
    /// only when the checkpointer says the log must restart.
    func checkpoint(in checkpointer: BackgroundCheckpointer) {
        walHookOwner = checkpointer
        checkpointer.begin(logged: framesLogged)
        sqlite3_wal_hook(handle, { context, db, _, frames in
            guard let context, let db else { return SQLITE_OK }
            let checkpointer = Unmanaged<BackgroundCheckpointer>.fromOpaque(context).takeUnretainedValue()
            if checkpointer.committed(frames: Int(frames), logged: Connection.framesLogged(db)) {
                sqlite3_wal_checkpoint_v2(db, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
            }
            return SQLITE_OK
        }, Unmanaged.passUnretained(checkpointer).toOpaque())
    }

    /// Makes this connection leave the log as it is when it is the last to close, instead
    /// of copying all of it into the database and deleting the file.
    func leaveLogOnClose() {
        csqlite_no_checkpoint_on_close(handle)
    }

    /// The pages this connection has written to the log since it opened (frames logged).
    var framesLogged: Int { Connection.framesLogged(handle) }

    fileprivate static func framesLogged(_ db: OpaquePointer) -> Int {
        var current: Int32 = 0
        var highest: Int32 = 0
        sqlite3_db_status(db, SQLITE_DBSTATUS_CACHE_WRITE, &current, &highest, 0)
        return Int(current)
    }
}
