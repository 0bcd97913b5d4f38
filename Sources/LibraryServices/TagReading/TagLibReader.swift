import LibraryCore

// TEMPORARY until the CTagLib work lands: replaced by the real TagLib reader.
public struct TagLibReader: TagReader {
    public init() {}
    public func read(_ path: RawPath) throws(TagReadError) -> TrackMetadata {
        throw TagReadError(.readerFailure, "TagLib reader not built yet")
    }
}
