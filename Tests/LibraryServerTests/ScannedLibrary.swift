import Foundation
import LibraryCore
import LibraryServices
import TestSupport

/// Fixtures copied into `music/` of a temporary folder, scanned with TagLib, behind a
/// server harness; tracks and albums found by file name.
struct ScannedLibrary {
    let folder: TemporaryDirectory
    let harness: ServerHarness
    /// Track ids by file name.
    let ids: [String: Int64]
    /// Album ids by the file name of a track on the album.
    let albumIDs: [String: Int64]

    /// `layout` maps paths under `music/` to fixture names; `prepare` adds anything else
    /// (symlinks, folders outside) before the scan.
    init(_ label: String, layout: [String: String], prepare: (TemporaryDirectory) throws -> Void = { _ in }) async throws {
        folder = try TemporaryDirectory(label)
        for (relative, fixture) in layout {
            try folder.copy(Fixtures.url(fixture), to: "music/\(relative)")
        }
        try prepare(folder)
        let services = try ServiceContainer.inMemory()
        _ = try await services.scanner.run(folder.path("music"))
        let tracks = try await services.library.tracks(ListRequest())
        let name = { (track: Track) in String(decoding: track.path.lastComponent, as: UTF8.self) }
        ids = Dictionary(uniqueKeysWithValues: tracks.map { (name($0), $0.id) })
        albumIDs = Dictionary(uniqueKeysWithValues: tracks.compactMap { track in track.albumID.map { (name(track), $0) } })
        harness = try ServerHarness(services: services)
    }

    /// The bytes of `music/relative`.
    func bytes(_ relative: String) throws -> Data { try Data(contentsOf: folder.url.appendingPathComponent("music/\(relative)")) }

    /// Syncs the library again.
    func rescan() async throws { _ = try await harness.services.scanner.run(folder.path("music")) }

    func remove() { folder.remove() }
}
