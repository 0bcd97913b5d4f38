import Foundation
import LibraryCore

#if canImport(Glibc)
import Glibc
#endif

/// An open file about to be sent: the descriptor, what it is, and its HTTP validators.
///
/// The body is read from this descriptor, never by path again, so what was checked when
/// it was opened (see `IndexedFile`) is what is sent.
struct MediaFile: Sendable {
    let descriptor: FileDescriptor
    let size: Int64
    let mtimeNs: Int64
    let contentType: String
    /// The name a download is saved under (`Content-Disposition: attachment`), nil to stream.
    let downloadName: String?

    /// Takes `descriptor` (already open) with its `fstat` facts.
    init(descriptor: FileDescriptor, status: stat, contentType: String, downloadName: String?) {
        self.descriptor = descriptor
        self.size = Int64(status.st_size)
        self.mtimeNs = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        self.contentType = contentType
        self.downloadName = downloadName
    }

    /// Opens the regular file at `path`, with no further check: nil when it cannot be
    /// opened or is not a regular file. Library files go through `IndexedFile.open` instead.
    init?(path: RawPath, contentType: String, downloadName: String? = nil) {
        guard let descriptor = try? FileDescriptor(opening: path), let status = descriptor.status(),
              status.st_mode & S_IFMT == S_IFREG
        else { return nil }
        self.init(descriptor: descriptor, status: status, contentType: contentType, downloadName: downloadName)
    }

    /// A strong validator: the file's size and mtime, which any change to it alters.
    var etag: String { "\"\(String(size, radix: 16))-\(String(mtimeNs, radix: 16))\"" }

    /// The modification time, to the second.
    var lastModifiedSeconds: Int64 { mtimeNs / 1_000_000_000 }

    /// Whether an `If-Range` value still names this file: our ETag exactly (a weak tag never
    /// matches), or the date sent as Last-Modified.
    func matches(ifRange value: String) -> Bool {
        let value = value.trimmingCharacters(in: .whitespaces)
        if value.hasPrefix("\"") || value.hasPrefix("W/") { return value == etag }
        guard let date = HTTPDate.parse(value) else { return false }
        return date == lastModifiedSeconds
    }

    /// RFC 3986 unreserved characters: what `filename*` keeps unescaped.
    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.-_~")

    /// `attachment; filename="..."; filename*=UTF-8''...` for `name`: the quoted form keeps
    /// printable ASCII only (no quote, backslash or control character can end the header).
    static func contentDisposition(_ name: String) -> String {
        let ascii = String(name.unicodeScalars.map { scalar -> Character in
            (0x20..<0x7F).contains(scalar.value) && scalar != "\"" && scalar != "\\" ? Character(scalar) : "_"
        })
        let encoded = name.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ascii
        return "attachment; filename=\"\(ascii)\"; filename*=UTF-8''\(encoded)"
    }
}
