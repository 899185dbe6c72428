import CVips
import Foundation
import MediaTesting

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

    static let cameraFields = TestPhoto.cameraFields

    /// Writes `name` (its extension picks the format) and returns its path.
    func make(_ name: String, width: Int = 400, height: Int = 300, exif: [String: String] = [:], orientation: Int? = nil) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try TestPhoto.write(to: path, width: width, height: height, exif: exif, orientation: orientation)
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
