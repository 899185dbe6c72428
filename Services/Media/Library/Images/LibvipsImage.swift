import CVips

/// One libvips image, released with this object.
final class LibvipsImage {
    let pointer: UnsafeMutablePointer<CVips.VipsImage>

    init(_ pointer: UnsafeMutablePointer<CVips.VipsImage>) {
        self.pointer = pointer
    }

    deinit {
        roam_vips_release(pointer)
    }

    var width: Int { Int(vips_image_get_width(pointer)) }
    var height: Int { Int(vips_image_get_height(pointer)) }
    var bands: Int { Int(vips_image_get_bands(pointer)) }
    var orientation: Int { Int(vips_image_get_orientation(pointer)) }
    var hasMetadata: Bool { roam_vips_has_metadata(pointer) != 0 }

    /// A metadata field as libvips prints it, or nil when the image has none of that name.
    func text(_ field: String) -> String? {
        guard vips_image_get_typeof(pointer, field) != 0 else { return nil }
        var value: UnsafePointer<CChar>?
        guard vips_image_get_string(pointer, field, &value) == 0, let value else { return nil }
        return String(cString: value)
    }
}
