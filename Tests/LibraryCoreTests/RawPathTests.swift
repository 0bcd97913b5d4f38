import Testing
@testable import LibraryCore

@Suite("RawPath")
struct RawPathTests {
    private func path(_ bytes: [UInt8]) -> RawPath { RawPath(bytes: bytes) }
    private func text(_ bytes: [UInt8]) -> String { RawPath.text(of: bytes) }

    @Test func validUTF8TextAndBytes() {
        let p = RawPath("/music/Björk/01 Jóga.flac")
        #expect(p.bytes == Array("/music/Björk/01 Jóga.flac".utf8))
        #expect(p.text == "/music/Björk/01 Jóga.flac")
        #expect(p.description == p.text)
        #expect(p.isValidUTF8)
        #expect(RawPath(bytes: []).text == "")
    }

    @Test func invalidUTF8IsEscapedAsHex() {
        #expect(text([0x61, 0xFF, 0x62]) == "a\\xFFb")
        #expect(text([0x2F, 0xE9, 0x74, 0xE9]) == "/\\xE9t\\xE9") // Latin-1 "été"
        #expect(text([0x61, 0xC3]) == "a\\xC3") // truncated sequence at the end
        #expect(text([0xC3, 0x28]) == "\\xC3(") // lead byte without continuation
        #expect(text([0xC0, 0x80]) == "\\xC0\\x80") // overlong NUL
        #expect(text([0xED, 0xA0, 0x80]) == "\\xED\\xA0\\x80") // UTF-16 surrogate
        #expect(text([0x80, 0xC3, 0xA9]) == "\\x80é") // valid parts survive
        #expect(text([0xF0, 0x9F, 0x8E, 0xB5, 0xFE]) == "🎵\\xFE")
        #expect(!path([0x61, 0xFF]).isValidUTF8)
        #expect(path([0x61, 0xFF]).bytes == [0x61, 0xFF]) // the bytes themselves are kept
    }

    @Test func nfdBytesGiveNFCText() {
        let nfd: [UInt8] = Array("Bjo\u{308}rk".utf8)
        #expect(nfd.count == 7)
        let p = path(nfd)
        #expect(p.text.unicodeScalars.map(\.value) == "Björk".precomposedStringWithCanonicalMapping.unicodeScalars.map(\.value))
        #expect(Array(p.text.utf8) == [0x42, 0x6A, 0xC3, 0xB6, 0x72, 0x6B])
        #expect(p.bytes == nfd) // I/O still uses the NFD bytes
        #expect(p != RawPath("Björk")) // different files on disk
        // Also normalised when mixed with invalid bytes.
        #expect(Array(text(nfd + [0xFF]).utf8) == Array("Björk\\xFF".utf8))
    }

    @Test func lastComponentAndParent() {
        #expect(RawPath("/a/b/c.mp3").lastComponent == Array("c.mp3".utf8))
        #expect(RawPath("/a/b/c.mp3").parent == RawPath("/a/b"))
        #expect(RawPath("/a").parent == RawPath("/"))
        #expect(RawPath("/a").lastComponent == Array("a".utf8))
        #expect(RawPath("/").parent == RawPath("/"))
        #expect(RawPath("/").lastComponent == [])
        #expect(RawPath("name").parent == RawPath("name"))
        #expect(RawPath("name").lastComponent == Array("name".utf8))
        #expect(RawPath("rel/name").parent == RawPath("rel"))
        #expect(path([0x2F, 0x78, 0xFF, 0x2F, 0x79]).parent == path([0x2F, 0x78, 0xFF]))
    }

    @Test func trailingSlashNamesTheFolderItself() {
        #expect(RawPath("/a/b/").lastComponent == Array("b".utf8))
        #expect(RawPath("/a/b/").parent == RawPath("/a"))
        #expect(RawPath("/a/").parent == RawPath("/"))
        #expect(RawPath("/a/b.d/").pathExtension == "d")
    }

    @Test func extensionAndStem() {
        #expect(RawPath("/m/Song.MP3").pathExtension == "mp3")
        #expect(RawPath("/m/Song.MP3").stem == "Song")
        #expect(RawPath("/m/a.tar.gz").pathExtension == "gz")
        #expect(RawPath("/m/a.tar.gz").stem == "a.tar")
        #expect(RawPath("/m/.hidden").pathExtension == "")
        #expect(RawPath("/m/.hidden").stem == ".hidden")
        #expect(RawPath("/m/.hidden.flac").pathExtension == "flac")
        #expect(RawPath("/m/.hidden.flac").stem == ".hidden")
        #expect(RawPath("/m/README").pathExtension == "")
        #expect(RawPath("/m/README").stem == "README")
        #expect(RawPath("/m.d/README").pathExtension == "") // a dot in a folder name does not count
        #expect(RawPath("/m/trailing.").pathExtension == "")
        #expect(RawPath("/m/trailing.").stem == "trailing")
        #expect(RawPath("/").pathExtension == "")
        #expect(RawPath("a.Ogg").pathExtension == "ogg" && RawPath(".ogg").pathExtension == "")
        #expect(RawPath("/m/a.FLA\u{300}C").pathExtension == "fl\u{E0}c") // not ASCII: composed, then lowercased
        #expect(path(Array("/m/\u{FF}".utf8) + [0xFF, 0x2E, 0x46, 0x4C, 0x41, 0x43]).pathExtension == "flac")
        #expect(path([0x2F, 0xFF, 0x2E, 0x6D, 0x70, 0x33]).stem == "\\xFF")
    }

    @Test func appending() {
        #expect(RawPath("/a").appending(Array("b".utf8)) == RawPath("/a/b"))
        #expect(RawPath("/a/").appending(Array("b".utf8)) == RawPath("/a/b"))
        #expect(RawPath("/").appending(Array("b".utf8)) == RawPath("/b"))
        #expect(RawPath("/a").appending([0xFF]).bytes == Array("/a/".utf8) + [0xFF])
        #expect(RawPath("/a").appending(Array("b".utf8)).parent == RawPath("/a"))
    }

    @Test func isInside() {
        let music = RawPath("/music")
        #expect(RawPath("/music").isInside(music))
        #expect(RawPath("/music/a/b.mp3").isInside(music))
        #expect(RawPath("/music/a/b.mp3").isInside(RawPath("/music/")))
        #expect(RawPath("/music/").isInside(music))
        #expect(RawPath("/music").isInside(RawPath("/music/")))
        #expect(!RawPath("/music2/a.mp3").isInside(music))
        #expect(!RawPath("/musi").isInside(music))
        #expect(!RawPath("/").isInside(music))
        #expect(RawPath("/anything").isInside(RawPath("/")))
        #expect(RawPath("/").isInside(RawPath("/")))
        #expect(!RawPath("/Music/a").isInside(music)) // bytes, not case-folded
    }

    @Test func orderingIsBytewise() {
        let paths = [RawPath("/b"), RawPath("/a/z"), RawPath("/a"), path([0x2F, 0xFF]), RawPath("/B")]
        #expect(paths.sorted().map(\.bytes) == [
            Array("/B".utf8), Array("/a".utf8), Array("/a/z".utf8), Array("/b".utf8), [0x2F, 0xFF],
        ])
        #expect(RawPath("/a") < RawPath("/a/"))
    }

    @Test func withCStringIsNulTerminatedRawBytes() {
        let p = path([0x2F, 0xFF, 0x61])
        let copied = p.withCString { pointer in
            (0..<4).map { UInt8(bitPattern: pointer[$0]) }
        }
        #expect(copied == [0x2F, 0xFF, 0x61, 0])
    }
}
