/// An ORDER BY made from `--sort` keys like `year+ title-`.
public struct SortOrder: Sendable, Equatable, CustomStringConvertible {
    package struct Key: Equatable, Sendable {
        package let field: String
        package let ascending: Bool
    }

    /// The keys in order; empty means the target's default order.
    package let keys: [Key]

    /// The default order for a target (tracks: album artist, album, disc, track, title;
    /// albums: album artist, year, album; artists: name).
    public static func defaultOrder(for target: QueryTarget) -> SortOrder {
        let fields: [String] = switch target {
        case .tracks: ["albumartist", "album", "disc", "track", "title"]
        case .albums: ["albumartist", "year", "album"]
        case .artists: ["name"]
        }
        return SortOrder(keys: fields.map { Key(field: $0, ascending: true) })
    }

    /// The sort field names valid for `target`, sorted.
    public static func fields(for target: QueryTarget) -> [String] {
        SortColumns.table(for: target).keys.sorted()
    }

    /// Parses sort keys (`field+` ascending, `field-` descending, bare is ascending).
    ///
    /// An argument may hold several keys separated by spaces. Fields must be valid for at
    /// least one target; `sql(for:)` skips keys that do not apply to its target.
    public static func parse(_ keys: [String]) throws(QueryError) -> SortOrder {
        try parse(keys, validFields: SortColumns.allFields)
    }

    /// Parses sort keys, accepting only fields valid for `target`.
    public static func parse(_ keys: [String], for target: QueryTarget) throws(QueryError) -> SortOrder {
        try parse(keys, validFields: Set(fields(for: target)))
    }

    private static func parse(_ arguments: [String], validFields: Set<String>) throws(QueryError) -> SortOrder {
        var keys: [Key] = []
        for argument in arguments {
            for piece in argument.split(whereSeparator: { $0.isWhitespace || $0 == "," }) {
                var field = piece.lowercased()
                var ascending = true
                if let last = field.last, last == "+" || last == "-" {
                    ascending = last == "+"
                    field.removeLast()
                }
                guard !field.isEmpty else {
                    throw QueryError.bad(String(piece), "missing sort field", "use keys like year+ or title-")
                }
                guard validFields.contains(field) else {
                    throw QueryError(
                        term: String(piece),
                        message: "unknown sort field \"\(field)\" in \"\(piece)\": valid sort fields are \(validFields.sorted().joined(separator: ", "))")
                }
                keys.append(Key(field: field, ascending: ascending))
            }
        }
        return SortOrder(keys: keys)
    }

    /// The keys as text (`year+ title-`) that `parse` reads back to the same order.
    public var description: String {
        keys.map { $0.field + ($0.ascending ? "+" : "-") }.joined(separator: " ")
    }
}
