import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LibraryCore
@testable import LibraryServer
import LibraryServices
import Testing
import TestSupport

/// stream and getCoverArt over real HTTP on a loopback port: the body goes through NIO's
/// socket in the responder's 128 KiB chunks, which the router client does not exercise.
@Suite("Media over real HTTP", .serialized)
struct MediaLiveTests {
    @Test("a 1.5 MB file streams whole and by ranges across chunk boundaries, byte for byte")
    func streamsLargeFile() async throws {
        let library = try await MediaEndpointsTests.library()
        defer { library.remove() }
        // Grown to 1.5 MB and rescanned: a file is served only as the last scan saw it.
        let path = library.folder.path("music/Embedded/tagged.flac")
        // A pattern that differs at every offset a chunk could slip by.
        let padding = Data((0..<1_500_000).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) })
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: padding)
        try handle.close()
        try await library.rescan()
        let file = try Data(contentsOf: URL(fileURLWithPath: path))
        let uri = MediaEndpointsTests.uri("stream", "id=tr-\(library.ids["tagged.flac"]!)")
        try await library.harness.application.test(.live) { client in
            let whole = try await client.execute(uri: uri, method: .get)
            #expect(whole.status == .ok)
            #expect(Data(buffer: whole.body) == file)
            let ranges: [(String, Range<Int>)] = [
                ("bytes=131000-400000", 131_000..<400_001), ("bytes=-200000", file.count - 200_000..<file.count),
                ("bytes=1000000-", 1_000_000..<file.count),
            ]
            for (range, expected) in ranges {
                let part = try await client.execute(uri: uri, method: .get, headers: [.range: range])
                #expect(part.status == .partialContent)
                #expect(Data(buffer: part.body) == file.subdata(in: expected), "\(range)")
            }
            let cover = try await client.execute(
                uri: MediaEndpointsTests.uri("getCoverArt", "id=tr-\(library.ids["alac.m4a"]!)&size=50"), method: .get)
            #expect(ImageInfo.dimensions(of: Data(buffer: cover.body))! == (64, 43))  // 50 rounds up to 64
        }
    }
}
