/// What a query lists.
public enum QueryTarget: String, Sendable, CaseIterable {
    case tracks, albums, artists
}
