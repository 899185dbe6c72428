import RoamCore

/// What the client says about an upload. Its capture time and position count only when the file has
/// none of its own.
public struct UploadDetails: Sendable, Equatable {
    public var clientCaptureTime: CaptureTime?
    public var clientPosition: GeoPoint?
    public var deviceAssetID: String?
    /// False for a picture meant only for one post, banner or avatar.
    public var inLibrary: Bool
    /// The client's `Idempotency-Key`: a retry with it answers the first item.
    public var idempotencyKey: String?

    public init(
        clientCaptureTime: CaptureTime? = nil, clientPosition: GeoPoint? = nil, deviceAssetID: String? = nil, inLibrary: Bool = true,
        idempotencyKey: String? = nil
    ) {
        self.idempotencyKey = idempotencyKey
        self.clientCaptureTime = clientCaptureTime
        self.clientPosition = clientPosition
        self.deviceAssetID = deviceAssetID
        self.inLibrary = inLibrary
    }
}
