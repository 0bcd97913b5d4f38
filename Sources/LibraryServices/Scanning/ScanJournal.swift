import Foundation
import LibraryCore

/// Records which files are being read, so a file that crashes the process inside TagLib
/// cannot crash every later scan.
///
/// Before a batch is read in parallel, its paths are written as a "batch"; before a file
/// is read on its own, just that path is written as "single"; after reading, the journal
/// says "idle". A scan that finds a leftover journal knows the last run died while reading:
/// a "single" entry names the culprit, which is recorded as failed and skipped until it
/// changes; "batch" entries are suspects, read one at a time so the next crash (if any)
/// names its file. Writes are not fsynced: they only need to survive the process, not the OS.
///
/// The file stays open for the scan and each entry is written over the last from its
/// start, ended by an "end" line, instead of truncating the file: on ext4 a truncation
/// frees the blocks the last entry had (and mounted with `discard`, waits for the disk to
/// discard them), which held up every batch's reading by ~4 ms. The file is emptied once,
/// when the scan closes it.
///
/// Used by one thread at a time: the scan thread, and the batch reader in between
/// `BatchReader.start` and `collect` (whose group orders the accesses).
final class ScanJournal: @unchecked Sendable {
    /// What a leftover journal says about the run that died.
    struct Recovery {
        var culprit: RawPath?
        var suspects: Set<RawPath> = []
    }

    /// The journal file; nil keeps no journal (in-memory databases).
    let url: URL?
    private var descriptor: Int32 = -1

    init(url: URL?) {
        self.url = url
    }

    deinit {
        if descriptor >= 0 { Foundation.close(descriptor) }
    }

    /// Reads what a previous run left behind, then marks the journal idle.
    func recover() -> Recovery {
        guard let url, let text = try? String(contentsOf: url, encoding: .utf8) else { return Recovery() }
        var lines = text.split(separator: "\n").map(String.init)
        guard !lines.isEmpty else { return Recovery() }
        let mode = lines.removeFirst()
        // An entry ends at its "end" line (hex never spells it); what follows is left from
        // a longer entry before it. A journal written without one ends with the file.
        let paths = lines.prefix { $0 != Self.end }.compactMap(ScanJournal.decode)
        clear()
        switch mode {
        case "single": return Recovery(culprit: paths.first)
        case "batch": return Recovery(suspects: Set(paths))
        default: return Recovery()
        }
    }

    /// Notes that these files are about to be read in parallel.
    func willRead(batch paths: [RawPath]) {
        write("batch", paths)
    }

    /// Notes that this one file is about to be read.
    func willRead(single path: RawPath) {
        write("single", [path])
    }

    /// Notes that nothing is being read.
    func clear() {
        write("idle", [])
    }

    /// Empties the journal and closes it: the scan is over.
    func close() {
        guard descriptor >= 0 else { return }
        _ = ftruncate(descriptor, 0)
        Foundation.close(descriptor)
        descriptor = -1
    }

    private static let end = "end"

    private func write(_ mode: String, _ paths: [RawPath]) {
        guard let url else { return }
        if descriptor < 0 {
            descriptor = open(url.path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { return }
        }
        // The entry's bytes built in place: a batch's entry is ~40 KB of hex.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(mode.utf8.count + Self.end.utf8.count + 2 + paths.reduce(0) { $0 + 2 * $1.bytes.count + 1 })
        bytes += mode.utf8
        bytes.append(UInt8(ascii: "\n"))
        for path in paths {
            Self.appendHex(of: path, to: &bytes)
            bytes.append(UInt8(ascii: "\n"))
        }
        bytes += Self.end.utf8
        bytes.append(UInt8(ascii: "\n"))
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = pwrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset, off_t(offset))
                if written <= 0 { return }
                offset += written
            }
        }
    }

    /// Hex, so any byte (newlines, invalid UTF-8) survives a line-based file.
    static func encode(_ path: RawPath) -> String {
        var out = [UInt8]()
        out.reserveCapacity(path.bytes.count * 2)
        appendHex(of: path, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `path`'s bytes as lowercase hex digits, two a byte.
    private static func appendHex(of path: RawPath, to out: inout [UInt8]) {
        for byte in path.bytes {
            out.append(hexDigits[Int(byte >> 4)])
            out.append(hexDigits[Int(byte & 0x0F)])
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    static func decode(_ line: String) -> RawPath? {
        let characters = Array(line.utf8)
        guard characters.count % 2 == 0, !characters.isEmpty else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(characters.count / 2)
        var index = 0
        while index < characters.count {
            guard let byte = UInt8(String(decoding: characters[index...index + 1], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
            index += 2
        }
        return RawPath(bytes: bytes)
    }
}
