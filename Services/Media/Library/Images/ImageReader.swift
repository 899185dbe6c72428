import CVips
import Foundation

/// Reads images with libvips: the facts Roam keeps (size, orientation, EXIF capture time, GPS, camera)
/// and the two variants it serves, both upright and without any metadata. Synchronous and CPU-bound:
/// run it on `ImageWorkers`, never on the concurrency pool.
public struct ImageReader: Sendable {
    /// The largest image decoded, width × height.
    public var pixelLimit: Int
    /// Long side of the thumbnail (WebP) and of the preview (JPEG).
    public var thumbnailSize = 250
    public var previewSize = 1_440

    public init(pixelLimit: Int) {
        self.pixelLimit = pixelLimit
    }

    /// The EXIF fields Roam reads.
    static let exifFields = [
        "exif-ifd2-DateTimeOriginal", "exif-ifd2-OffsetTimeOriginal", "exif-ifd2-DateTimeDigitized", "exif-ifd2-OffsetTimeDigitized",
        "exif-ifd3-GPSLatitude", "exif-ifd3-GPSLatitudeRef", "exif-ifd3-GPSLongitude", "exif-ifd3-GPSLongitudeRef",
        "exif-ifd0-Make", "exif-ifd0-Model",
    ]

    /// Reads the header and metadata only; refuses an image over the pixel limit before decoding it.
    public func facts(ofFileAt path: String) throws(ImageError) -> ImageFacts {
        let image = try header(path)
        var values: [String: String] = [:]
        for field in Self.exifFields {
            if let text = image.text(field) { values[field] = ExifFields.value(ofLibvipsText: text) }
        }
        let exif = ExifFields(values)
        return ImageFacts(
            width: image.width, height: image.height, orientation: image.orientation, captureTime: exif.captureTime,
            position: exif.position, cameraMake: exif.cameraMake, cameraModel: exif.cameraModel)
    }

    /// Both variants from one decode of the original: the preview is made from the file (shrinking as it
    /// loads), kept in memory, and the thumbnail is made from the preview.
    public func variants(ofFileAt path: String) throws(ImageError) -> ImageVariants {
        let shrunk = try shrink(path, to: previewSize)
        guard let copied = vips_image_copy_memory(shrunk.pointer) else { throw ImageError.unreadable(Vips.takeError()) }
        let preview = LibvipsImage(copied)
        guard let small = roam_vips_shrink(preview.pointer, Int32(thumbnailSize)) else { throw ImageError.unreadable(Vips.takeError()) }
        return ImageVariants(thumbnail: try webP(LibvipsImage(small)), preview: try jpeg(preview))
    }

    /// A WebP at most `thumbnailSize` on its long side, encoded by libwebp from the pixels alone (libvips
    /// 8.14's WebP writer keeps EXIF even when asked to strip it, libvips#3340).
    public func thumbnail(ofFileAt path: String) throws(ImageError) -> Data {
        try webP(try shrink(path, to: thumbnailSize))
    }

    private func webP(_ image: LibvipsImage) throws(ImageError) -> Data {
        var length = 0
        guard let pixels = roam_vips_pixels(image.pointer, &length) else { throw ImageError.unreadable(Vips.takeError()) }
        defer { roam_vips_free(pixels) }
        let bytes = pixels.assumingMemoryBound(to: UInt8.self)
        var output: UnsafeMutablePointer<UInt8>?
        let stride = Int32(image.width * image.bands)
        let size =
            image.bands == 4
            ? WebPEncodeRGBA(bytes, Int32(image.width), Int32(image.height), stride, 80, &output)
            : WebPEncodeRGB(bytes, Int32(image.width), Int32(image.height), stride, 80, &output)
        guard size > 0, let output else { throw ImageError.unreadable("the WebP encoder failed") }
        defer { WebPFree(output) }
        return Data(bytes: output, count: size)
    }

    /// The whole picture as anyone but its owner gets it: full size, upright, a JPEG without GPS or any
    /// other metadata.
    public func sharedCopy(ofFileAt path: String) throws(ImageError) -> Data {
        let original = try header(path)
        return try jpeg(try shrink(path, to: max(original.width, original.height)), quality: 90)
    }

    /// A JPEG at most `previewSize` on its long side, without metadata.
    public func preview(ofFileAt path: String) throws(ImageError) -> Data {
        try jpeg(try shrink(path, to: previewSize))
    }

    private func jpeg(_ image: LibvipsImage, quality: Int32 = 82) throws(ImageError) -> Data {
        var bytes: UnsafeMutableRawPointer?
        var length = 0
        guard roam_vips_jpeg(image.pointer, quality, &bytes, &length) == 0, let bytes else { throw ImageError.unreadable(Vips.takeError()) }
        defer { roam_vips_free(bytes) }
        return Data(bytes: bytes, count: length)
    }

    /// The file's header, refused when it promises more pixels than the limit.
    private func header(_ path: String) throws(ImageError) -> LibvipsImage {
        // libvips starts with the first image, not with the process: an idle replica is 9 MB smaller.
        _ = Vips.start()
        guard let pointer = roam_vips_open(path) else { throw ImageError.unreadable(Vips.takeError()) }
        let image = LibvipsImage(pointer)
        let (pixels, overflow) = image.width.multipliedReportingOverflow(by: image.height)
        guard !overflow, pixels <= pixelLimit else {
            throw ImageError.tooManyPixels(width: image.width, height: image.height, limit: pixelLimit)
        }
        return image
    }

    /// Decodes the whole file (so a truncated one fails here), upright, shrunk to fit `size`, in sRGB with
    /// 3 bands (4 with alpha).
    private func shrink(_ path: String, to size: Int) throws(ImageError) -> LibvipsImage {
        _ = try header(path)
        guard let pointer = roam_vips_thumbnail(path, Int32(size)) else { throw ImageError.unreadable(Vips.takeError()) }
        let image = LibvipsImage(pointer)
        guard image.bands == 3 || image.bands == 4 else { throw ImageError.unreadable("an image with \(image.bands) bands") }
        return image
    }
}
