import Foundation
import LibraryCore

/// One entry of an M3U file: where it points, as written, and on which line.
public struct M3UEntry: Sendable, Equatable, Codable {
    /// The 1-based line number of the location line.
    public var line: Int
    /// The location as written (a path, relative or absolute, or a URI).
    public var location: String

    public init(line: Int, location: String) {
        self.line = line
        self.location = location
    }
}

/// Reads and writes M3U/M3U8 playlists as text: pure functions, no file I/O.
public enum M3U {
    /// The entries of an M3U file's bytes: a UTF-8 BOM is skipped, CRLF, LF and CR all end
    /// lines, `#` lines (`#EXTM3U`, `#EXTINF`, other directives) and blank lines are skipped.
    /// Bytes that are not UTF-8 are read as Latin-1 (old `.m3u` files).
    public static func parse(_ data: Data) -> [M3UEntry] {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let text = String(validating: bytes, as: UTF8.self) ?? String(decoding: bytes.map { UInt16($0) }, as: UTF16.self)
        return parse(text)
    }

    /// The entries of M3U text; see `parse(_:)` for bytes.
    public static func parse(_ text: String) -> [M3UEntry] {
        let unified = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        var entries: [M3UEntry] = []
        for (index, raw) in unified.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = raw.trimmingCharacters(in: .whitespaces)
            if index == 0, line.hasPrefix("\u{FEFF}") { line.removeFirst() }
            if line.isEmpty || line.hasPrefix("#") { continue }
            entries.append(M3UEntry(line: index + 1, location: line))
        }
        return entries
    }

    /// The absolute paths an entry's location may mean, most likely first (empty for
    /// locations that cannot be local files, such as `http://` URLs).
    ///
    /// `file://` URIs are percent-decoded; relative paths resolve against `baseDirectory`;
    /// a location with `\` separators (Windows) is also tried with `/`.
    public static func candidatePaths(for location: String, baseDirectory: String) -> [String] {
        var spellings: [String] = []
        if location.lowercased().hasPrefix("file:") {
            guard let path = filePath(fromURI: location) else { return [] }
            spellings = [path]
        } else if location.range(of: "^[A-Za-z][A-Za-z0-9+.-]+://", options: .regularExpression) != nil {
            return []
        } else {
            spellings = [location]
        }
        if let first = spellings.first, first.contains("\\") {
            spellings.append(first.replacingOccurrences(of: "\\", with: "/"))
        }
        var result: [String] = []
        for spelling in spellings {
            let path = QueryPath.normalized(spelling.hasPrefix("/") ? spelling : baseDirectory + "/" + spelling)
            if !result.contains(path) { result.append(path) }
        }
        return result
    }

    /// Extended M3U text for `entries`: `#EXTM3U`, then `#EXTINF:seconds,Artist - Title`
    /// and the path of each track, every line ending in LF.
    public static func write(_ tracks: [Track], paths style: M3UPathStyle) -> String {
        var lines = ["#EXTM3U"]
        for track in tracks {
            let seconds = (track.metadata.audio.durationMs + 500) / 1000
            let label = [track.artist, track.title].compactMap { $0 }.joined(separator: " - ")
            lines.append("#EXTINF:\(seconds),\(singleLine(label))")
            switch style {
            case .absolute: lines.append(track.path.text)
            case .relative(let folder): lines.append(relativePath(track.path.text, from: folder))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `path` relative to `folder` (both absolute), with `../` steps where needed.
    public static func relativePath(_ path: String, from folder: String) -> String {
        let target = QueryPath.normalized(path).split(separator: "/")
        let base = QueryPath.normalized(folder).split(separator: "/")
        var common = 0
        while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
        let ups = Array(repeating: "..", count: base.count - common)
        return (ups + target[common...].map(String.init)).joined(separator: "/")
    }

    /// The path of a `file:` URI (`file:///a%20b`, `file://localhost/a`, `file:/a`), decoded.
    private static func filePath(fromURI uri: String) -> String? {
        var rest = uri.dropFirst("file:".count)
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            guard let slash = rest.firstIndex(of: "/") else { return nil }
            let host = rest[..<slash].lowercased()
            guard host.isEmpty || host == "localhost" else { return nil }
            rest = rest[slash...]
        }
        return String(rest).removingPercentEncoding
    }

    private static func singleLine(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
    }
}
