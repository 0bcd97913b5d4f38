/// A present track with its content fingerprint and length, a duplicate candidate.
struct FingerprintedTrack: Sendable, Equatable {
    var reference: LibraryHealth.TrackReference
    var fingerprint: String
    var durationMs: Int
}

extension DoctorStore {
    /// Lengths further apart than this are different recordings, whatever the fingerprint.
    static let duplicateLengthTolerance = 1_000

    /// Groups tracks holding the same audio: the same fingerprint and lengths within
    /// `duplicateLengthTolerance` of the next shorter one in the group.
    ///
    /// The fingerprint hashes the end of the audio payload only, so two recordings that both
    /// end in digital silence can share it; their lengths tell them apart. The lengths of one
    /// file's copies are equal, but a tolerance rather than equality keeps a copy whose
    /// length TagLib estimates slightly differently (a VBR MP3 without a Xing header, say)
    /// with the others. Groups of one are dropped; members and groups are ordered by path.
    static func duplicateGroups(_ tracks: [FingerprintedTrack]) -> [[LibraryHealth.TrackReference]] {
        let byFingerprint = Dictionary(grouping: tracks, by: \.fingerprint)
        var groups: [[LibraryHealth.TrackReference]] = []
        for candidates in byFingerprint.values where candidates.count > 1 {
            var group: [FingerprintedTrack] = []
            for track in candidates.sorted(by: { $0.durationMs < $1.durationMs }) {
                if let previous = group.last, track.durationMs - previous.durationMs > duplicateLengthTolerance {
                    if group.count > 1 { groups.append(group.map(\.reference)) }
                    group = []
                }
                group.append(track)
            }
            if group.count > 1 { groups.append(group.map(\.reference)) }
        }
        return groups
            .map { $0.sorted { $0.path < $1.path } }
            .sorted { $0[0].path < $1[0].path }
    }
}
