/// A file that could not be read, as stored for `doctor` and for skipping unchanged bad files.
public struct StoredFailure: Sendable, Equatable, Codable {
    public var pathText: String
    public var size: Int64
    public var mtimeNs: Int64
    public var kind: String
    public var reason: String

    public init(pathText: String, size: Int64, mtimeNs: Int64, kind: String, reason: String) {
        self.pathText = pathText; self.size = size; self.mtimeNs = mtimeNs; self.kind = kind; self.reason = reason
    }
}
