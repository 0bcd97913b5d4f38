import Foundation

extension BrowseStore {
    /// The most ids `sampledIDs` draws.
    static let maximumSample = 1_000

    /// `count` distinct ids of `table` rows (aliased `alias`) matching `condition`, in random
    /// order, or nil when too few were drawn (a narrow condition, a sparse or small table):
    /// the caller then sorts every matching row by `random()`.
    ///
    /// Ids are drawn uniformly from `[min(id), max(id)]` and kept when their row exists and
    /// matches, so every matching row is equally likely, as with `ORDER BY random()`, at the
    /// cost of one primary-key lookup per draw instead of a sort of every matching row.
    /// Draws are bounded by `4 * count + 32`, so a condition that matches under about a
    /// quarter of the id range gives up quickly; more than `maximumSample` ids are not drawn.
    static func sampledIDs(_ count: Int, from table: String, as alias: String, where condition: SQL, _ db: Connection) throws -> [Int64]? {
        guard count > 0 else { return [] }
        guard count <= maximumSample else { return nil }
        guard let range = try db.row(idRange(of: table)),
              let low: Int64 = range["low"], let high: Int64 = range["high"] else { return nil }
        var chosen: [Int64] = []
        var drawn = Set<Int64>()
        for _ in 0..<(4 * count + 32) where chosen.count < count {
            let id = Int64.random(in: low...high)
            guard drawn.insert(id).inserted else { continue }
            let matches: Int64? = try db.scalar("SELECT 1 FROM \(sql: table) \(sql: alias) WHERE \(sql: alias).id = \(id) AND \(condition)")
            if matches != nil { chosen.append(id) }
        }
        return chosen.count == count ? chosen : nil
    }

    /// The lowest and highest id of `table` (`low`, `high`; NULL when it is empty), each read
    /// from one end of the table. Both aggregates in one select read every row instead:
    /// SQLite looks one end up only for a lone `min` or `max` (9 ms at 100,000 tracks).
    static func idRange(of table: String) -> SQL {
        "SELECT (SELECT min(id) FROM \(sql: table)) AS low, (SELECT max(id) FROM \(sql: table)) AS high"
    }
}
