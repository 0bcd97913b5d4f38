import Foundation
@testable import LibraryCore
@testable import LibraryStorage
import Testing

@Suite("DoctorStore")
struct DoctorStoreTests {
    typealias Reference = LibraryHealth.TrackReference

    @Test func anEmptyDatabaseIsHealthy() throws {
        let health = try DoctorFixture().health()
        #expect(health == LibraryHealth())
        #expect(health.isHealthy)
    }

    @Test func damagedMissingAndUnreadableAreListedByPath() throws {
        let fixture = try DoctorFixture()
        let damaged = try fixture.track(.init(path: "/m/a/b.flac", title: "B", damage: "last frame cut short"))
        try fixture.track(.init(path: "/m/a/gone-damaged.flac", title: "G", missing: true, damage: "cut"))
        let gone = try fixture.track(.init(path: "/m/a/a.flac", title: "A", missing: true))
        try fixture.track(.init(path: "/m/a/fine.flac", title: "Fine"))
        try fixture.failure("/m/a/z.mp3", reason: "empty file (0 bytes)")
        try fixture.failure("/m/a/y.mp3", reason: "not an audio file TagLib can read")

        let health = try fixture.health()
        #expect(health.damaged == [.init(id: damaged, path: "/m/a/b.flac", problem: "last frame cut short")])
        #expect(health.missing.map(\.path) == ["/m/a/a.flac", "/m/a/gone-damaged.flac"])
        #expect(health.missing.first?.id == gone)
        #expect(health.unreadable == [
            .init(path: "/m/a/y.mp3", reason: "not an audio file TagLib can read"),
            .init(path: "/m/a/z.mp3", reason: "empty file (0 bytes)"),
        ])
        #expect(health.problemCount == 5)
    }

    @Test func duplicatesShareFingerprintAndLengthToATenth() throws {
        let fixture = try DoctorFixture()
        let b2 = try fixture.track(.init(path: "/m/b/2.flac", title: "X", fingerprint: "F:1", durationMs: 200_099))
        let a1 = try fixture.track(.init(path: "/m/a/1.flac", title: "X", fingerprint: "F:1", durationMs: 200_000))
        let c3 = try fixture.track(.init(path: "/m/c/3.flac", title: "X", fingerprint: "F:1", durationMs: 200_000))
        // Same ending (digital silence), other recordings: other lengths, even by a tenth.
        try fixture.track(.init(path: "/m/s/next.flac", title: "N", fingerprint: "F:1", durationMs: 200_100))
        try fixture.track(.init(path: "/m/s/long.flac", title: "L", fingerprint: "F:1", durationMs: 300_000))
        try fixture.track(.init(path: "/m/s/long2.flac", title: "L", fingerprint: "F:1", durationMs: 300_500))
        // A copy that is gone does not count, nor does a track without a fingerprint.
        let y1 = try fixture.track(.init(path: "/m/a/y.flac", title: "Y", fingerprint: "F:2"))
        let y2 = try fixture.track(.init(path: "/m/b/y.flac", title: "Y", fingerprint: "F:2"))
        try fixture.track(.init(path: "/m/c/y.flac", title: "Y", fingerprint: "F:2", missing: true))
        try fixture.track(.init(path: "/m/a/n1.flac", title: "N"))
        try fixture.track(.init(path: "/m/a/n2.flac", title: "N"))

        #expect(try fixture.health().duplicates == [
            [Reference(id: a1, path: "/m/a/1.flac"), Reference(id: b2, path: "/m/b/2.flac"), Reference(id: c3, path: "/m/c/3.flac")],
            [Reference(id: y1, path: "/m/a/y.flac"), Reference(id: y2, path: "/m/b/y.flac")],
        ])
    }

    @Test func untaggedTracksLackTitleArtistOrAlbum() throws {
        let fixture = try DoctorFixture()
        let noTitle = try fixture.track(.init(path: "/m/a/03 Track.flac", title: nil))
        let noArtist = try fixture.track(.init(path: "/m/a/b.flac", title: "B", artist: nil))
        let noAlbum = try fixture.track(.init(path: "/m/a/c.flac", title: "C", album: nil))
        // A title that only appears inside the path (a folder's name) is a real title.
        try fixture.track(.init(path: "/m/Song.d/Song.flac.flac", title: "Song"))
        try fixture.track(.init(path: "/m/a/01 Intro.flac", title: "Intro"))
        try fixture.track(.init(path: "/m/a/gone.flac", title: nil, missing: true))

        #expect(try fixture.health().untagged == [
            Reference(id: noTitle, path: "/m/a/03 Track.flac"), Reference(id: noArtist, path: "/m/a/b.flac"),
            Reference(id: noAlbum, path: "/m/a/c.flac"),
        ])
    }

    @Test func albumGapsAreFoundPerDisc() throws {
        let fixture = try DoctorFixture()
        let single = try fixture.album("Single Disc", by: "B")
        for number in [1, 2, 4] { try fixture.track(.init(path: "/m/s/\(number).flac", title: "S", albumID: single, track: number)) }
        // The track total reaches past the last present track; a missing track leaves a gap.
        try fixture.track(.init(path: "/m/s/3.flac", title: "S", albumID: single, track: 3, total: 6, missing: true))
        try fixture.track(.init(path: "/m/s/5.flac", title: "S", albumID: single, track: 5, total: 6))

        let double = try fixture.album("Double", by: "A")
        for (disc, number) in [(1, 1), (1, 2), (2, 2), (2, 2)] {
            try fixture.track(.init(path: "/m/d/\(disc)-\(number)-\(UUID()).flac", title: "D", albumID: double, track: number, disc: disc))
        }
        let complete = try fixture.album("Complete", by: "C")
        for number in 1...3 { try fixture.track(.init(path: "/m/c/\(number).flac", title: "C", albumID: complete, track: number, total: 3)) }
        let unnumbered = try fixture.album("Unnumbered", by: "D")
        for number in 1...2 { try fixture.track(.init(path: "/m/u/\(number).flac", title: "U", albumID: unnumbered)) }
        // One disc present of two: it is still a multi-disc album.
        let firstDisc = try fixture.album("First Disc Only", by: "E")
        try fixture.track(.init(path: "/m/e/2.flac", title: "E", albumID: firstDisc, track: 2, disc: 1, discTotal: 2))

        #expect(try fixture.health().incompleteAlbums == [
            .init(id: double, album: "Double", albumArtist: "A", disc: 2, missingTrackNumbers: [1]),
            .init(id: single, album: "Single Disc", albumArtist: "B", disc: nil, missingTrackNumbers: [3, 6]),
            .init(id: firstDisc, album: "First Disc Only", albumArtist: "E", disc: 1, missingTrackNumbers: [1]),
        ])
    }

    @Test func jsonKeepsEveryKeyAndANullDisc() throws {
        let health = LibraryHealth(incompleteAlbums: [.init(id: 1, album: "A", albumArtist: "B", disc: nil, missingTrackNumbers: [2])])
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(health)) as? [String: Any]
        #expect(Set(object?.keys.map { $0 } ?? []) == ["damaged", "unreadable", "missing", "duplicates", "untagged", "incompleteAlbums", "possibleUpgrades"])
        let album = (object?["incompleteAlbums"] as? [[String: Any]])?.first
        #expect(album?.keys.contains("disc") == true)
        #expect(album?["disc"] is NSNull)
        #expect(try JSONDecoder().decode(LibraryHealth.self, from: JSONEncoder().encode(health)) == health)
    }
}
