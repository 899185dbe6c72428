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

    public init(
        width: Int, height: Int, orientation: Int, captureTime: CaptureTime?, position: GeoPoint?,
        cameraMake: String?, cameraModel: String?
    ) {
        self.width = width
        self.height = height
        self.orientation = orientation
        self.captureTime = captureTime
        self.position = position
        self.cameraMake = cameraMake
        self.cameraModel = cameraModel
    }
}
