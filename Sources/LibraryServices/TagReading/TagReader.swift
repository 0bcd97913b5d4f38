import Foundation
import LibraryCore

/// Reads tags and audio properties from one file.
///
/// Implementations must be safe to call from several threads at once on different files.
public protocol TagReader: Sendable {
    /// Reads the file at `path`, or throws a `TagReadError` saying why it could not be read.
    func read(_ path: RawPath) throws(TagReadError) -> TagReading
}

/// What a `TagReader` read from one file.
public struct TagReading: Sendable, Equatable {
    public var metadata: TrackMetadata
    /// Identifies the file's audio content, whatever its path and tags: equal for a file
    /// that was moved, renamed or retagged, different for other audio. Nil when the reader
    /// cannot tell; such files are never matched as moves.
    public var fingerprint: String?

    public init(metadata: TrackMetadata, fingerprint: String?) {
        self.metadata = metadata
        self.fingerprint = fingerprint
    }
}

/// Why a file could not be read; `message` is a short reason a user can act on.
public struct TagReadError: Error, Equatable, Sendable, LocalizedError {
    /// The broad class of failure.
    public enum Kind: String, Sendable, Equatable, Codable {
        /// The file could not be opened (permissions, vanished, I/O error).
        case unreadable
        /// The file is empty.
        case empty
        /// The content is not a format TagLib can read (whatever the extension says).
        case notAudio
        /// The format was recognised but the tag library cannot use the file (no audio stream,
        /// invalid). A file that is merely cut short is read, with `TrackMetadata.damage` set.
        case corrupt
        /// Audio by its content, in a format the tag library cannot read (DSD, raw AAC, ...).
        case unsupported
        /// A crash or internal failure inside the tag library.
        case readerFailure
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var errorDescription: String? { message }
}
