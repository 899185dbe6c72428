import CVips
import Foundation
@testable import Media

/// Real image files for the tests, made with libvips: a gradient with the EXIF fields and orientation
/// a camera would write.
struct TestImages {
    let directory: URL

    init() throws {
        _ = Vips.start()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("roam-media-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// A camera's fields: taken 2024-05-01 12:34:56 at +02:00, at 59°19'58.32"N 18°4'0"E, by a "Roam Test Camera".
    static let cameraFields = [
        "exif-ifd2-DateTimeOriginal": "2024:05:01 12:34:56", "exif-ifd2-OffsetTimeOriginal": "+02:00",
        "exif-ifd0-Make": "Roam", "exif-ifd0-Model": "Test Camera",
        "exif-ifd3-GPSLatitude": "59/1 19/1 5832/100", "exif-ifd3-GPSLatitudeRef": "N",
        "exif-ifd3-GPSLongitude": "18/1 4/1 0/1", "exif-ifd3-GPSLongitudeRef": "E",
    ]

    /// Writes `name` (its extension picks the format) and returns its path.
    func make(_ name: String, width: Int = 400, height: Int = 300, exif: [String: String] = [:], orientation: Int? = nil) throws -> String {
        guard let pointer = roam_vips_gradient(Int32(width), Int32(height)) else { throw ImageError.unreadable(Vips.takeError()) }
        let image = LibvipsImage(pointer)
        for (field, value) in exif { vips_image_set_string(image.pointer, field, value) }
        if let orientation { vips_image_set_int(image.pointer, "orientation", Int32(orientation)) }
        let path = directory.appendingPathComponent(name).path
        guard roam_vips_write(image.pointer, path) == 0 else { throw ImageError.unreadable(Vips.takeError()) }
        return path
    }

    /// Writes `bytes` as `name` and returns its path.
    func write(_ bytes: Data, as name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try bytes.write(to: url)
        return url.path
    }

    /// Opens what the service made, to look at it the way a client's decoder would.
    func decode(_ bytes: Data) throws -> LibvipsImage {
        let path = try write(bytes, as: "decoded-\(UUID().uuidString)")
        guard let pointer = roam_vips_open(path) else { throw ImageError.unreadable(Vips.takeError()) }
        return LibvipsImage(pointer)
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
