import Foundation

/// A named music root folder that Kanora keeps in sync.
public struct Library: Sendable, Equatable, Identifiable, Codable, LibraryFields {
    public var id: Int64
    public var name: String
    /// The canonical absolute root folder.
    public var root: RawPath
    public var createdAt: Date
    /// When the last complete scan finished; nil before the first one.
    public var lastScanAt: Date?

    public init(id: Int64, name: String, root: RawPath, createdAt: Date, lastScanAt: Date?) {
        self.id = id; self.name = name; self.root = root
        self.createdAt = createdAt; self.lastScanAt = lastScanAt
    }
}
