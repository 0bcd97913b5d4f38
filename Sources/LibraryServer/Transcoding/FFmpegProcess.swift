import Dispatch
import Foundation
import NIOCore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// One ffmpeg child: spawned with an argument vector (no shell), its stdout read by the
/// caller in chunks, its stderr kept (the last few KB) for the log, and reaped by a thread
/// of its own as soon as it exits, whoever is or is not reading: no zombie is left.
///
/// `terminate()` sends SIGTERM and, if the child is still there after `grace`, SIGKILL. A
/// signal is only ever sent while the child is unreaped, so it never reaches another process
/// that got the same pid.
final class FFmpegProcess: Sendable {
    /// How long SIGTERM is given before SIGKILL.
    static let grace: DispatchTimeInterval = .milliseconds(400)
    /// How much of stderr is kept.
    static let stderrLimit = 4096

    /// Why ffmpeg could not be started.
    struct SpawnError: Error, CustomStringConvertible {
        let code: Int32
        var description: String { "cannot start ffmpeg: \(String(cString: strerror(code)))" }
    }

    private struct State {
        var exitStatus: Int32?
        var terminating = false
        var outputClosed = false
        var stderrTail: [UInt8] = []
        var waiters: [CheckedContinuation<Int32, Never>] = []
    }

    /// The child's process id.
    let pid: pid_t
    private let output: Int32
    private let state = Mutex(State())

    /// Starts `executable` with `arguments` (argv[1...]); the child's stdin is /dev/null and
    /// `input`, when given, is its descriptor 3 (read as `file:/proc/self/fd/3`).
    /// `onExit` runs once, on the reaping thread, with the pid, after the child is reaped.
    init(executable: String, arguments: [String], input: Int32?, onExit: @escaping @Sendable (pid_t) -> Void) throws(SpawnError) {
        var outPipe: [Int32] = [0, 0]
        var errPipe: [Int32] = [0, 0]
        guard Self.closeOnExecPipe(&outPipe) else { throw SpawnError(code: errno) }
        guard Self.closeOnExecPipe(&errPipe) else {
            let code = errno
            close(outPipe[0]); close(outPipe[1])
            throw SpawnError(code: code)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        if let input { posix_spawn_file_actions_adddup2(&actions, input, 3) }
        // Nothing else of the server's reaches the child: a client's socket it held open
        // would keep that client's connection alive after the server closed it.
        _ = spawnActionsCloseFrom(&actions, 4)
        // The server ignores SIGPIPE (NIO does); the child gets the defaults back, so a
        // closed stdout ends it at once, and a mask of its own.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGTERM, SIGINT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([executable] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var child = pid_t()
        let result = (argv + [nil]).withUnsafeBufferPointer { pointer in
            posix_spawn(&child, executable, &actions, &attributes, UnsafeMutablePointer(mutating: pointer.baseAddress!), environ)
        }
        close(outPipe[1])
        close(errPipe[1])
        guard result == 0 else {
            close(outPipe[0]); close(errPipe[0])
            throw SpawnError(code: result)
        }
        pid = child
        output = outPipe[0]
        let stderr = errPipe[0]
        let spawned = child
        let reaper = Thread { [self] in
            reap(stderr: stderr)
            onExit(spawned)
        }
        reaper.name = "kanora.ffmpeg-reaper"
        reaper.start()
    }

    deinit {
        closeOutput()
    }

    /// A pipe whose two ends close on exec (Glibc's `pipe2` is not visible to Swift), so no
    /// other child inherits them; the spawn's dup2 gives the child its own copies.
    private static func closeOnExecPipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// Up to `count` bytes of the child's stdout, blocking until some come; empty at the end.
    /// Call it off Swift's cooperative threads, and never after `closeOutput()`.
    func read(upTo count: Int) throws(FFmpegReadError) -> ByteBuffer {
        var buffer = ByteBuffer()
        var failure: Int32?
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { raw in
            while true {
                let done = Glibc.read(output, raw.baseAddress!, count)
                if done < 0 && errno == EINTR { continue }
                if done < 0 { failure = errno; return 0 }
                return done
            }
        }
        if let failure { throw FFmpegReadError(code: failure) }
        return buffer
    }

    /// Closes the reading end of stdout: a child still writing gets SIGPIPE. Only once no
    /// `read` is under way (the descriptor number could otherwise be reused under it).
    func closeOutput() {
        let close = state.withLock { state in
            defer { state.outputClosed = true }
            return !state.outputClosed
        }
        if close { Glibc.close(output) }
    }

    /// SIGTERM now and SIGKILL after `grace` if the child has not exited by then.
    func terminate() {
        let send = state.withLock { state in
            guard state.exitStatus == nil, !state.terminating else { return false }
            state.terminating = true
            kill(pid, SIGTERM)
            return true
        }
        guard send else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.grace) { [self] in
            state.withLock { state in
                if state.exitStatus == nil { kill(pid, SIGKILL) }
            }
        }
    }

    /// The raw wait status once the child has exited and been reaped.
    func exitStatus() async -> Int32 {
        await withCheckedContinuation { continuation in
            let known = state.withLock { state -> Int32? in
                if state.exitStatus == nil { state.waiters.append(continuation) }
                return state.exitStatus
            }
            if let known { continuation.resume(returning: known) }
        }
    }

    /// Whether the child exited on its own with status 0.
    static func succeeded(_ status: Int32) -> Bool { status & 0x7F == 0 && (status >> 8) & 0xFF == 0 }

    /// The last lines ffmpeg wrote to stderr, as text (empty until it has exited).
    var errorOutput: String {
        String(decoding: state.withLock { $0.stderrTail }, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// On the reaping thread: stderr read to its end, then the child waited for without
    /// reaping it, marked as gone (no signal is sent after that), and reaped.
    private func reap(stderr: Int32) {
        var chunk = [UInt8](repeating: 0, count: 1024)
        var tail: [UInt8] = []
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(stderr, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            tail.append(contentsOf: chunk[..<count])
            if tail.count > Self.stderrLimit { tail.removeFirst(tail.count - Self.stderrLimit) }
        }
        close(stderr)
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        var status: Int32 = 0
        let waiters = state.withLock { state in
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            state.exitStatus = status
            state.stderrTail = tail
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(returning: status) }
    }
}

/// Reading ffmpeg's output failed.
struct FFmpegReadError: Error, CustomStringConvertible {
    let code: Int32
    var description: String { "reading ffmpeg's output failed: \(String(cString: strerror(code)))" }
}

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later; Debian 12 has 2.36),
/// which its headers declare only for GNU sources, so Swift does not see it.
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func spawnActionsCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32) -> Int32
