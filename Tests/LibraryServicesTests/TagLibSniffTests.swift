import Foundation
import LibraryCore
import LibraryServices
import Testing
import TestSupport

/// The content sniff names audio TagLib 1.13 cannot read, and finds tracker modules by the
/// signatures TagLib accepts.
@Suite("TagLibReader's content sniff")
struct TagLibSniffTests {
    /// Magic bytes at the front of a file, and the format the reason must name.
    static let unsupported: [(name: String, bytes: [UInt8], format: String)] = [
        ("a.dsf", Array("DSD ".utf8), "DSD audio (.dsf)"),
        ("a.dff", Array("FRM8".utf8) + [0, 0, 0, 0, 0, 0, 0, 0] + Array("DSD ".utf8), "DSD audio (.dff)"),
        ("a.aac", Array("ADIF".utf8), "raw AAC audio (ADIF)"),
        ("b.aac", [0xFF, 0xF1, 0x50, 0x80, 0x02, 0x1F, 0xFC], "raw AAC audio (ADTS)"),
        ("a.mka", [0x1A, 0x45, 0xDF, 0xA3], "Matroska/WebM audio"),
        ("a.caf", Array("caff".utf8), "Core Audio Format (CAF) audio"),
        ("a.au", Array(".snd".utf8), "Sun AU audio"),
        ("a.mid", Array("MThd".utf8), "MIDI"),
        ("a.ac3", [0x0B, 0x77], "AC-3 audio"),
        ("a.dts", [0x7F, 0xFE, 0x80, 0x01], "DTS audio"),
        ("a.amr", Array("#!AMR\n".utf8), "AMR audio"),
        ("a.tak", Array("tBaK".utf8), "TAK audio"),
        ("a.shn", Array("ajkg".utf8), "Shorten audio"),
        ("a.ofr", Array("OFR ".utf8), "OptimFROG audio"),
        ("a.ra", [0x2E, 0x72, 0x61, 0xFD], "RealAudio"),
    ]

    @Test("audio TagLib cannot read is unsupported, and the reason names its format", arguments: 0..<unsupported.count)
    func namesUnsupportedAudio(_ index: Int) throws {
        let (name, bytes, format) = Self.unsupported[index]
        let folder = try TemporaryDirectory("sniff")
        defer { folder.remove() }
        // Padding after the magic, as the rest of a real file would be.
        let path = try folder.write(name, Data(bytes + [UInt8](repeating: 0x55, count: 256)))
        #expect(read(path) == TagReadError(.unsupported, "\(format) is not supported by TagLib 1.13"))
    }

    @Test("an ADTS file behind an ID3v2 tag is still named")
    func adtsBehindID3() throws {
        let folder = try TemporaryDirectory("sniff")
        defer { folder.remove() }
        let tag: [UInt8] = Array("ID3".utf8) + [4, 0, 0, 0, 0, 0, 10] + [UInt8](repeating: 0, count: 10)
        let path = try folder.write("tagged.aac", Data(tag) + (try Data(contentsOf: Fixtures.url("adts.aac"))))
        #expect(read(path)?.kind == .unsupported)
    }

    @Test("MOD signatures TagLib accepts at offset 1080 are read, with their channel count",
          arguments: [("M!K!", 4), ("FLT8", 8), ("6CHN", 6), ("16CH", 16), ("OKTA", 8)])
    func modSignatures(_ signature: String, _ channels: Int) throws {
        var bytes = try Data(contentsOf: Fixtures.url("module.mod"))
        bytes.replaceSubrange(1080..<1084, with: Array(signature.utf8))
        let folder = try TemporaryDirectory("sniff")
        defer { folder.remove() }
        let path = try folder.write("song.mod", bytes)
        let metadata = try TagLibReader().read(RawPath(path)).metadata
        #expect(metadata.audio.format == "MOD")
        #expect(metadata.audio.channels == channels)
        #expect(metadata.title == "Kanora MOD")
    }

    @Test("a module without a known signature is not audio")
    func unknownModSignature() throws {
        var bytes = try Data(contentsOf: Fixtures.url("module.mod"))
        bytes.replaceSubrange(1080..<1084, with: Array("ABCD".utf8))
        let folder = try TemporaryDirectory("sniff")
        defer { folder.remove() }
        #expect(read(try folder.write("song.mod", bytes))?.kind == .notAudio)
    }

    @Test("zeros where a stripped XM's magic would be are not audio unless an XM header follows")
    func zerosAreNotAStrippedXM() throws {
        let folder = try TemporaryDirectory("sniff")
        defer { folder.remove() }
        #expect(read(try folder.write("zeros.xm", Data(count: 4096)))?.kind == .notAudio)
        // The stripped fixture with its song length, channel count or header size out of range.
        let stripped = try Data(contentsOf: Fixtures.url("stripped.xm"))
        for (offset, value) in [(64, UInt8(0)), (68, 0), (60, 3)] {
            var bytes = stripped
            bytes[offset] = value
            bytes[offset + 1] = 0
            #expect(read(try folder.write("bad-\(offset).xm", bytes))?.kind == .notAudio, "byte \(offset)")
        }
        #expect(try TagLibReader().read(RawPath(try folder.write("copy.xm", stripped))).metadata.audio.format == "XM")
    }

    private func read(_ path: String) -> TagReadError? {
        do throws(TagReadError) {
            _ = try TagLibReader().read(RawPath(path))
            return nil
        } catch {
            return error
        }
    }
}
