import Foundation

/// A file-system path kept as the raw bytes the kernel gave us.
///
/// Names that are not valid UTF-8 cannot round-trip through `String`, so I/O always uses
/// `bytes`; `text` is the NFC-normalised display and matching form, with invalid bytes
/// escaped as `\xNN`.
public struct RawPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The path's bytes, without a trailing NUL.
    public let bytes: [UInt8]

    /// Creates a path from raw bytes.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Creates a path from a Swift string (its UTF-8 bytes, as typed).
    public init(_ string: String) {
        self.bytes = Array(string.utf8)
    }

    /// The NFC-normalised text of the path; invalid UTF-8 bytes appear as `\xNN`.
    public var text: String {
        RawPath.text(of: bytes)
    }

    public var description: String { text }

    /// The text of this folder with one trailing slash: what every path inside it starts with.
    public var folderPrefix: String {
        let text = self.text
        return text.hasSuffix("/") ? text : text + "/"
    }

    /// Whether the bytes are valid UTF-8.
    public var isValidUTF8: Bool {
        String(validating: bytes, as: UTF8.self) != nil
    }

    /// The last path component's bytes.
    public var lastComponent: [UInt8] {
        let bytes = withoutTrailingSlashes
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return bytes }
        return Array(bytes[(slash + 1)...])
    }

    /// The parent folder (everything before the last slash), or the path itself at the root.
    public var parent: RawPath {
        let bytes = withoutTrailingSlashes
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return self }
        return slash == 0 ? RawPath("/") : RawPath(bytes: Array(bytes[..<slash]))
    }

    /// The lowercased extension of the last component, without the dot ("" when none).
    /// Found on the bytes in place: every song a server lists shows its suffix, and copying
    /// the name out, then the extension, then lowercasing was four allocations a song. An
    /// ASCII extension (nearly all) is lowercased into the string it makes, stored inline.
    public var pathExtension: String {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        var end = bytes.count
        while end > 1, bytes[end - 1] == slash { end -= 1 }
        var start = end
        while start > 0, bytes[start - 1] != dot, bytes[start - 1] != slash { start -= 1 }
        // The dot must be in the last component, and not its first byte.
        guard start > 1, bytes[start - 1] == dot, bytes[start - 2] != slash, start < end else { return "" }
        let suffix = bytes[start..<end]
        guard suffix.allSatisfy({ $0 < 0x80 }) else { return RawPath.text(of: Array(suffix)).lowercased() }
        return String(unsafeUninitializedCapacity: suffix.count) { buffer in
            for (offset, byte) in suffix.enumerated() {
                buffer[offset] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            }
            return suffix.count
        }
    }

    /// The last component without its extension, as text.
    public var stem: String {
        let name = lastComponent
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0 else {
            return RawPath.text(of: name)
        }
        return RawPath.text(of: Array(name[..<dot]))
    }

    /// This path with `component` appended after a slash.
    public func appending(_ component: [UInt8]) -> RawPath {
        var result = bytes
        if result.last != UInt8(ascii: "/") { result.append(UInt8(ascii: "/")) }
        result.append(contentsOf: component)
        return RawPath(bytes: result)
    }

    /// Whether `self` is `folder` or lies below it.
    public func isInside(_ folder: RawPath) -> Bool {
        let bytes = withoutTrailingSlashes
        let folderBytes = folder.withoutTrailingSlashes
        if bytes == folderBytes { return true }
        let prefix = folderBytes.last == UInt8(ascii: "/") ? folderBytes : folderBytes + [UInt8(ascii: "/")]
        return bytes.starts(with: prefix)
    }

    /// The bytes without trailing slashes ("/a/b/" names the folder "/a/b"); the root stays "/".
    private var withoutTrailingSlashes: [UInt8] {
        var result = bytes
        while result.count > 1, result.last == UInt8(ascii: "/") { result.removeLast() }
        return result
    }

    /// Runs `body` with a NUL-terminated C string of the path.
    public func withCString<T>(_ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// Byte order (memcmp), which is also code point order for UTF-8.
    public static func < (lhs: RawPath, rhs: RawPath) -> Bool {
        lhs.bytes.withUnsafeBytes { left in
            rhs.bytes.withUnsafeBytes { right in
                let common = min(left.count, right.count)
                let order = common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common)
                return order != 0 ? order < 0 : left.count < right.count
            }
        }
    }

    /// Decodes bytes as UTF-8, escaping invalid sequences as `\xNN`, then NFC-normalises.
    public static func text(of bytes: [UInt8]) -> String {
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        if let valid = String(validating: bytes, as: UTF8.self) {
            return isSurelyNFC(valid) ? valid : valid.precomposedStringWithCanonicalMapping
        }
        var result = ""
        var index = 0
        while index < bytes.count {
            let length = utf8SequenceLength(bytes, at: index)
            if length > 0, let piece = String(validating: bytes[index..<(index + length)], as: UTF8.self) {
                result += piece
                index += length
            } else {
                result += String(format: "\\x%02X", bytes[index])
                index += 1
            }
        }
        return result.precomposedStringWithCanonicalMapping
    }

    /// A quick check that `text` is already NFC, so the (slow) normalisation can be
    /// skipped: true when it has no combining marks and none of the few characters that
    /// NFC replaces (Hangul jamo, Greek extended, compatibility ideographs, K/Å/Ω signs).
    static func isSurelyNFC(_ text: String) -> Bool {
        for scalar in text.unicodeScalars where scalar.value >= 0x0300 {
            switch scalar.value {
            case 0x0300...0x036F, 0x0374, 0x037E, 0x0387, 0x1100...0x11FF, 0x1F00...0x1FFF,
                 0x2126, 0x212A, 0x212B, 0xA960...0xA97F, 0xD7B0...0xD7FF, 0xF900...0xFAFF,
                 0x2F800...0x2FA1F:
                return false
            default:
                switch scalar.properties.generalCategory {
                case .nonspacingMark, .spacingMark, .enclosingMark: return false
                default: continue
                }
            }
        }
        return true
    }

    private static func utf8SequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0x00...0x7F: length = 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return 0
        }
        return index + length <= bytes.count ? length : 0
    }
}
