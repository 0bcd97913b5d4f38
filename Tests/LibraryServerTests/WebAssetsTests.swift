import Foundation
import Hummingbird
import HummingbirdTesting
@testable import LibraryServer
import LibraryServices
import Testing

/// The web app's files as the server sends them: every file compiled in, the page
/// revalidated by ETag, assets cached under their fingerprint, and the security headers.
@Suite("Web assets: every file served, ETags, fingerprints, CSP")
struct WebAssetsTests {
    /// `Sources/LibraryServer/Web/Assets`, found from this file's path.
    private static var assetFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/LibraryServer/Web/Assets")
    }

    @Test func everyFileInTheAssetFolderIsCompiledInAndServedAsItIs() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.assetFolder.path).filter { !$0.hasPrefix(".") }
        #expect(Set(names) == Set(WebAssets.files.keys), "list each file of Web/Assets in WebAssets.files")
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: Self.assetFolder.appendingPathComponent(name)))
            #expect(WebAssets.files[name] == bytes, "\(name) is compiled in as it is on disk")
        }
    }

    @Test func thePageAndItsAssetsCarryTheSecurityHeadersAndCacheRightly() async throws {
        let services = try ServiceContainer.inMemory()
        let application = KanoraServer.application(services: services, configuration: ServerConfiguration(port: 0, watch: false))
        let assets = WebAssets.shared
        try await application.test(.router) { client in
            let page = try await client.execute(uri: "/", method: .get)
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            let csp = try #require(page.headers[.contentSecurityPolicy])
            for directive in ["default-src 'self'", "script-src 'self'", "style-src 'self'", "frame-ancestors 'none'"] {
                #expect(csp.contains(directive))
            }
            #expect(!csp.contains("unsafe-inline") && !csp.contains("unsafe-eval"))
            #expect(page.headers[.xContentTypeOptions] == "nosniff")
            #expect(page.headers[.cacheControl] == "no-cache")
            let html = String(buffer: page.body)
            #expect(html.contains(assets.root) && !html.contains("{{ASSETS}}"))
            let etag = try #require(page.headers[.eTag])
            let again = try await client.execute(uri: "/", method: .get, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)

            for name in WebAssets.files.keys where name != "index.html" {
                let asset = try await client.execute(uri: assets.root + name, method: .get)
                #expect(asset.status == .ok, "\(name)")
                #expect(asset.headers[.cacheControl] == "public, max-age=31536000, immutable")
                #expect(asset.headers[.xContentTypeOptions] == "nosniff")
                #expect(Array(asset.body.readableBytesView) == WebAssets.files[name])
            }
            let stale = try await client.execute(uri: "/assets/0000000000000000/app.js", method: .get)
            #expect(stale.status == .notFound, "an old build's asset is not answered with this build's file")
            let unknown = try await client.execute(uri: assets.root + "nothing.js", method: .get)
            #expect(unknown.status == .notFound)
        }
    }

    @Test func theFingerprintChangesWithAnyFile() {
        let one = WebAssets(files: ["index.html": Array("{{ASSETS}}app.js".utf8), "app.js": Array("a".utf8)])
        let two = WebAssets(files: ["index.html": Array("{{ASSETS}}app.js".utf8), "app.js": Array("b".utf8)])
        #expect(one.fingerprint != two.fingerprint)
        #expect(String(decoding: one.page.bytes, as: UTF8.self) == "/assets/\(one.fingerprint)/app.js")
        #expect(one.assets["app.js"]?.contentType == "text/javascript; charset=utf-8")
    }
}

@Suite("Web assets: gzip for browsers that accept it")
struct WebAssetsGzipTests {
    @Test func textIsSentGzippedToBrowsersThatAcceptItWithItsOwnETag() async throws {
        let services = try ServiceContainer.inMemory()
        let application = KanoraServer.application(services: services, configuration: ServerConfiguration(port: 0, watch: false))
        let text = Array(String(repeating: "export const kanora = 'a thin client';\n", count: 200).utf8)
        let assets = WebAssets(files: ["index.html": Array("<script src=\"{{ASSETS}}app.js\"></script>".utf8), "app.js": text])
        let asset = try #require(assets.assets["app.js"])
        #expect(try #require(asset.gzipped).count < text.count / 4)
        #expect(Gzip.decompress(try #require(asset.gzipped)) == text)
        #expect(WebRoutes.acceptsGzip([.acceptEncoding: "br, gzip;q=0.8"]))
        #expect(!WebRoutes.acceptsGzip([.acceptEncoding: "gzip;q=0, br"]))
        #expect(!WebRoutes.acceptsGzip([.acceptEncoding: "identity"]))

        let shared = WebAssets.shared
        try await application.test(.router) { client in
            for name in WebAssets.files.keys where name != "index.html" {
                let plain = try await client.execute(uri: shared.root + name, method: .get)
                let zipped = try await client.execute(uri: shared.root + name, method: .get, headers: [.acceptEncoding: "gzip, deflate"])
                guard shared.assets[name]?.gzipped != nil else { continue }
                #expect(plain.headers[.contentEncoding] == nil)
                #expect(zipped.headers[.contentEncoding] == "gzip")
                #expect(zipped.headers[.vary] == "Accept-Encoding")
                #expect(zipped.headers[.eTag] != plain.headers[.eTag])
                #expect(Gzip.decompress(Array(zipped.body.readableBytesView)) == Array(plain.body.readableBytesView))
            }
        }
    }
}
