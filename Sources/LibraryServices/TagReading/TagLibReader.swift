import CTagLib
import Foundation
import LibraryCore

/// Reads tags and audio properties with TagLib 1.13 through the CTagLib C API.
///
/// The format comes from the file's content, not its extension. Each call opens its own
/// TagLib file object, so concurrent reads of different files are safe. Files are opened
/// read-only and never written.
///
/// The fingerprint is "format:deciseconds:hash", the hash covering the last 4 KiB of the
/// audio payload with every tag area left out (see CTagLib's fingerprint.hpp for how each
/// format bounds its payload). Audio properties alone would collide for every track of
/// the same length and encoding, and hashing the whole file would cost a full read; the
/// payload's end differs between recordings, survives any retag, and costs one page read
/// of a file that is already open and cached.
public struct TagLibReader: TagReader {
    public init() {}

    public func read(_ path: RawPath) throws(TagReadError) -> TagReading {
        guard let result = path.withCString({ ctaglib_read($0) }) else {
            throw TagReadError(.readerFailure, "out of memory while reading tags")
        }
        defer { ctaglib_result_free(result) }
        let raw = result.pointee
        let format = raw.format.map { String(cString: $0) }

        switch raw.status {
        case CTAGLIB_STATUS_OK:
            let audio = AudioProperties(
                format: format ?? "unknown",
                durationMs: Int(raw.duration_ms),
                bitrate: raw.bitrate_kbps > 0 ? Int(raw.bitrate_kbps) : nil,
                sampleRate: raw.sample_rate > 0 ? Int(raw.sample_rate) : nil,
                channels: raw.channels > 0 ? Int(raw.channels) : nil,
                bitDepth: raw.bits_per_sample > 0 ? Int(raw.bits_per_sample) : nil,
                hasCoverArt: raw.has_cover_art
            )
            var metadata = TagMapping.metadata(entries: Self.properties(of: raw), audio: audio)
            metadata.damage = raw.damage.map { String(cString: $0) }
            let fingerprint = raw.has_content_hash
                ? "\(audio.format):\(audio.durationMs / 100):\(String(raw.content_hash, radix: 16))" : nil
            return TagReading(metadata: metadata, fingerprint: fingerprint)
        case CTAGLIB_STATUS_CANNOT_OPEN:
            throw TagReadError(.unreadable, Self.reason(errno: raw.error_number))
        case CTAGLIB_STATUS_EMPTY:
            throw TagReadError(.empty, "empty file (0 bytes)")
        case CTAGLIB_STATUS_NOT_AUDIO:
            throw TagReadError(.notAudio, "not an audio file TagLib can read")
        case CTAGLIB_STATUS_UNSUPPORTED:
            // "DSD audio (.dsf) is not supported by TagLib 1.13"
            throw TagReadError(.unsupported, raw.message.map { String(cString: $0) } ?? "audio format not supported by TagLib 1.13")
        case CTAGLIB_STATUS_CORRUPT:
            // The C layer says how: "truncated or damaged MP3 file (no audio data)".
            let reason = raw.message.map { String(cString: $0) }
            throw TagReadError(.corrupt, reason ?? "truncated or damaged \(format ?? "audio") file")
        default:
            let detail = raw.message.map { String(cString: $0) } ?? "unknown error"
            throw TagReadError(.readerFailure, "TagLib failed: \(detail)")
        }
    }

    /// Copies the C property list into owned Swift strings, keeping TagLib's key order.
    private static func properties(of raw: ctaglib_result) -> [(key: String, values: [String])] {
        guard let entries = raw.properties else { return [] }
        var properties: [(key: String, values: [String])] = []
        properties.reserveCapacity(raw.property_count)
        for entry in UnsafeBufferPointer(start: entries, count: raw.property_count) {
            guard let key = entry.key else { continue }
            var values: [String] = []
            if let list = entry.values {
                values.reserveCapacity(entry.value_count)
                for value in UnsafeBufferPointer(start: list, count: entry.value_count) {
                    if let value { values.append(String(cString: value)) }
                }
            }
            properties.append((String(cString: key), values))
        }
        return properties
    }

    /// A short reason for an open(2) failure.
    private static func reason(errno code: Int32) -> String {
        switch code {
        case EACCES, EPERM: "permission denied"
        case ENOENT: "file not found"
        case EISDIR: "is a folder, not a file"
        case ELOOP: "too many levels of symbolic links"
        case EIO: "input/output error while reading"
        default: String(cString: strerror(code)).lowercased()
        }
    }
}
