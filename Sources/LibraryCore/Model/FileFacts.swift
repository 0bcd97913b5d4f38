/// What `stat` says about one file: enough to tell whether it changed since the last scan.
public struct FileFacts: Sendable, Equatable {
    public var path: RawPath
    public var size: Int64
    /// Modification time, nanoseconds since 1970.
    public var mtimeNs: Int64
    /// Status-change time, nanoseconds since 1970 (catches `touch -m` back-dating).
    public var ctimeNs: Int64
    public var inode: UInt64

    public init(path: RawPath, size: Int64, mtimeNs: Int64, ctimeNs: Int64, inode: UInt64) {
        self.path = path; self.size = size; self.mtimeNs = mtimeNs
        self.ctimeNs = ctimeNs; self.inode = inode
    }

    /// Whether `other` describes the same unchanged content (size, mtime and ctime equal).
    public func isUnchanged(comparedTo size: Int64, mtimeNs: Int64, ctimeNs: Int64) -> Bool {
        self.size == size && self.mtimeNs == mtimeNs && self.ctimeNs == ctimeNs
    }
}
