/// What a query lists.
public enum QueryTarget: String, Sendable, CaseIterable, Codable {
    case tracks, albums, artists
}
