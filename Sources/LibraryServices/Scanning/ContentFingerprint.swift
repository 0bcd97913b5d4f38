#if canImport(Glibc)
import Glibc
#endif
import LibraryCore

/// A fingerprint of a file's audio content that survives moves, renames and retagging.
///
/// It hashes (FNV-1a, 64-bit) the last 4 KiB of the *audio payload*, plus the format and
/// duration. Tags live at the front (ID3v2, FLAC metadata blocks, Vorbis comment pages,
/// MP4 `moov`) or in a trailer (ID3v1, APEv2), so the payload is bounded per format: after
/// an ID3v2 tag or the FLAC metadata blocks and before any trailer; the `mdat` atom of
/// MP4; the `data`/`SSND` chunk of WAV and AIFF. For Ogg only the bodies of audio pages
/// (granule position > 0) are hashed, because a retag that changes the header packets
/// renumbers (and re-checksums) every later page header.
/// Re-encoding changes the fingerprint, which is right: it is then another file.
enum ContentFingerprint {
    static let window = 4096

    /// The fingerprint of the file at `path`, or nil when it cannot be read.
    static func compute(_ path: RawPath, metadata: TrackMetadata) -> String? {
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        let file = Reader(fd: fd, size: Int64(info.st_size))
        var region: (start: Int64, end: Int64)
        switch metadata.format {
        case "AAC", "ALAC", "MP4":
            region = file.atom(named: "mdat") ?? (0, file.size)
        case "WAV":
            region = file.chunk(named: "data", littleEndian: true, headerSize: 12) ?? (0, file.size)
        case "AIFF":
            region = file.chunk(named: "SSND", littleEndian: false, headerSize: 12) ?? (0, file.size)
        case "FLAC":
            region = (file.flacAudioStart() ?? 0, file.endBeforeTrailers())
        default:
            region = (file.id3v2End(), file.endBeforeTrailers())
        }
        let end = region.end
        let start = max(region.start, end - Int64(window))
        guard var bytes = file.read(at: start, count: Int(end - start)) else { return nil }
        if ["Vorbis", "Opus", "Speex", "Ogg FLAC"].contains(metadata.format) {
            bytes = oggBodies(bytes)
        }
        let hash = fnv1a64(bytes)
        return "\(metadata.format):\(metadata.durationMs / 100):\(String(hash, radix: 16))"
    }

    /// FNV-1a over 64-bit words (then the tail bytes): fast, and plenty for telling audio apart.
    static func fnv1a64(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        bytes.withUnsafeBytes { raw in
            let words = raw.count / 8
            for index in 0..<words {
                hash ^= raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
                hash = hash &* 0x0000_0100_0000_01B3
            }
            for index in (words * 8)..<raw.count {
                hash ^= UInt64(raw[index])
                hash = hash &* 0x0000_0100_0000_01B3
            }
        }
        return hash
    }

    /// The bodies of the audio pages (granule position > 0) that start inside `bytes`.
    static func oggBodies(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        let capture: [UInt8] = [0x4F, 0x67, 0x67, 0x53]
        while index + 27 <= bytes.count {
            guard bytes[index..<index + 4].elementsEqual(capture) else { index += 1; continue }
            let segments = Int(bytes[index + 26])
            let tableEnd = index + 27 + segments
            guard tableEnd <= bytes.count else { break }
            let bodyLength = bytes[(index + 27)..<tableEnd].reduce(0) { $0 + Int($1) }
            let bodyEnd = min(bytes.count, tableEnd + bodyLength)
            let granuleIsZero = bytes[(index + 6)..<(index + 14)].allSatisfy { $0 == 0 }
            if !granuleIsZero { result.append(contentsOf: bytes[tableEnd..<bodyEnd]) }
            index = bodyEnd
        }
        return result.isEmpty ? bytes : result
    }

    /// Positioned reads of one open file.
    struct Reader {
        let fd: Int32
        let size: Int64

        func read(at offset: Int64, count: Int) -> [UInt8]? {
            guard count > 0 else { return [] }
            var buffer = [UInt8](repeating: 0, count: count)
            let got = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
            guard got > 0 else { return nil }
            return got == count ? buffer : Array(buffer[0..<got])
        }

        /// The end of the audio before an ID3v1 tag and/or an APEv2 tag at the end.
        func endBeforeTrailers() -> Int64 {
            var end = size
            if end >= 128, let tag = read(at: end - 128, count: 3), tag == Array("TAG".utf8) { end -= 128 }
            if end >= 32, let footer = read(at: end - 32, count: 32), footer.starts(with: Array("APETAGEX".utf8)) {
                let tagSize = Int64(footer[12]) | Int64(footer[13]) << 8 | Int64(footer[14]) << 16 | Int64(footer[15]) << 24
                let hasHeader = footer[23] & 0x80 != 0
                end = max(0, end - tagSize - (hasHeader ? 32 : 0))
            }
            return end
        }

        /// Where the audio starts after a leading ID3v2 tag (0 without one).
        func id3v2End() -> Int64 {
            guard let header = read(at: 0, count: 10), header.count == 10, header.starts(with: Array("ID3".utf8)) else { return 0 }
            let size = header[6..<10].reduce(Int64(0)) { $0 << 7 | Int64($1 & 0x7F) }
            return min(self.size, 10 + size + (header[5] & 0x10 != 0 ? 10 : 0))
        }

        /// Where FLAC frames start: after "fLaC" (and any ID3v2 before it) and the metadata blocks.
        func flacAudioStart() -> Int64? {
            var offset = id3v2End()
            guard let magic = read(at: offset, count: 4), magic == Array("fLaC".utf8) else { return nil }
            offset += 4
            while let header = read(at: offset, count: 4), header.count == 4 {
                let length = Int64(header[1]) << 16 | Int64(header[2]) << 8 | Int64(header[3])
                offset += 4 + length
                if header[0] & 0x80 != 0 { return min(offset, size) }
            }
            return nil
        }

        /// The data range of the first top-level MP4 atom of this type.
        func atom(named name: String) -> (start: Int64, end: Int64)? {
            var offset: Int64 = 0
            let type = Array(name.utf8)
            while offset + 8 <= size, let header = read(at: offset, count: 16), header.count >= 8 {
                var length = Int64(UInt32(header[0]) << 24 | UInt32(header[1]) << 16 | UInt32(header[2]) << 8 | UInt32(header[3]))
                if length == 1, header.count >= 16 {
                    length = header[8..<16].reduce(Int64(0)) { $0 << 8 | Int64($1) }
                } else if length == 0 {
                    length = size - offset
                }
                guard length >= 8 else { return nil }
                if Array(header[4..<8]) == type {
                    return (offset + (header[0..<4] == [0, 0, 0, 1] ? 16 : 8), min(size, offset + length))
                }
                offset += length
            }
            return nil
        }

        /// The data range of the first RIFF/IFF chunk of this type after the file header.
        func chunk(named name: String, littleEndian: Bool, headerSize: Int64) -> (start: Int64, end: Int64)? {
            var offset = headerSize
            let type = Array(name.utf8)
            while offset + 8 <= size, let header = read(at: offset, count: 8), header.count == 8 {
                let b = header[4..<8].map(UInt32.init)
                let length = Int64(littleEndian ? b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24 : b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3])
                if Array(header[0..<4]) == type { return (offset + 8, min(size, offset + 8 + length)) }
                offset += 8 + length + (length & 1)
            }
            return nil
        }
    }
}
