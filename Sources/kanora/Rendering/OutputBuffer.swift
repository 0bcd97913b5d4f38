/// Result text gathered as UTF-8 bytes and handed to the console in large chunks: one
/// write per 64 KiB of output instead of one per line.
///
/// Call `flush()` when done; `endLine()` flushes on its own once a chunk is full.
struct OutputBuffer {
    /// The bytes not yet written.
    private(set) var bytes: [UInt8] = []
    private let console: Console
    private static let chunkSize = 1 << 16

    init(console: Console) {
        self.console = console
        bytes.reserveCapacity(Self.chunkSize + 4096)
    }

    /// Appends `text` as UTF-8.
    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends raw bytes (a path that may not be UTF-8).
    mutating func append(bytes more: some Sequence<UInt8>) {
        bytes.append(contentsOf: more)
    }

    /// Appends one byte.
    mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    /// Appends through `write`, which adds its bytes to the end of the gathered ones.
    mutating func append(_ write: (inout [UInt8]) -> Void) {
        write(&bytes)
    }

    /// Ends the current line, writing the gathered chunk when it is full.
    mutating func endLine() {
        bytes.append(UInt8(ascii: "\n"))
        flushIfFull()
    }

    /// Writes the gathered chunk when it is full (call between whole lines).
    mutating func flushIfFull() {
        if bytes.count >= Self.chunkSize { flush() }
    }

    /// Writes what is gathered to the console's results.
    mutating func flush() {
        guard !bytes.isEmpty else { return }
        console.out(chunk: bytes)
        bytes.removeAll(keepingCapacity: true)
    }
}
