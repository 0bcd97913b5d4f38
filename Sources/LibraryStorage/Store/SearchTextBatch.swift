import LibraryCore

/// The searched text (folded title, artist, album, album artist, composer, genre) of the
/// tracks a batch of `TrackStore.save` calls rewrote, set in one statement at the end of
/// the batch by `TrackStore.setSearchText`.
///
/// Used on one connection's thread, like the connection.
package final class SearchTextBatch {
    private var rows: [(id: Int64, folds: TrackRecord.Folds)] = []

    package init() {}

    /// Whether no track is waiting for its text.
    package var isEmpty: Bool { rows.isEmpty }

    func add(id: Int64, folds: TrackRecord.Folds) {
        rows.append((id, folds))
    }

    func removeAll() {
        rows.removeAll(keepingCapacity: true)
    }

    /// `[[id, title, artist, album, album artist, composer, genre], ...]`.
    var json: String {
        "[" + rows.map { row in
            let folds = row.folds
            return "[\(row.id)," + JSONText.encode([folds.title, folds.artist, folds.album, folds.albumArtist, folds.composer, folds.genre])
                .dropFirst()
        }.joined(separator: ",") + "]"
    }
}
