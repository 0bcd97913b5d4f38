import CGD
import Foundation

/// Fits images into a square with libgd: decode, scale keeping the aspect ratio, encode.
///
/// PNG sources stay PNG (they may have transparency, which JPEG would turn black); every
/// other format becomes a JPEG. See CGD's cgd.h for why this is safe on many threads, and
/// why libgd is opened on first use rather than linked.
public enum ImageResizer {
    /// Images larger than this many pixels are refused before decoding (about 256 MB of
    /// memory as libgd's true-colour pixels).
    public static let maximumPixels = 64_000_000
    static let jpegQuality: Int32 = 88
    private static let libgd = cgd_load() == 1

    /// `data` scaled to fit `size`×`size`; nil when it already fits (images are never
    /// upscaled). Throws a `LibraryError` when `data` is not an image libgd can decode.
    public static func fit(_ data: Data, in size: Int) throws(LibraryError) -> Artwork? {
        guard libgd else {
            throw LibraryError(.fileSystem, "Covers cannot be resized: libgd is not installed (apt-get install libgd3).")
        }
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
        defer { cgd_destroy(image) }
        let (width, height) = (Int(cgd_width(image)), Int(cgd_height(image)))
        guard width > 0, height > 0 else { throw LibraryError(.fileSystem, "The cover image is empty.") }
        if width <= size && height <= size { return nil }
        let scale = Double(size) / Double(max(width, height))
        let newWidth = max(1, Int((Double(width) * scale).rounded()))
        let newHeight = max(1, Int((Double(height) * scale).rounded()))
        if image.pointee.trueColor == 0 { _ = cgd_palette_to_true_color(image) }
        _ = cgd_set_interpolation(image, GD_MITCHELL)
        guard let scaled = cgd_scale(image, UInt32(newWidth), UInt32(newHeight)) else {
            throw LibraryError(.fileSystem, "The cover could not be resized (out of memory?).")
        }
        defer { cgd_destroy(scaled) }
        return try encode(scaled, asPNG: format == .png)
    }

    static func decode(_ data: Data, _ format: ImageFormat) -> gdImagePtr? {
        var bytes = data
        let count = Int32(bytes.count)
        return bytes.withUnsafeMutableBytes { buffer -> gdImagePtr? in
            guard let base = buffer.baseAddress else { return nil }
            switch format {
            case .jpeg: return cgd_create_from_jpeg(count, base)
            case .png: return cgd_create_from_png(count, base)
            case .gif: return cgd_create_from_gif(count, base)
            case .webp: return cgd_create_from_webp(count, base)
            case .bmp: return cgd_create_from_bmp(count, base)
            }
        }
    }

    static func encode(_ image: gdImagePtr, asPNG: Bool) throws(LibraryError) -> Artwork {
        var size: Int32 = 0
        let pointer: UnsafeMutableRawPointer?
        if asPNG {
            cgd_save_alpha(image, 1)
            pointer = cgd_png(image, &size)
        } else {
            pointer = cgd_jpeg(image, &size, jpegQuality)
        }
        guard let pointer, size > 0 else { throw LibraryError(.fileSystem, "The resized cover could not be encoded.") }
        defer { cgd_free(pointer) }
        return Artwork(data: Data(bytes: pointer, count: Int(size)), format: asPNG ? .png : .jpeg)
    }
}
