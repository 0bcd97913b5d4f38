import Foundation
import LibraryCore
import LibraryServices
import LibraryStorage
import TestSupport
import Testing

/// Damaged files (cut short, but readable by TagLib) are indexed with their damage, never
/// refused; tracker modules are indexed; audio TagLib cannot read is reported. Real files,
/// real TagLib, real SQLite.
@Suite("Scanning damaged, tracker and unsupported files")
struct ScanDamageTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory("damage")
    }

    /// Copies fixtures into the library folder, under their own names.
    private func copy(_ names: [String], into library: URL) throws {
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        for name in names {
            try FileManager.default.copyItem(at: Fixtures.url(name), to: library.appendingPathComponent(name))
        }
    }

    private func tracks(_ services: ServiceContainer, _ terms: [String] = []) async throws -> [Track] {
        try await services.library.tracks(ListRequest(query: try LibraryQuery.parse(arguments: terms)))
    }

    private static func name(_ track: Track) -> String {
        URL(fileURLWithPath: track.path.text).lastPathComponent
    }

    private func damages(_ tracks: [Track]) -> [String: String?] {
        Dictionary(uniqueKeysWithValues: tracks.map { (Self.name($0), $0.metadata.damage) })
    }

    @Test func damagedFilesAreIndexedFlaggedAndQueryable() async throws {
        defer { folder.remove() }
        let library = folder.url.appendingPathComponent("music")
        try copy(["half-noxing.mp3", "half.flac", "half.m4a", "half-long.ogg", "id3v24.mp3", "tagged.flac"], into: library)
        let services = try ServiceContainer.inMemory()

        let (summary, _) = try await services.scanner.run(library.path)

        #expect(summary.added == 6)
        #expect(summary.failed == 0)
        let damaged = try await tracks(services, ["damaged:true"])
        #expect(damages(damaged) == [
            "half-noxing.mp3": "last frame cut short", "half.flac": "ends at 12% of its audio data",
            "half.m4a": "ends at 15% of its audio data", "half-long.ogg": "last page cut short",
        ])
        let whole = try await tracks(services, ["damaged:false"])
        #expect(Set(whole.map(Self.name)) == ["id3v24.mp3", "tagged.flac"])
        #expect(whole.allSatisfy { $0.metadata.damage == nil })
        let stats = try await services.library.statistics(matching: .all)
        #expect(stats.tracks == 6)
        #expect(stats.damagedTracks == 4)
        #expect(try await services.library.statistics(matching: try LibraryQuery.parse(arguments: ["format:FLAC"])).damagedTracks == 1)
    }

    @Test func aRepairedFileLosesItsDamageOnRescan() async throws {
        defer { folder.remove() }
        let library = folder.url.appendingPathComponent("music")
        try copy(["half-xing.mp3"], into: library)
        let services = try ServiceContainer.inMemory()
        _ = try await services.scanner.run(library.path)
        let before = try #require(try await tracks(services).first)
        #expect(before.metadata.damage == "ends at 34% of its audio data")

        // The whole file (half-xing.mp3 is id3v24.mp3's first half) replaces the cut one.
        let path = library.appendingPathComponent("half-xing.mp3")
        try FileManager.default.removeItem(at: path)
        try FileManager.default.copyItem(at: Fixtures.url("id3v24.mp3"), to: path)
        let (summary, _) = try await services.scanner.run(library.path)

        #expect(summary.updated == 1)
        let after = try #require(try await tracks(services).first)
        #expect(after.id == before.id)
        #expect(after.metadata.damage == nil)
        #expect(try await tracks(services, ["damaged:true"]).isEmpty)
        #expect(try await services.library.statistics(matching: .all).damagedTracks == 0)
    }

    @Test func trackerModulesAreIndexedWithFormatTitleAndChannels() async throws {
        defer { folder.remove() }
        let library = folder.url.appendingPathComponent("music")
        try copy(["module.mod", "module.s3m", "module.it", "module.xm"], into: library)
        let services = try ServiceContainer.inMemory()

        let (summary, _) = try await services.scanner.run(library.path)

        #expect(summary.added == 4)
        #expect(summary.failed == 0)
        let found = try await tracks(services)
        #expect(Set(found.map { "\($0.metadata.audio.format) \($0.title) \($0.metadata.audio.channels ?? 0)" }) == [
            "MOD Kanora MOD 4", "S3M Kanora S3M 4", "IT Kanora IT 4", "XM Kanora XM 4",
        ])
        #expect(try await tracks(services, ["format:=XM"]).map(\.metadata.comment) == ["Triangle"])
    }

    @Test func everyFileWithAnAudioExtensionIsATrackOrAReportedFailure() async throws {
        defer { folder.remove() }
        // Every committed fixture: good, damaged, broken, modules, DSD and raw AAC.
        let library = folder.url.appendingPathComponent("music")
        let expected = try Fixtures.expected()
        let names = Array(expected.files.keys) + Array(expected.errors.keys)
        try copy(names, into: library)
        let services = try ServiceContainer.inMemory()

        let (summary, _) = try await services.scanner.run(library.path)

        let indexed = Set(try await tracks(services).map(Self.name))
        let failed = Set(summary.failures.map { URL(fileURLWithPath: $0.path).lastPathComponent })
        #expect(indexed.isDisjoint(with: failed))
        #expect(indexed.union(failed) == Set(names))
        #expect(indexed == Set(expected.files.keys))
        let reasons = Dictionary(uniqueKeysWithValues: summary.failures.map { (URL(fileURLWithPath: $0.path).lastPathComponent, $0.reason) })
        #expect(reasons["dsd.dsf"] == "DSD audio (.dsf) is not supported by TagLib 1.13")
        #expect(reasons["adts.aac"] == "raw AAC audio (ADTS) is not supported by TagLib 1.13")
    }

    /// A database from before v8 recorded a damaged file as a "corrupt" failure and its folder
    /// as unchanged: a normal scan would skip both. Migration v8 forgets such failures and
    /// the folder fingerprints, so the next normal scan (no --full) reads the file again.
    @Test func aFileRefusedBeforeV8IsIndexedByTheNextNormalScan() async throws {
        defer { folder.remove() }
        let library = folder.url.appendingPathComponent("music")
        try copy(["half-noxing.mp3", "id3v24.mp3"], into: library)
        let database = folder.url.appendingPathComponent("library.sqlite")
        do {
            let old = try ServiceContainer.live(databaseURL: database, reader: RefusingDamageReader())
            let (summary, _) = try await old.scanner.run(library.path)
            #expect(summary.failed == 1)
        }
        do {
            // Without the migration's reset, an unchanged refused file stays refused.
            let services = try ServiceContainer.live(databaseURL: database)
            let (summary, _) = try await services.scanner.run(library.path)
            #expect(summary.added == 0)
            #expect(try await tracks(services).count == 1)
        }
        // Back to the v7 schema, the failure and the fingerprints still recorded.
        try Database.open(.file(database.path)).writeWithoutTransaction { db in
            try db.execute("""
                DROP INDEX track_damaged;
                ALTER TABLE track DROP COLUMN damage;
                DELETE FROM kanora_migration WHERE name = 'v8-track-damage';
                """)
            #expect(try db.scalar("SELECT count(*) FROM scan_failure WHERE kind = 'corrupt'") == 1)
            #expect(try db.scalar("SELECT count(*) FROM folder WHERE fingerprint IS NOT NULL") ?? 0 > 0)
        }

        let services = try ServiceContainer.live(databaseURL: database)
        let (summary, _) = try await services.scanner.run(library.path)

        #expect(summary.added == 1)
        #expect(summary.failed == 0)
        #expect(damages(try await tracks(services, ["damaged:true"])) == ["half-noxing.mp3": "last frame cut short"])
        #expect(try await services.library.unreadableFiles().isEmpty)
    }
}

/// TagLib as the reader behaved before damage was recorded: a damaged file is refused.
private struct RefusingDamageReader: TagReader {
    func read(_ path: RawPath) throws(TagReadError) -> TagReading {
        let reading = try TagLibReader().read(path)
        if let damage = reading.metadata.damage {
            throw TagReadError(.corrupt, "truncated \(reading.metadata.audio.format) file (\(damage))")
        }
        return reading
    }
}
