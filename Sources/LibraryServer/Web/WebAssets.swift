/// The web app's files, compiled into the binary from `Web/Assets` (SwiftPM's
/// `.embedInCode`, which names each file's bytes by its name alone: the folder is flat).
///
/// Every file is listed in `files`: a test fails when a file in the folder is missing
/// here. The `fingerprint` (a hash of every file) is part of each asset's URL, so assets
/// are cached for a year and a new build is fetched at once.
struct WebAssets: Sendable {
    /// One file, ready to serve.
    struct Asset: Sendable {
        let bytes: [UInt8]
        let contentType: String
        /// A strong ETag of the bytes.
        let etag: String
        /// The bytes gzipped, for text that gets smaller so (nil: send as they are).
        let gzipped: [UInt8]?

        /// The ETag of the gzipped bytes: another representation, another tag.
        var gzipETag: String { String(etag.dropLast()) + "-gz\"" }
    }

    /// What the page's `{{ASSETS}}` placeholders become: `/assets/FINGERPRINT/`.
    let root: String
    /// The hash of all files together.
    let fingerprint: String
    /// `index.html` with `{{ASSETS}}` replaced.
    let page: Asset
    /// Every other file, by name.
    let assets: [String: Asset]

    /// The files, by name. Add a line here with each new file in `Web/Assets`.
    static let files: [String: [UInt8]] = [
        "index.html": PackageResources.index_html,
        "app.css": PackageResources.app_css,
        "app.js": PackageResources.app_js,
        "admin.js": PackageResources.admin_js,
        "api.js": PackageResources.api_js,
        "browse.js": PackageResources.browse_js,
        "dom.js": PackageResources.dom_js,
        "icons.js": PackageResources.icons_js,
        "player.js": PackageResources.player_js,
        "playlists.js": PackageResources.playlists_js,
        "queue.js": PackageResources.queue_js,
        "tracks.js": PackageResources.tracks_js,
    ]

    /// The app's files as this binary carries them.
    static let shared = WebAssets(files: files)

    init(files: [String: [UInt8]]) {
        var combined = FNV1a()
        for name in files.keys.sorted() {
            combined.add(Array(name.utf8))
            combined.add(files[name]!)
        }
        fingerprint = combined.hex
        root = "/assets/\(fingerprint)/"
        var assets: [String: Asset] = [:]
        for (name, bytes) in files where name != "index.html" {
            assets[name] = Self.asset(bytes, name: name)
        }
        self.assets = assets
        let html = String(decoding: files["index.html"] ?? [], as: UTF8.self).replacingOccurrences(of: "{{ASSETS}}", with: root)
        page = Self.asset(Array(html.utf8), name: "index.html")
    }

    private static func asset(_ bytes: [UInt8], name: String) -> Asset {
        var hash = FNV1a()
        hash.add(bytes)
        let type = contentType(of: name)
        let compressible = type.hasPrefix("text/") || type.hasPrefix("image/svg") || type.hasPrefix("application/manifest")
        let gzipped = compressible ? Gzip.compress(bytes).flatMap { $0.count < bytes.count ? $0 : nil } : nil
        return Asset(bytes: bytes, contentType: type, etag: "\"\(hash.hex)\"", gzipped: gzipped)
    }

    /// The media type of a file, by its extension.
    static func contentType(of name: String) -> String {
        switch name.split(separator: ".").last ?? "" {
        case "html": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "ico": "image/x-icon"
        case "json", "webmanifest": "application/manifest+json"
        case "woff2": "font/woff2"
        default: "application/octet-stream"
        }
    }
}

/// FNV-1a, 64 bits: a quick fingerprint of bytes for cache validation (not a secret).
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: [UInt8]) {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
    }

    var hex: String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
