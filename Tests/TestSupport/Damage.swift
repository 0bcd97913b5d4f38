import Foundation
import LibraryCore
import LibraryServices
import LibraryStorage

/// Records `problem` as the damage of the track at `path` in the database file `database`,
/// as a scan that found the file damaged would (the scanner's part is built separately).
public func recordDamage(_ problem: String, onTrackAt path: String, inDatabase database: String) throws {
    let connection = try Connection(location: .file(database))
    try connection.execute("UPDATE track SET damage = \(problem) WHERE path_text = \(path)")
    guard connection.changes == 1 else {
        throw LibraryError(.notFound, "no track at \(path) to mark damaged")
    }
}
