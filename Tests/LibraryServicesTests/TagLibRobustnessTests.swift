import Foundation
import LibraryCore
import LibraryServices
import Testing
import TestKit
import TestSupport

/// Damaged copies of every fixture: the reader must answer (metadata or a TagReadError)
/// and never crash. TagLib 1.13 dereferences null tags on some invalid files, which the
/// C layer must guard against.
@Suite("TagLibReader on cut-off and corrupted copies of the fixtures")
struct TagLibRobustnessTests {
    @Test("truncated at many lengths and with flipped bytes, every copy reads or fails cleanly", arguments: try Fixtures.expected().names)
    func damagedCopies(_ name: String) throws {
        let original = try [UInt8](Data(contentsOf: Fixtures.url(name)))
        guard !original.isEmpty else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kanora-damaged-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        var copies: [[UInt8]] = []
        let step = max(original.count / 12, 1)
        for length in Set([1, 4, 11, 27, 64] + Array(stride(from: 0, to: original.count, by: step))) where length > 0 {
            copies.append(Array(original.prefix(length)))
        }
        var generator = SplitMix(seed: UInt64(name.utf8.count))
        for _ in 0..<6 {
            var copy = original
            for _ in 0..<8 { copy[Int(generator.next() % UInt64(copy.count))] = UInt8(truncatingIfNeeded: generator.next()) }
            copies.append(copy)
        }

        let reader = TagLibReader()
        for (index, bytes) in copies.enumerated() {
            let url = folder.appendingPathComponent("\(index)-\(name)")
            try Data(bytes).write(to: url)
            do {
                let metadata = try reader.read(RawPath(url.path)).metadata
                #expect(metadata.audio.durationMs >= 0)
                #expect((metadata.audio.bitrate ?? 0) >= 0)
            } catch {
                #expect(!error.message.isEmpty)
            }
        }
    }
}

/// Files cut short with their front intact read fine in TagLib; the C layer's checks near
/// the end of the file must flag them as damaged (or, when TagLib cannot use what is left,
/// refuse them). WavPack, TTA, WMA and tracker modules have no such check.
@Suite("TagLibReader on copies of the good fixtures cut to half their size")
struct TagLibTruncationTests {
    static func names() throws -> [String] {
        let unchecked: Set<String> = ["wavpack.wv", "tta.tta", "wma.wma", "module.mod", "module.s3m", "module.it", "module.xm"]
        return try nonEmpty(Fixtures.expected().files.keys.sorted().filter { !unchecked.contains($0) }, "good fixtures TagLib checks for truncation")
    }

    @Test("a good fixture cut in half is read as damaged, or refused as truncated", arguments: try names())
    func halfCopy(_ name: String) throws {
        let original = try Data(contentsOf: Fixtures.url(name))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kanora-half-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent(name)
        try original.prefix(original.count / 2).write(to: url)
        do throws(TagReadError) {
            let metadata = try TagLibReader().read(RawPath(url.path)).metadata
            #expect(metadata.damage != nil, "\(name) cut in half reads as whole")
        } catch {
            #expect(error.kind == .corrupt && error.message.hasPrefix("truncated"), "\(name): \(error.message)")
        }
    }
}

@Suite("TagLibReader on an Ogg file cut inside its last page's header")
struct OggCutHeaderTests {
    @Test("the length comes from the last complete audio page, and the file is flagged")
    func lengthFromLastCompletePage() throws {
        // half-long.ogg's last page starts at byte 11985; its complete predecessor ends with
        // granule position 157184 (7.128 s at 22050 Hz). Cut 10 bytes into that header,
        // TagLib 1.13 finds no last granule and reports no length.
        let original = try Data(contentsOf: Fixtures.url("half-long.ogg"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kanora-oggcut-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("cut.ogg")
        try original.prefix(11985 + 10).write(to: url)
        let metadata = try TagLibReader().read(RawPath(url.path)).metadata
        #expect(metadata.audio.durationMs == 7128)
        #expect(metadata.damage == "last page cut short")
        #expect(metadata.title == "Twenty Seconds")
    }
}
