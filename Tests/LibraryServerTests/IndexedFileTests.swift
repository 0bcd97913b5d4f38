import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LibraryCore
@testable import LibraryServer
import LibraryServices
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// stream and download send a track's file only while it is the file the scan indexed:
/// inside its library (symlinks followed), with the size and mtime the scan stored.
@Suite("Only indexed files are served")
struct IndexedFileTests {
    /// A scanned library (music/Album/song.flac, and music/Link/linked.flac, a symlink to
    /// it inside the library) and a folder outside it.
    static func library() async throws -> ScannedLibrary {
        try await ScannedLibrary("indexed", layout: ["Album/song.flac": "tagged.flac"]) { folder in
            try FileManager.default.createDirectory(atPath: folder.path("music/Link"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: folder.path("music/Link/linked.flac"), withDestinationPath: "../Album/song.flac")
            try folder.copy(Fixtures.url("alac.m4a"), to: "outside/private.m4a")
        }
    }

    /// `endpoint` for the track of file `name`, answered in JSON.
    static func uri(_ endpoint: String, _ name: String, in library: ScannedLibrary) -> String {
        "/rest/\(endpoint)?\(ServerHarness.alice)&id=tr-\(library.ids[name]!)&f=json"
    }

    /// Gives `path` the modification time of `source`, to the nanosecond.
    static func copyModificationTime(from source: String, to path: String) throws {
        var info = stat()
        #expect(stat(source, &info) == 0)
        var times = [info.st_atim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, AT_SYMLINK_NOFOLLOW) == 0)
    }

    static func expectChanged(_ response: TestResponse, _ what: String) throws {
        #expect(response.status == .ok, "\(what)")
        let answer = try JSONAnswer(response.body)
        #expect(answer.errorCode == 70, "\(what)")
        #expect(answer.errorMessage?.contains("changed since the last scan: rescan its library") == true, "\(what): \(answer.errorMessage ?? "")")
    }

    @Test("an unchanged file, and one reached by a symlink inside the library, stream byte for byte, ranges too")
    func unchangedFilesStream() async throws {
        let library = try await Self.library()
        defer { library.remove() }
        let bytes = try Data(contentsOf: library.folder.url.appendingPathComponent("music/Album/song.flac"))
        try await library.harness.live { client in
            for name in ["song.flac", "linked.flac"] {
                let whole = try await client.execute(uri: Self.uri("stream", name, in: library), method: .get)
                #expect(whole.status == .ok)
                #expect(Data(buffer: whole.body) == bytes, "\(name)")
                let part = try await client.execute(uri: Self.uri("download", name, in: library), method: .get, headers: [.range: "bytes=100-1099"])
                #expect(part.status == .partialContent)
                #expect(Data(buffer: part.body) == bytes.subdata(in: 100..<1100), "\(name)")
            }
        }
    }

    @Test("a file replaced by a symlink to a file outside the library, even one of the same size and mtime: error 70")
    func symlinkOutsideTheLibrary() async throws {
        let library = try await Self.library()
        defer { library.remove() }
        let path = library.folder.path("music/Album/song.flac")
        // The outside file is a copy of the indexed one with its mtime: only where it lies differs.
        let outside = library.folder.path("outside/song-copy.flac")
        try FileManager.default.copyItem(atPath: path, toPath: outside)
        try Self.copyModificationTime(from: path, to: outside)
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: outside)
        // And the in-library symlink now leads out too, through the replaced file.
        try await library.harness.live { client in
            for endpoint in ["stream", "download"] {
                for name in ["song.flac", "linked.flac"] {
                    let response = try await client.execute(uri: Self.uri(endpoint, name, in: library), method: .get)
                    try Self.expectChanged(response, "\(endpoint) \(name)")
                    #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                }
            }
        }
    }

    @Test("a file rewritten after the scan, with other content or another size: error 70; after a rescan it streams")
    func rewrittenFile() async throws {
        let library = try await Self.library()
        defer { library.remove() }
        let path = library.folder.path("music/Album/song.flac")
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let marker = try library.folder.write("outside/marker", Data())
        try Self.copyModificationTime(from: path, to: marker)
        try await library.harness.live { client in
            // Same size, other bytes (a new mtime).
            var rewritten = original
            rewritten[rewritten.count - 1] ^= 0xFF
            try rewritten.write(to: URL(fileURLWithPath: path))
            try Self.expectChanged(try await client.execute(uri: Self.uri("stream", "song.flac", in: library), method: .get), "same size")
            // Other size, the mtime put back.
            let longer = original + Data(repeating: 7, count: 1000)
            try longer.write(to: URL(fileURLWithPath: path))
            try Self.copyModificationTime(from: marker, to: path)
            try Self.expectChanged(try await client.execute(uri: Self.uri("download", "song.flac", in: library), method: .get), "longer")
            try await library.rescan()
            let fresh = try await client.execute(uri: Self.uri("stream", "song.flac", in: library), method: .get)
            #expect(Data(buffer: fresh.body) == longer)
        }
    }

    @Test("a file removed after the scan: error 70 saying it is gone")
    func removedFile() async throws {
        let library = try await Self.library()
        defer { library.remove() }
        try FileManager.default.removeItem(atPath: library.folder.path("music/Album/song.flac"))
        try await library.harness.live { client in
            let answer = try JSONAnswer(try await client.execute(uri: Self.uri("stream", "song.flac", in: library), method: .get).body)
            #expect(answer.errorCode == 70)
            #expect(answer.errorMessage?.contains("is gone since the last scan") == true)
        }
    }

    @Test("the body is read from the descriptor opened and checked: a file swapped afterwards is not what is sent")
    func bodyComesFromTheOpenedFile() async throws {
        let folder = try TemporaryDirectory("indexed-swap")
        defer { folder.remove() }
        let path = try folder.copy(Fixtures.url("tagged.flac"), to: "song.flac")
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let file = try #require(MediaFile(path: RawPath(path), contentType: "audio/flac"))
        // Replaced in place by another file of the same size, after the check.
        let other = try folder.write("other.flac", Data(repeating: 0x41, count: original.count))
        #expect(rename(other, path) == 0)
        let router = Router()
        router.get("/file") { request, _ in MediaResponder(chunkLength: 1000).response(for: file, request: request) }
        try await Application(router: router).test(.live) { client in
            let response = try await client.execute(uri: "/file", method: .get)
            #expect(Data(buffer: response.body) == original)
        }
    }
}
