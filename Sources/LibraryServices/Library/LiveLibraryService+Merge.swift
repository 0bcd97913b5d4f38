import Foundation
import LibraryCore
import LibraryStorage

extension LiveLibraryService {
    public func merge(trackID oldID: Int64, into newID: Int64, force: Bool) async throws -> TrackMergeReport {
        guard oldID != newID else {
            throw LibraryError(.invalidInput, "Track \(oldID) was given twice: give the id of the track to keep, then the id of the track to merge into it.")
        }
        return try await database.writing { db in
            let old = try Self.existingTrack(id: oldID, db)
            let new = try Self.existingTrack(id: newID, db)
            if !old.isMissing && !new.isMissing && !force {
                throw LibraryError(.conflict, "Tracks \(oldID) (\(old.path.text)) and \(newID) (\(new.path.text)) both have files: merging would forget one of them; move or delete one and scan, or merge anyway with --force.")
            }
            // The survivor keeps a present file: the new one's, unless only the old one is present.
            let takesFile = !(new.isMissing && !old.isMissing)
            try MoveStore.merge([TrackMergePair(oldID: oldID, newID: newID, takesFile: takesFile)], db)
            try CatalogStore.deleteOrphans(db)
            let merged = try Self.existingTrack(id: oldID, db)
            return TrackMergeReport(track: merged, removedID: newID, removedPath: new.path.text)
        }
    }

    static func existingTrack(id: Int64, _ db: Connection) throws -> Track {
        guard let track = try TrackStore.find(id: id, db) else {
            throw LibraryError(.notFound, "No track with id \(id): `kanora list --missing --format '$id $path'` shows the ids.")
        }
        return track
    }
}
