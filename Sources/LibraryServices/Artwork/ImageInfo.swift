import Foundation

/// An image file format, recognised by its first bytes (never by a name or a tag's claim).
public enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg, png, gif, webp, bmp

    /// The MIME type to send it with.
    public var mimeType: String { "image/\(rawValue)" }

    /// The format of `data`, from its magic bytes; nil when it is not an image we know.
    public init?(of data: Data) {
        let bytes = [UInt8](data.prefix(12))
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + magic.count && Array(bytes[offset..<offset + magic.count]) == magic
        }
        if starts([0xFF, 0xD8, 0xFF]) { self = .jpeg }
        else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { self = .png }
        else if starts(Array("GIF8".utf8)) { self = .gif }
        else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { self = .webp }
        else if starts(Array("BM".utf8)) { self = .bmp }
        else { return nil }
    }
}

/// Reads an image's dimensions from its header, without decoding it.
public enum ImageInfo {
    /// The width and height in pixels stated by `data`'s header, or nil when unreadable.
    public static func dimensions(of data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data)
        switch ImageFormat(of: data) {
        case .jpeg: return jpegDimensions(bytes)
        case .png:
            guard bytes.count >= 24 else { return nil }
            return (bigEndian(bytes, 16, 4), bigEndian(bytes, 20, 4))
        case .gif:
            guard bytes.count >= 10 else { return nil }
            return (littleEndian(bytes, 6, 2), littleEndian(bytes, 8, 2))
        case .bmp:
            guard bytes.count >= 26 else { return nil }
            return (littleEndian(bytes, 18, 4), abs(Int(Int32(bitPattern: UInt32(littleEndian(bytes, 22, 4))))))
        case .webp: return webpDimensions(bytes)
        case nil: return nil
        }
    }

    /// Walks the JPEG markers to the first start-of-frame (SOF0...SOF15 but DHT, JPG, DAC).
    static func jpegDimensions(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }
            let length = bigEndian(bytes, index + 2, 2)
            if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                return (bigEndian(bytes, index + 7, 2), bigEndian(bytes, index + 5, 2))
            }
            guard length >= 2 else { return nil }
            index += 2 + length
        }
        return nil
    }

    static func webpDimensions(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 30 else { return nil }
        switch String(decoding: bytes[12..<16], as: UTF8.self) {
        case "VP8 ": return (littleEndian(bytes, 26, 2) & 0x3FFF, littleEndian(bytes, 28, 2) & 0x3FFF)
        case "VP8L":
            let bits = littleEndian(bytes, 21, 4)
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X": return (littleEndian(bytes, 24, 3) + 1, littleEndian(bytes, 27, 3) + 1)
        default: return nil
        }
    }

    static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }

    static func littleEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        bytes[offset..<offset + count].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
