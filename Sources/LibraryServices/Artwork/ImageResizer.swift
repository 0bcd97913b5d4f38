import CGD
import Foundation

/// Fits images into a square with libgd: decode, scale keeping the aspect ratio, encode.
///
/// PNG sources stay PNG (they may have transparency, which JPEG would turn black); every
/// other format becomes a JPEG. See CGD's shim.h for why this is safe on many threads.
public enum ImageResizer {
    /// Images larger than this many pixels are refused before decoding (about 256 MB of
    /// memory as libgd's true-colour pixels).
    public static let maximumPixels = 64_000_000
    static let jpegQuality: Int32 = 88
    private static let silenced: Void = cgd_silence_errors()

    /// `data` scaled to fit `size`×`size`; nil when it already fits (images are never
    /// upscaled). Throws a `LibraryError` when `data` is not an image libgd can decode.
    public static func fit(_ data: Data, in size: Int) throws(LibraryError) -> Artwork? {
        _ = silenced
        guard let format = ImageFormat(of: data) else {
            throw LibraryError(.fileSystem, "The cover is not an image kanora can read (JPEG, PNG, GIF, WebP or BMP).")
        }
        if let (width, height) = ImageInfo.dimensions(of: data) {
            if width <= size && height <= size { return nil }
            let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
            guard !overflow, pixels <= maximumPixels else {
                throw LibraryError(.fileSystem, "The cover is too large to resize (\(width)×\(height) pixels).")
            }
        }
        guard data.count < Int(Int32.max), let image = decode(data, format) else {
            throw LibraryError(.fileSystem, "The cover is a corrupt or unsupported \(format.rawValue.uppercased()) image.")
        }
        defer { gdImageDestroy(image) }
        let (width, height) = (Int(cgd_width(image)), Int(cgd_height(image)))
        guard width > 0, height > 0 else { throw LibraryError(.fileSystem, "The cover image is empty.") }
        if width <= size && height <= size { return nil }
        let scale = Double(size) / Double(max(width, height))
        let newWidth = max(1, Int((Double(width) * scale).rounded()))
        let newHeight = max(1, Int((Double(height) * scale).rounded()))
        if image.pointee.trueColor == 0 { _ = gdImagePaletteToTrueColor(image) }
        _ = gdImageSetInterpolationMethod(image, GD_MITCHELL)
        guard let scaled = gdImageScale(image, UInt32(newWidth), UInt32(newHeight)) else {
            throw LibraryError(.fileSystem, "The cover could not be resized (out of memory?).")
        }
        defer { gdImageDestroy(scaled) }
        return try encode(scaled, asPNG: format == .png)
    }

    static func decode(_ data: Data, _ format: ImageFormat) -> gdImagePtr? {
        var bytes = data
        let count = Int32(bytes.count)
        return bytes.withUnsafeMutableBytes { buffer -> gdImagePtr? in
            guard let base = buffer.baseAddress else { return nil }
            switch format {
            case .jpeg: return gdImageCreateFromJpegPtrEx(count, base, 1)
            case .png: return gdImageCreateFromPngPtr(count, base)
            case .gif: return gdImageCreateFromGifPtr(count, base)
            case .webp: return gdImageCreateFromWebpPtr(count, base)
            case .bmp: return gdImageCreateFromBmpPtr(count, base)
            }
        }
    }

    static func encode(_ image: gdImagePtr, asPNG: Bool) throws(LibraryError) -> Artwork {
        var size: Int32 = 0
        let pointer: UnsafeMutableRawPointer?
        if asPNG {
            gdImageSaveAlpha(image, 1)
            pointer = gdImagePngPtr(image, &size)
        } else {
            pointer = gdImageJpegPtr(image, &size, jpegQuality)
        }
        guard let pointer, size > 0 else { throw LibraryError(.fileSystem, "The resized cover could not be encoded.") }
        defer { gdFree(pointer) }
        return Artwork(data: Data(bytes: pointer, count: Int(size)), format: asPNG ? .png : .jpeg)
    }
}
