import CVips
import Foundation

/// Real pictures for tests and benchmarks, made with libvips: a gradient carrying the EXIF fields and
/// orientation a camera would write.
public enum TestPhoto {
    /// A camera's fields: taken 2024-05-01 12:34:56 at +02:00, at 59°19'58.32"N 18°4'0"E, by a "Roam Test Camera".
    public static let cameraFields = [
        "exif-ifd2-DateTimeOriginal": "2024:05:01 12:34:56", "exif-ifd2-OffsetTimeOriginal": "+02:00",
        "exif-ifd0-Make": "Roam", "exif-ifd0-Model": "Test Camera",
        "exif-ifd3-GPSLatitude": "59/1 19/1 5832/100", "exif-ifd3-GPSLatitudeRef": "N",
        "exif-ifd3-GPSLongitude": "18/1 4/1 0/1", "exif-ifd3-GPSLongitudeRef": "E",
    ]

    /// Writes the picture to `path`, in the format its extension names (`.jpg`, `.png`, `.heic`).
    public static func write(
        to path: String, width: Int = 400, height: Int = 300, exif: [String: String] = [:],
        orientation: Int? = nil
    ) throws {
        guard roam_vips_start("roam-tests") == 0, let image = roam_vips_gradient(Int32(width), Int32(height)) else { throw failure() }
        defer { roam_vips_release(image) }
        for (field, value) in exif { vips_image_set_string(image, field, value) }
        if let orientation { vips_image_set_int(image, "orientation", Int32(orientation)) }
        guard roam_vips_write(image, path) == 0 else { throw failure() }
    }

    /// The bytes of such a picture (`format` is a file extension).
    public static func bytes(
        _ format: String = "jpg", width: Int = 400, height: Int = 300, exif: [String: String] = [:],
        orientation: Int? = nil
    ) throws -> Data {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roam-photo-\(UUID().uuidString).\(format)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try write(to: path, width: width, height: height, exif: exif, orientation: orientation)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// Whether a picture's bytes carry GPS fields or any other EXIF.
    public static func hasMetadata(_ bytes: Data) throws -> Bool {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roam-read-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try bytes.write(to: URL(fileURLWithPath: path))
        guard roam_vips_start("roam-tests") == 0, let image = roam_vips_open(path) else { throw failure() }
        defer { roam_vips_release(image) }
        return roam_vips_has_metadata(image) != 0
    }

    private static func failure() -> TestPhotoError {
        let message = String(cString: roam_vips_error())
        roam_vips_clear_error()
        return TestPhotoError(message: message)
    }
}

public struct TestPhotoError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { "libvips: \(message)" }
}
