@testable import LibraryServer
import Testing

@Suite("Range header parsing")
struct ByteRangeTests {
    @Test("single ranges: closed, open-ended, suffix, clamped to the end", arguments: [
        ("bytes=0-99", ByteRange.partial(0...99)),
        ("bytes=100-199", .partial(100...199)),
        ("bytes=900-", .partial(900...999)),
        ("bytes=-100", .partial(900...999)),
        ("bytes=-5000", .partial(0...999)),
        ("bytes=990-5000", .partial(990...999)),
        ("bytes=999-999", .partial(999...999)),
        ("BYTES = 0-1", .whole),
        (" bytes=0-1 ", .partial(0...1)),
        ("bytes= 5 - 9", .partial(5...9)),
        ("bytes=0-99999999999999999999999", .partial(0...999)),
    ])
    func satisfiable(_ header: String, _ expected: ByteRange) {
        #expect(ByteRange.parse(header, size: 1000) == expected)
    }

    @Test("a start at or past the end, or an empty suffix, cannot be satisfied", arguments: [
        "bytes=1000-", "bytes=1000-2000", "bytes=5000-", "bytes=-0", "bytes=99999999999999999999999-",
    ])
    func unsatisfiable(_ header: String) {
        #expect(ByteRange.parse(header, size: 1000) == .unsatisfiable)
    }

    @Test("no header, other units, several ranges and malformed specs send the whole file", arguments: [
        "", "bytes=", "bytes=-", "bytes=abc", "bytes=5-1", "bytes=1-2,5-6", "items=0-1", "bytes=+1-2", "bytes=0x10-",
        "bytes=1--2", "bytes=--1",
    ])
    func ignored(_ header: String) {
        #expect(ByteRange.parse(header, size: 1000) == .whole)
        #expect(ByteRange.parse(nil, size: 1000) == .whole)
    }

    @Test("an empty file satisfies no range")
    func emptyFile() {
        #expect(ByteRange.parse("bytes=0-", size: 0) == .unsatisfiable)
        #expect(ByteRange.parse("bytes=-1", size: 0) == .unsatisfiable)
    }

    @Test("HTTP dates round-trip in IMF-fixdate form; other forms are not dates")
    func httpDates() {
        #expect(HTTPDate.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
        #expect(HTTPDate.parse("garbage") == nil)
    }

    @Test("content types by format; download names cannot break the header")
    func contentTypes() {
        #expect(AudioContentType.of(format: "MP3") == "audio/mpeg")
        #expect(AudioContentType.of(format: "Opus") == "audio/ogg")
        #expect(AudioContentType.of(format: "ALAC") == "audio/mp4")
        #expect(AudioContentType.of(format: "nonsense") == "application/octet-stream")
        let header = MediaFile.contentDisposition("Jóga \"live\"\r\nX: y.flac")
        #expect(header == "attachment; filename=\"J_ga _live___X: y.flac\"; filename*=UTF-8''J%C3%B3ga%20%22live%22%0D%0AX%3A%20y.flac")
    }
}
