import LibraryCore
import Testing

@Suite("Which tracks hold one recording, and which pairs are upgrades")
struct RecordingPairsTests {
    private func side(
        _ id: Int64, title: String = "cafe song", album: String = "upgrade album", artist: String = "artist", disc: Int = 1,
        track: Int? = 1, ms: Int = 180_000, recording: String? = nil, release: String? = nil
    ) -> RecordingSide {
        RecordingSide(
            id: id, pathText: "/m/\(id)", isMissing: id < 10, durationMs: ms, titleFold: title, albumFold: album,
            albumArtistFold: artist, disc: disc, trackNumber: track, musicBrainzRecordingID: recording, musicBrainzTrackID: release)
    }

    @Test func tagsMustAllAgreeWhenEitherSideLacksMusicBrainzIDs() {
        #expect(side(1).agrees(with: side(11, recording: "r")))
        #expect(!side(1).agrees(with: side(11, title: "other")))
        #expect(!side(1).agrees(with: side(11, album: "other")))
        #expect(!side(1).agrees(with: side(11, artist: "other")))
        #expect(!side(1).agrees(with: side(11, disc: 2)))
        #expect(!side(1).agrees(with: side(11, track: 2)))
        #expect(!side(1, album: "").agrees(with: side(11, album: "")), "no album: the tags prove nothing")
    }

    @Test func musicBrainzIDsDecideWhenBothHaveThemWithTheTitleOrArtistInCommon() {
        #expect(side(1, title: "a", album: "x", recording: "r").agrees(with: side(11, title: "b", album: "y", recording: "r")))
        #expect(side(1, title: "a", release: "t").agrees(with: side(11, title: "b", release: "t")))
        #expect(!side(1, recording: "r").agrees(with: side(11, recording: "s")), "different ids: tags that agree do not count")
        #expect(!side(1, title: "a", artist: "p", recording: "r").agrees(with: side(11, title: "b", artist: "q", recording: "r")),
                "an id copied onto an unrelated file")
    }

    @Test func onlyAUniquePairWithinTwoSecondsIsAnUpgrade() {
        let judged = RecordingPairs.judge([
            (side(1), side(11, ms: 181_900)),
            (side(2, title: "two"), side(12, title: "two", ms: 184_500)),
            (side(3, title: "three"), side(13, title: "three")), (side(3, title: "three"), side(14, title: "three")),
            (side(4, title: "four"), side(15, title: "other")),
        ])
        let verdicts = Dictionary(uniqueKeysWithValues: judged.map { ([$0.old.id, $0.new.id], $0.verdict) })
        #expect(verdicts == [
            [1, 11]: .upgrade, [2, 12]: .durationOff(4500),
            [3, 13]: .ambiguous(oldCount: 1, newCount: 2), [3, 14]: .ambiguous(oldCount: 1, newCount: 2),
        ])
        #expect(RecordingPairs.Verdict.durationOff(4500).reason == "duration off by 4.5 s")
        #expect(RecordingPairs.Verdict.ambiguous(oldCount: 1, newCount: 2).reason == "ambiguous: 2 present tracks match")
    }
}
