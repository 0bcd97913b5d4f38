import Foundation
import Hummingbird

/// The body of a Subsonic answer. A large one (more than `streamedItems` list items) is
/// rendered on its own thread while it is sent, at most a `ChunkPipe`'s capacity ahead of
/// the socket, so it is never whole in memory; one that still fits in two chunks keeps its
/// `Content-Length`, a longer one is sent chunked. The bytes are the same either way.
/// A client decides how many large answers it asks for at once, so their writer threads
/// are bounded by `WriterSlots`: an answer waits (asynchronously) for a free one. So that a
/// few clients that ask and never read cannot keep every slot, a writer whose client has
/// taken nothing for `stallLimit` stops, and that answer's connection is closed unfinished.
enum StreamedAnswer {
    /// Answers with more list items than this are rendered while they are sent.
    static let streamedItems = 2_000
    /// How long a writer waits for its client to take a chunk before it gives up (and its
    /// slot): the server's default idle timeout.
    static let stallLimit = Duration.seconds(60)

    /// `root` rendered as `format`; a large one waits for one of `slots` before its writer
    /// thread starts, and gives it back when that thread ends. `hooks` are for tests.
    static func body(
        _ root: SubsonicNode, as format: SubsonicFormat, slots: WriterSlots = .shared,
        stallLimit: Duration = stallLimit, hooks: WriterHooks = WriterHooks()
    ) async -> ResponseBody {
        guard root.listItemCount > streamedItems else {
            return ChunkedBody.body(SubsonicRenderer.chunks(root, as: format))
        }
        // Cancelled while waiting: nobody is left to read the answer.
        guard await slots.acquire() else { return ResponseBody(byteBuffer: ByteBuffer()) }
        let reader = PipeReader(startWriter(root, as: format, slots: slots, stallLimit: stallLimit, hooks: hooks))
        guard let first = await reader.next() else { return ResponseBody(byteBuffer: ByteBuffer()) }
        guard let second = await reader.next() else { return ChunkedBody.body([first]) }
        guard let third = await reader.next() else { return ChunkedBody.body([first, second]) }
        return ResponseBody { writer in
            defer { reader.close() }
            for chunk in [first, second, third] { try await writer.write(ByteBuffer(bytes: chunk)) }
            while let chunk = await reader.next() { try await writer.write(ByteBuffer(bytes: chunk)) }
            // Not the end of the answer: ending the body here would send it cut short as whole.
            if reader.stalled { throw StalledAnswer() }
            try await writer.finish(nil)
        }
    }

    /// Starts the thread rendering `root` into a new pipe; it holds one of `slots` (already
    /// taken) until it ends.
    private static func startWriter(
        _ root: SubsonicNode, as format: SubsonicFormat, slots: WriterSlots, stallLimit: Duration, hooks: WriterHooks
    ) -> ChunkPipe {
        let pipe = ChunkPipe(stallLimit: stallLimit)
        let thread = Thread {
            hooks.started?()
            var stoppedEarly = false
            SubsonicRenderer.write(root, as: format) { chunk in
                if pipe.put(chunk) { return true }
                stoppedEarly = true
                return false
            }
            pipe.finish()
            hooks.ended?(stoppedEarly)
            slots.release()
        }
        thread.name = "kanora-answer"
        thread.start()
        return pipe
    }
}

/// A streamed answer whose client took nothing for the stall limit: its connection is
/// closed without the end of the body.
struct StalledAnswer: Error {}

/// Calls made on a streamed answer's writer thread, for tests.
struct WriterHooks: Sendable {
    /// Before it renders anything.
    var started: (@Sendable () -> Void)?
    /// When it is done, with whether it stopped before the end (its reader went away);
    /// called before its slot is given back.
    var ended: (@Sendable (_ stoppedEarly: Bool) -> Void)?

    init(started: (@Sendable () -> Void)? = nil, ended: (@Sendable (_ stoppedEarly: Bool) -> Void)? = nil) {
        self.started = started
        self.ended = ended
    }
}

/// The sending end of a pipe: when the body that holds it is done with it or dropped
/// (written, failed on a closed connection, or never sent), the pipe is closed so its
/// writer thread stops.
private final class PipeReader: Sendable {
    private let pipe: ChunkPipe

    init(_ pipe: ChunkPipe) {
        self.pipe = pipe
    }

    func next() async -> [UInt8]? {
        await pipe.next()
    }

    /// Whether the writer gave up because nothing was taken for its stall limit.
    var stalled: Bool {
        pipe.stalled
    }

    /// No more chunks are wanted: the writer stops.
    func close() {
        pipe.close()
    }

    deinit {
        pipe.close()
    }
}

extension SubsonicNode {
    /// How many list items the answer holds, at every depth (only top-level nodes of a
    /// generated or written list are counted: their own lists are small).
    var listItemCount: Int {
        children.reduce(0) { total, child in
            switch child {
            case .object(let node): total + node.listItemCount
            case .list(_, let items): total + items.reduce(items.count) { $0 + $1.listItemCount }
            case .generated(_, let count, _): total + count
            case .entries(let list): total + list.count
            case .values(_, let values): total + values.count
            }
        }
    }
}
