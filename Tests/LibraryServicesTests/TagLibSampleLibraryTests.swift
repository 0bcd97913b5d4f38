import Foundation
import LibraryCore
import LibraryServices
import Testing
import TestSupport

@Suite("The README sample library reads as a real collection")
struct TagLibSampleLibraryTests {
    /// Every file under samples/library with its read result.
    static func readAll() throws -> [(name: String, result: Result<TrackMetadata, TagReadError>)] {
        let root = Fixtures.sampleLibrary
        let enumerator = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]))
        var results: [(String, Result<TrackMetadata, TagReadError>)] = []
        let reader = TagLibReader()
        for case let url as URL in enumerator where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
            let result = Result { () throws(TagReadError) in try reader.read(RawPath(url.path)).metadata }
            results.append((url.lastPathComponent, result))
        }
        return results
    }

    @Test("12 tracks by 3 artists on 4 albums; cover.jpg and notes.txt are not audio")
    func shape() throws {
        let results = try Self.readAll()
        let tracks = results.compactMap { try? $0.result.get() }
        #expect(tracks.count == 12)
        #expect(Set(tracks.flatMap(\.artists)) == ["Björk", "Mötley Crüe", "東京事変"])
        #expect(Set(tracks.compactMap(\.album)) == ["Homogenic", "Decade of Decadence", "教育", "Kanora Sampler"])
        #expect(Set(tracks.map(\.audio.format)) == ["MP3", "FLAC", "Vorbis", "AAC"])
        let failures = results.filter { (try? $0.result.get()) == nil }.map(\.name)
        #expect(Set(failures) == ["cover.jpg", "notes.txt"])
    }

    @Test("the two-CD album carries disc numbers and the compilation its flag")
    func discsAndCompilation() throws {
        let tracks = try Self.readAll().compactMap { try? $0.result.get() }
        let decade = tracks.filter { $0.album == "Decade of Decadence" }
        #expect(Set(decade.compactMap(\.discNumber)) == [1, 2])
        #expect(decade.allSatisfy { $0.discTotal == 2 })
        let sampler = tracks.filter { $0.album == "Kanora Sampler" }
        #expect(sampler.count == 3)
        #expect(sampler.allSatisfy { $0.compilation && $0.albumArtists == ["Various Artists"] })
        #expect(Set(sampler.flatMap(\.artists)).count == 3)
    }
}
