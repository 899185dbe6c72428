import RoamCore

/// What the media service reads from an image file.
public struct ImageFacts: Sendable, Hashable {
    /// As stored, before the orientation tag turns it upright.
    public var width: Int
    public var height: Int
    /// The EXIF orientation, 1 (upright) to 8.
    public var orientation: Int
    public var captureTime: CaptureTime?
    public var position: GeoPoint?
    public var cameraMake: String?
    public var cameraModel: String?
}
