import Foundation
import RoamCore

/// The EXIF fields read from a file, by libvips' names (`exif-ifd2-DateTimeOriginal`), and what Roam
/// takes from them: capture time, GPS position, camera.
public struct ExifFields: Sendable {
    public var values: [String: String]

    public init(_ values: [String: String]) {
        self.values = values
    }

    /// libvips shows a field as `value (readable, type, n components, n bytes)`: the value alone.
    public static func value(ofLibvipsText text: String) -> String {
        guard text.hasSuffix(")"), let open = text.range(of: " (", options: .backwards) else { return text }
        return String(text[..<open.lowerBound])
    }

    /// `DateTimeOriginal` with `OffsetTimeOriginal` (`DateTimeDigitized` with its offset when the
    /// original is missing).
    public var captureTime: CaptureTime? {
        if let original = values["exif-ifd2-DateTimeOriginal"],
            let time = CaptureTime(exifDateTime: original, offset: values["exif-ifd2-OffsetTimeOriginal"])
        {
            return time
        }
        return values["exif-ifd2-DateTimeDigitized"].flatMap { CaptureTime(exifDateTime: $0, offset: values["exif-ifd2-OffsetTimeDigitized"]) }
    }

    /// `GPSLatitude` `59/1 19/1 5832/100` with `GPSLatitudeRef` `N`, and the same for longitude.
    public var position: GeoPoint? {
        guard let latitude = Self.degrees(values["exif-ifd3-GPSLatitude"], reference: values["exif-ifd3-GPSLatitudeRef"], negative: "S"),
            let longitude = Self.degrees(values["exif-ifd3-GPSLongitude"], reference: values["exif-ifd3-GPSLongitudeRef"], negative: "W"),
            (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return nil }
        return GeoPoint(latitude: latitude, longitude: longitude)
    }

    public var cameraMake: String? { text("exif-ifd0-Make") }
    public var cameraModel: String? { text("exif-ifd0-Model") }

    private func text(_ field: String) -> String? {
        guard let value = values[field]?.trimmingCharacters(in: .whitespacesAndNewlines.union(.controlCharacters)), !value.isEmpty else {
            return nil
        }
        return value
    }

    /// Degrees, minutes and seconds as three rationals (`59/1 19/1 5832/100`).
    static func degrees(_ text: String?, reference: String?, negative: String) -> Double? {
        guard let parts = text?.split(separator: " "), parts.count == 3 else { return nil }
        let numbers = parts.compactMap { part -> Double? in
            let fraction = part.split(separator: "/")
            guard fraction.count == 2, let numerator = Double(fraction[0]), let denominator = Double(fraction[1]), denominator != 0 else {
                return nil
            }
            return numerator / denominator
        }
        guard numbers.count == 3 else { return nil }
        let degrees = numbers[0] + numbers[1] / 60 + numbers[2] / 3600
        return reference?.trimmingCharacters(in: .whitespaces).uppercased() == negative ? -degrees : degrees
    }
}
