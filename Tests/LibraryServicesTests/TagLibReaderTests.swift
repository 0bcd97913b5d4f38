import Foundation
import LibraryCore
import LibraryServices
import Testing
import TestSupport

@Suite("TagLibReader on the committed fixtures")
struct TagLibReaderTests {
    let reader = TagLibReader()

    @Test("each good fixture reads as expected.json says", arguments: try Fixtures.expected().files.keys.sorted())
    func readsFixture(_ name: String) throws {
        let expected = try Fixtures.expected()
        let expectation = try #require(expected.files[name])
        let metadata = try reader.read(Fixtures.path(name)).metadata
        let problems = expectation.mismatches(in: metadata, durationToleranceMs: expected.durationToleranceMs)
        #expect(problems.isEmpty, "\(name): \(problems.joined(separator: "; "))")
    }

    @Test("each broken fixture fails with the expected kind", arguments: try Fixtures.expected().errors.keys.sorted())
    func rejectsBrokenFixture(_ name: String) throws {
        let kind = try #require(try Fixtures.expected().errors[name])
        #expect {
            _ = try reader.read(Fixtures.path(name))
        } throws: { error in
            (error as? TagReadError)?.kind == kind
        }
    }

    @Test("every file in Tests/Fixtures is described by expected.json")
    func expectationsCoverEveryFixture() throws {
        // Subfolders (m3u/) hold fixtures of other kinds.
        let names = try FileManager.default.contentsOfDirectory(atPath: Fixtures.folder.path)
            .filter { $0 != "expected.json" && !Self.isFolder(Fixtures.url($0)) }
        #expect(Set(names) == Set(try Fixtures.expected().names))
    }

    private static func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    @Test("user-facing reasons are short and specific")
    func errorMessages() {
        #expect(readError("empty.mp3") == TagReadError(.empty, "empty file (0 bytes)"))
        #expect(readError("text.flac") == TagReadError(.notAudio, "not an audio file TagLib can read"))
        #expect(readError("random.mp3") == TagReadError(.notAudio, "not an audio file TagLib can read"))
        #expect(readError("truncated.flac") == TagReadError(.corrupt, "truncated FLAC file (ends inside its metadata)"))
        #expect(readError("id3-only.mp3") == TagReadError(.corrupt, "truncated or damaged MP3 file (no audio data)"))
    }

    @Test("files TagLib reads despite a cut are read, with what is wrong as their damage")
    func damagedFilesAreRead() throws {
        let expected: [String: String] = [
            "half-xing.mp3": "ends at 34% of its audio data",
            "half-noxing.mp3": "last frame cut short",
            "half.flac": "ends at 12% of its audio data",
            "half-long.ogg": "last page cut short",
            "half.m4a": "ends at 15% of its audio data",
        ]
        for (name, damage) in expected {
            let metadata = try reader.read(Fixtures.path(name)).metadata
            #expect(metadata.damage == damage, "\(name)")
            #expect(metadata.title != nil, "\(name): tags are read too")
        }
    }

    @Test("files cut before any audio are refused, and say how they were cut")
    func cutBeforeAudioIsRefused() {
        let expected: [String: String] = [
            "half.ogg": "truncated Vorbis file (last page cut short)",
            "half.opus": "truncated Opus file (last page cut short)",
            "truncated.m4a": "truncated MP4 file ('moov' atom runs past the end of the file)",
        ]
        for (name, message) in expected {
            #expect(readError(name) == TagReadError(.corrupt, message), "\(name)")
        }
    }

    @Test("audio TagLib 1.13 cannot read is refused with a reason naming its format")
    func unsupportedFormats() {
        #expect(readError("dsd.dsf") == TagReadError(.unsupported, "DSD audio (.dsf) is not supported by TagLib 1.13"))
        #expect(readError("adts.aac") == TagReadError(.unsupported, "raw AAC audio (ADTS) is not supported by TagLib 1.13"))
    }

    @Test("a missing file and a folder are unreadable")
    func unreadablePaths() {
        let missing = Fixtures.folder.appendingPathComponent("no-such-file.mp3").path
        #expect(read(RawPath(missing)) == TagReadError(.unreadable, "file not found"))
        #expect(read(RawPath(Fixtures.folder.path)) == TagReadError(.unreadable, "is a folder, not a file"))
    }

    @Test("a file whose name is not valid UTF-8 is read through its raw bytes")
    func nonUTF8Name() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kanora-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = RawPath(folder.path).appending([0x42, 0x6A, 0xF6, 0x72, 0x6B] + Array(".flac".utf8))
        #expect(!path.isValidUTF8)
        let data = try Data(contentsOf: Fixtures.url("tagged.flac"))
        let written = path.withCString { name -> Bool in
            guard let file = fopen(name, "wb") else { return false }
            defer { fclose(file) }
            return data.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) } == data.count
        }
        #expect(written)
        let metadata = try reader.read(path).metadata
        #expect(metadata.title == "Hyperballad")
        #expect(metadata.audio.format == "FLAC")
    }

    @Test("a retagged copy keeps the fingerprint", arguments: ["mp3", "flac", "m4a", "ogg"])
    func fingerprintSurvivesRetagging(_ ext: String) throws {
        let original = try reader.read(Fixtures.path("retag/original.\(ext)"))
        let retagged = try reader.read(Fixtures.path("retag/retagged.\(ext)"))
        #expect(original.metadata.title != retagged.metadata.title)
        let fingerprint = try #require(original.fingerprint)
        #expect(fingerprint == retagged.fingerprint)
        #expect(fingerprint.hasPrefix("\(original.metadata.audio.format):"))
    }

    @Test("one encode tagged with ID3v1, with ID3v2.3 or not at all has one fingerprint")
    func tagFlavoursShareTheFingerprint() throws {
        let fingerprints = try ["id3v1.mp3", "id3v23.mp3", "no-title.mp3"].map { try reader.read(Fixtures.path($0)).fingerprint }
        #expect(fingerprints[0] != nil)
        #expect(Set(fingerprints).count == 1)
    }

    @Test("changing one byte of the audio changes the fingerprint, and only the fingerprint")
    func audioChangeChangesTheFingerprint() throws {
        var bytes = try Data(contentsOf: Fixtures.url("retag/original.mp3"))
        let trailer = bytes.count >= 128 && bytes[bytes.count - 128..<bytes.count - 125].elementsEqual("TAG".utf8) ? 128 : 0
        bytes[bytes.count - trailer - 100] ^= 0xFF
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kanora-audio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("changed.mp3")
        try bytes.write(to: url)
        let original = try reader.read(Fixtures.path("retag/original.mp3"))
        let changed = try reader.read(RawPath(url.path))
        #expect(changed.metadata == original.metadata)
        #expect(changed.fingerprint != nil && changed.fingerprint != original.fingerprint)
    }

    @Test("concurrent reads of every fixture give the same results as serial reads")
    func concurrentReads() async throws {
        let names = try Fixtures.expected().names
        let reader = self.reader
        let serial = Dictionary(uniqueKeysWithValues: names.map { ($0, Outcome(reader, $0)) })
        let rounds = 20
        let outcomes = await withTaskGroup(of: (String, Outcome).self) { group in
            for _ in 0..<rounds {
                for name in names {
                    group.addTask { (name, Outcome(reader, name)) }
                }
            }
            var all: [(String, Outcome)] = []
            for await outcome in group { all.append(outcome) }
            return all
        }
        #expect(outcomes.count == rounds * names.count)
        for (name, outcome) in outcomes {
            #expect(outcome == serial[name], "\(name) differed under concurrency")
        }
    }

    private func read(_ path: RawPath) -> TagReadError? {
        do {
            _ = try reader.read(path)
            return nil
        } catch {
            return error
        }
    }

    private func readError(_ name: String) -> TagReadError? {
        read(Fixtures.path(name))
    }
}

/// One read's result, comparable across threads.
private enum Outcome: Equatable, Sendable {
    case reading(TagReading)
    case error(TagReadError)

    init(_ reader: TagLibReader, _ name: String) {
        do {
            self = .reading(try reader.read(Fixtures.path(name)))
        } catch {
            self = .error(error)
        }
    }
}
