import LibraryCore

/// Reads a batch of files on every core (each read uses its own TagLib file object) and
/// prepares there the record the writer stores, folded text and all.
struct ParallelReader {
    let reader: any TagReader

    func read(_ files: [FileFacts]) -> [Result<TrackRecord, TagReadError>] {
        files.concurrentMap { file in
            do throws(TagReadError) {
                let reading = try reader.read(file.path)
                return .success(TrackRecord(metadata: reading.metadata, file: file, fingerprint: reading.fingerprint))
            } catch {
                return .failure(error)
            }
        }
    }
}
