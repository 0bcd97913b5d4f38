import Foundation
import LibraryCore
import LibraryServices

/// What to sync on the server: the library named `library`, or the part of a library at
/// `path` (a folder inside one of the server's libraries; nothing else is scanned), or,
/// with neither, every library in turn.
///
/// Every key may be left out when decoding: `{}` syncs every library with the default
/// options, and `options` may name only the options it changes (`{"options": {"full": true}}`).
public struct ScanBody: Codable, Sendable, Equatable {
    public var library: String?
    public var path: RawPath?
    public var options: ScanOptions
    public init(library: String? = nil, path: RawPath? = nil, options: ScanOptions = ScanOptions()) {
        self.library = library; self.path = path; self.options = options
    }

    /// The most files a client may ask to be read per transaction.
    public static let batchSizes = 1...4096

    private enum CodingKeys: String, CodingKey {
        case library, path, options
    }

    private enum OptionKeys: String, CodingKey {
        case full, includeHidden, batchSize, allowEmptyRoot
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        library = try container.decodeIfPresent(String.self, forKey: .library)
        path = try container.decodeIfPresent(RawPath.self, forKey: .path)
        options = ScanOptions()
        guard container.contains(.options), try !container.decodeNil(forKey: .options) else { return }
        let given = try container.nestedContainer(keyedBy: OptionKeys.self, forKey: .options)
        options.full = try given.decodeIfPresent(Bool.self, forKey: .full) ?? options.full
        options.includeHidden = try given.decodeIfPresent(Bool.self, forKey: .includeHidden) ?? options.includeHidden
        options.allowEmptyRoot = try given.decodeIfPresent(Bool.self, forKey: .allowEmptyRoot) ?? options.allowEmptyRoot
        if let batchSize = try given.decodeIfPresent(Int.self, forKey: .batchSize) {
            guard Self.batchSizes.contains(batchSize) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .batchSize, in: given,
                    debugDescription: "must be from \(Self.batchSizes.lowerBound) to \(Self.batchSizes.upperBound), not \(batchSize).")
            }
            options.batchSize = batchSize
        }
    }
}

/// `POST scans`: syncs server libraries, streaming each scan's events as NDJSON lines
/// until the last `finished` (or an `error` line).
public struct ScanLibrariesRequest: APIStreamingRequest {
    public typealias Response = ScanLine
    public static let method = APIMethod.post, endpoint = "scans"
    public static let access = APIAccess.admin
    public let query: APIEmpty, body: ScanBody
    public init(query: APIEmpty, body: ScanBody) { self.query = query; self.body = body }
}

/// One line of a streamed scan: a `ScanEvent`, or the error that ended the stream.
/// In JSON, an object with one key: `waiting`, `started` (`{library, scope}`), `progress`,
/// `failure`, `finished` or `error` (`{kind, message}`).
public enum ScanLine: Codable, Sendable, Equatable {
    case event(ScanEvent)
    case error(APIErrorEnvelope.Detail)

    private enum Key: String, CodingKey {
        case waiting, started, progress, failure, finished, error
    }

    private struct Started: Codable {
        var library: Library
        var scope: RawPath
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        guard let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "A scan line names no event."))
        }
        switch key {
        case .waiting: self = .event(.waiting(try container.decode(String.self, forKey: key)))
        case .started:
            let started = try container.decode(Started.self, forKey: key)
            self = .event(.started(started.library, scope: started.scope))
        case .progress: self = .event(.progress(try container.decode(ScanProgress.self, forKey: key)))
        case .failure: self = .event(.failure(try container.decode(ScanFailure.self, forKey: key)))
        case .finished: self = .event(.finished(try container.decode(ScanSummary.self, forKey: key)))
        case .error: self = .error(try container.decode(APIErrorEnvelope.Detail.self, forKey: key))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        switch self {
        case .event(.waiting(let message)): try container.encode(message, forKey: .waiting)
        case .event(.started(let library, let scope)): try container.encode(Started(library: library, scope: scope), forKey: .started)
        case .event(.progress(let progress)): try container.encode(progress, forKey: .progress)
        case .event(.failure(let failure)): try container.encode(failure, forKey: .failure)
        case .event(.finished(let summary)): try container.encode(summary, forKey: .finished)
        case .error(let detail): try container.encode(detail, forKey: .error)
        }
    }
}
