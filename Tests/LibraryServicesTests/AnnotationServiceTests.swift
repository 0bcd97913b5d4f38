import Foundation
import LibraryCore
import LibraryServices
import Testing
import TestSupport

@Suite("Annotations: stars, ratings, play counts and play queues per user")
struct AnnotationServiceTests {
    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    /// Three fake tracks on one album, and a second user.
    private func library() async throws -> (PlaylistTestLibrary, bob: Int64) {
        let library = try await PlaylistTestLibrary()
        defer { library.folder.remove() }
        let bob = try await library.services.users.addUser(named: "bob", password: "password-one", isAdmin: false).id
        return (library, bob)
    }

    @Test func starsKeepTheirFirstDateAndBelongToOneUser() async throws {
        let (library, bob) = try await library()
        let annotations = library.services.annotations
        let one = try await library.id("One")
        let album = try #require(try await library.services.library.track(id: one)?.albumID)
        try await annotations.star([.track(one), .album(album)], user: User.localID)
        let first = try await annotations.annotations(for: [.track(one), .album(album)], user: User.localID)
        #expect(first[.track(one)]?.starredAt != nil)
        #expect(first[.album(album)]?.starredAt != nil)
        try await annotations.star([.track(one)], user: User.localID)
        #expect(try await annotations.annotations(for: [.track(one)], user: User.localID)[.track(one)]?.starredAt == first[.track(one)]?.starredAt)
        #expect(try await annotations.annotations(for: [.track(one), .album(album)], user: bob).isEmpty)

        try await annotations.unstar([.track(one)], user: User.localID)
        let after = try await annotations.annotations(for: [.track(one), .album(album)], user: User.localID)
        #expect(after[.track(one)] == nil, "a row with no mark left is gone")
        #expect(after[.album(album)]?.starredAt != nil)
    }

    @Test func ratingsAreOneToFiveAndZeroOrNilClears() async throws {
        let (library, _) = try await library()
        let annotations = library.services.annotations
        let two = try await library.id("Two")
        try await annotations.setRating(4, for: .track(two), user: User.localID)
        #expect(try await annotations.annotations(for: [.track(two)], user: User.localID)[.track(two)]?.rating == 4)
        await expectError(.invalidInput) { try await annotations.setRating(6, for: .track(two), user: User.localID) }
        await expectError(.invalidInput) { try await annotations.setRating(-1, for: .track(two), user: User.localID) }
        #expect(try await annotations.annotations(for: [.track(two)], user: User.localID)[.track(two)]?.rating == 4)
        try await annotations.setRating(0, for: .track(two), user: User.localID)
        #expect(try await annotations.annotations(for: [.track(two)], user: User.localID)[.track(two)] == nil)
        let artist = try #require(try await library.services.library.artists(ListRequest()).first?.id)
        try await annotations.setRating(5, for: .artist(artist), user: User.localID)
        try await annotations.setRating(nil, for: .artist(artist), user: User.localID)
        #expect(try await annotations.annotations(for: [.artist(artist)], user: User.localID).isEmpty)
    }

    @Test func unknownItemsAreNotFoundAndChangeNothing() async throws {
        let (library, _) = try await library()
        let annotations = library.services.annotations
        let one = try await library.id("One")
        await expectError(.notFound) { try await annotations.star([.track(one), .track(9999)], user: User.localID) }
        await expectError(.notFound) { try await annotations.star([.album(9999)], user: User.localID) }
        await expectError(.notFound) { try await annotations.setRating(3, for: .artist(9999), user: User.localID) }
        await expectError(.notFound) { try await annotations.scrobble(trackID: 9999, at: Self.start, user: User.localID) }
        #expect(try await annotations.annotations(for: [.track(one)], user: User.localID).isEmpty)
    }

    @Test func aScrobbleCountsAPlayOfTheTrackAndItsAlbum() async throws {
        let (library, bob) = try await library()
        let annotations = library.services.annotations
        let one = try await library.id("One")
        let album = try #require(try await library.services.library.track(id: one)?.albumID)
        let two = try await library.id("Two")
        try await annotations.scrobble(trackID: one, at: Self.start, user: bob)
        try await annotations.scrobble(trackID: one, at: Self.start.addingTimeInterval(60), user: bob)
        // A late submission of an older play counts without moving the last-played time back.
        try await annotations.scrobble(trackID: two, at: Self.start.addingTimeInterval(-600), user: bob)
        let marks = try await annotations.annotations(for: [.track(one), .track(two), .album(album)], user: bob)
        #expect(marks[.track(one)] == Annotation(playCount: 2, lastPlayedAt: Self.start.addingTimeInterval(60)))
        #expect(marks[.track(two)]?.playCount == 1)
        #expect(marks[.album(album)] == Annotation(playCount: 3, lastPlayedAt: Self.start.addingTimeInterval(60)))
        #expect(try await annotations.annotations(for: [.track(one)], user: User.localID).isEmpty)
    }

    @Test func thePlayQueueIsSavedPerUserAndChecked() async throws {
        let (library, bob) = try await library()
        let annotations = library.services.annotations
        let one = try await library.id("One"), two = try await library.id("Two")
        #expect(try await annotations.playQueue(user: bob) == nil)
        let queue = PlayQueue(trackIDs: [two, one, two], currentTrackID: one, positionMs: 12_345, changedAt: Self.start.addingTimeInterval(0.25), changedBy: "DSub")
        try await annotations.savePlayQueue(queue, user: bob)
        #expect(try await annotations.playQueue(user: bob) == queue)
        #expect(try await annotations.playQueue(user: User.localID) == nil)

        await expectError(.notFound) { try await annotations.savePlayQueue(PlayQueue(trackIDs: [one, 9999], currentTrackID: nil, positionMs: 0, changedAt: Self.start, changedBy: nil), user: bob) }
        await expectError(.invalidInput) { try await annotations.savePlayQueue(PlayQueue(trackIDs: [one], currentTrackID: two, positionMs: 0, changedAt: Self.start, changedBy: nil), user: bob) }
        await expectError(.invalidInput) { try await annotations.savePlayQueue(PlayQueue(trackIDs: [one], currentTrackID: one, positionMs: -1, changedAt: Self.start, changedBy: nil), user: bob) }
        #expect(try await annotations.playQueue(user: bob) == queue)

        try await annotations.savePlayQueue(PlayQueue(trackIDs: [], currentTrackID: nil, positionMs: 0, changedAt: Self.start, changedBy: nil), user: bob)
        #expect(try await annotations.playQueue(user: bob) == nil)
    }

    @Test func removingAUserRemovesTheirMarks() async throws {
        let (library, _) = try await library()
        let one = try await library.id("One")
        let bob = try await library.services.users.user(named: "bob").id
        try await library.services.annotations.star([.track(one)], user: bob)
        _ = try await library.services.users.removeUser(named: "bob")
        #expect(try await library.services.annotations.annotations(for: [.track(one)], user: bob).isEmpty)
    }
}
