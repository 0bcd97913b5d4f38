import Foundation
@testable import LibraryServices
import Testing
import TestSupport

@Suite("Cover resizing with libgd")
struct ImageResizerTests {
    let jpeg = try! Data(contentsOf: Fixtures.url("covers/cover.jpg"))
    let png = try! Data(contentsOf: Fixtures.url("covers/alpha.png"))

    @Test("fits into the square keeping the aspect ratio, as a JPEG")
    func fitsJPEG() throws {
        let resized = try #require(try ImageResizer.fit(jpeg, in: 150))
        #expect(resized.format == .jpeg)
        #expect(ImageInfo.dimensions(of: resized.data)! == (150, 100))
        let tall = try #require(try ImageResizer.fit(jpeg, in: 30))
        #expect(ImageInfo.dimensions(of: tall.data)! == (30, 20))
    }

    @Test("a PNG stays a PNG (it may be translucent)")
    func keepsPNG() throws {
        let resized = try #require(try ImageResizer.fit(png, in: 60))
        #expect(resized.format == .png)
        #expect(ImageInfo.dimensions(of: resized.data)! == (60, 40))
    }

    @Test("never upscales: an image that fits is left alone")
    func noUpscale() throws {
        #expect(try ImageResizer.fit(jpeg, in: 300) == nil)
        #expect(try ImageResizer.fit(png, in: 1000) == nil)
    }

    @Test("garbage, truncated and non-image data are errors")
    func corrupt() {
        let cases: [Data] = [Data(), Data("not an image".utf8), jpeg.prefix(40), Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])]
        for data in cases {
            #expect(throws: LibraryError.self) { try ImageResizer.fit(data, in: 10) }
        }
    }

    @Test("a header claiming billions of pixels is refused before decoding")
    func pixelBomb() {
        var header = png.prefix(24)
        header.replaceSubrange(header.startIndex + 16..<header.startIndex + 24, with: [UInt8](repeating: 0xFF, count: 8))
        #expect(ImageInfo.dimensions(of: header)! == (0xFFFF_FFFF, 0xFFFF_FFFF))
        #expect { try ImageResizer.fit(header + png.dropFirst(24), in: 10) } throws: {
            ($0 as? LibraryError)?.message.contains("too large") == true
        }
    }

    @Test("headers cut anywhere never crash the dimension reader")
    func truncatedHeaders() {
        for data in [jpeg, png] {
            for length in 0..<min(data.count, 700) { _ = ImageInfo.dimensions(of: data.prefix(length)) }
        }
    }

    @Test("headers give dimensions and formats")
    func headers() {
        #expect(ImageFormat(of: jpeg) == .jpeg)
        #expect(ImageFormat(of: png) == .png)
        #expect(ImageInfo.dimensions(of: png)! == (120, 80))
        #expect(ImageInfo.dimensions(of: Data("GIF89a".utf8) + Data([0x10, 0x00, 0x20, 0x00]))! == (16, 32))
        #expect(ImageFormat(of: Data("hello".utf8)) == nil)
    }
}
