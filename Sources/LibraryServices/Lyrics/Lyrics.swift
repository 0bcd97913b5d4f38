import Foundation
import LibraryCore

/// A track's lyrics, as OpenSubsonic's structured lyrics describe them: lines, with start
/// times when the text is LRC (`[01:02.50] words`).
public struct Lyrics: Sendable, Equatable {
    /// One line; `startMs` is set on synced lyrics only.
    public struct Line: Sendable, Equatable {
        public var startMs: Int?
        public var text: String

        public init(startMs: Int? = nil, text: String) {
            self.startMs = startMs
            self.text = text
        }
    }

    /// ISO 639 code, or "xxx" when unknown (TagLib's PropertyMap drops ID3's language).
    public var language: String
    public var isSynced: Bool
    public var lines: [Line]

    public init(language: String = "xxx", isSynced: Bool, lines: [Line]) {
        self.language = language
        self.isSynced = isSynced
        self.lines = lines
    }

    /// The lyrics in a track's tags: every value of LYRICS (ID3 USLT, Vorbis, MP4 ©lyr, ASF
    /// WM/Lyrics all map to it, "LYRICS:<description>" for described USLT frames) and of
    /// UNSYNCEDLYRICS (foobar2000's key), in key order; empty when there are none.
    public static func embedded(in metadata: TrackMetadata) -> [Lyrics] {
        metadata.otherTags.keys.sorted()
            .filter { key in
                let key = key.uppercased()
                return key == "LYRICS" || key.hasPrefix("LYRICS:") || key == "UNSYNCEDLYRICS" || key == "UNSYNCED LYRICS"
            }
            .flatMap { metadata.otherTags[$0] ?? [] }
            .filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
            .map(parse)
    }

    /// Parses lyrics text: LRC when any line starts with a time tag, else plain lines.
    public static func parse(_ text: String) -> Lyrics {
        let rawLines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        var timed: [Line] = []
        var offsetMs = 0
        for raw in rawLines {
            var rest = Substring(raw.trimmingCharacters(in: .whitespaces))
            var starts: [Int] = []
            while rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
                let tag = rest[rest.index(after: rest.startIndex)..<close]
                if let ms = milliseconds(tag) {
                    starts.append(ms)
                } else if tag.lowercased().hasPrefix("offset:"), let value = Int(tag.dropFirst(7).trimmingCharacters(in: .whitespaces)) {
                    offsetMs = value
                }
                rest = rest[rest.index(after: close)...]
            }
            let words = rest.trimmingCharacters(in: .whitespaces)
            timed += starts.map { Line(startMs: $0, text: words) }
        }
        guard !timed.isEmpty else {
            return Lyrics(isSynced: false, lines: rawLines.map { Line(text: $0.trimmingCharacters(in: .whitespaces)) })
        }
        // LRC's offset is added to every time: positive shows the lines earlier.
        let lines = timed.map { Line(startMs: max(0, $0.startMs! - offsetMs), text: $0.text) }
        return Lyrics(isSynced: true, lines: lines.enumerated().sorted { ($0.element.startMs!, $0.offset) < ($1.element.startMs!, $1.offset) }.map(\.element))
    }

    /// "mm:ss", "mm:ss.xx" or "mm:ss.xxx" in milliseconds; nil for anything else.
    static func milliseconds(_ tag: Substring) -> Int? {
        let parts = tag.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, let minutes = Int(parts[0]), minutes >= 0 else { return nil }
        let secondParts = parts[1].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let seconds = Int(secondParts[0]), (0..<60).contains(seconds), secondParts[0].count == 2 else { return nil }
        var fraction = 0
        if secondParts.count == 2 {
            let digits = secondParts[1]
            guard (1...3).contains(digits.count), let value = Int(digits) else { return nil }
            fraction = value * [100, 10, 1][digits.count - 1]
        }
        return (minutes * 60 + seconds) * 1000 + fraction
    }
}
