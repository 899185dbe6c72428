import Foundation
import RoamCore

/// One photo or video in its owner's library: what was read from the file and what the owner said of it.
public struct MediaItem: Sendable, Hashable {
    public var id: UUID
    public var ownerID: UUID
    public var type: MediaType
    public var sizeBytes: Int
    /// SHA-256 of the bytes, lower-case hex: the same file uploaded twice is one item.
    public var sha256: String
    public var width: Int?
    public var height: Int?
    public var orientation: Int?
    public var captureTime: CaptureTime?
    public var position: GeoPoint?
    public var cameraMake: String?
    public var cameraModel: String?
    /// The phone's id for the photo, so an app can tell what it has sent.
    public var deviceAssetID: String?
    public var description: String
    public var tags: [String]
    /// Shown in the owner's library; false for a picture uploaded only for one post, banner or avatar.
    public var inLibrary: Bool
    public var createdAt: Date
    /// Whether `position` was inferred (from the owner's trip track at its capture time) rather than
    /// read from the file or sent by the phone.
    public var positionInferred = false
    /// The owner cleared an inferred position: none is inferred for it again.
    public var positionInferenceDeclined = false
    /// A moderator's takedown: no signed link reads it, its owner sees why.
    public var takedown: Takedown?

    public init(
        id: UUID, ownerID: UUID, type: MediaType, sizeBytes: Int, sha256: String, width: Int?, height: Int?, orientation: Int?,
        captureTime: CaptureTime?, position: GeoPoint?, cameraMake: String?, cameraModel: String?, deviceAssetID: String?,
        description: String, tags: [String], inLibrary: Bool, createdAt: Date
    ) {
        self.id = id
        self.ownerID = ownerID
        self.type = type
        self.sizeBytes = sizeBytes
        self.sha256 = sha256
        self.width = width
        self.height = height
        self.orientation = orientation
        self.captureTime = captureTime
        self.position = position
        self.cameraMake = cameraMake
        self.cameraModel = cameraModel
        self.deviceAssetID = deviceAssetID
        self.description = description
        self.tags = tags
        self.inLibrary = inLibrary
        self.createdAt = createdAt
    }

    /// Where the library sorts it: when it was taken, or when it arrived if nobody knows.
    public var sortTime: Date { captureTime?.date ?? createdAt }

    /// The local day it was taken on in `zone`: the instant's day there when the offset is known, the
    /// camera's wall-clock date when not, none without a capture time.
    public func localDate(in zone: TripZone) -> LocalDate? {
        guard let captureTime else { return nil }
        return captureTime.isLocal ? TripZone.utc.date(of: captureTime.date) : zone.date(of: captureTime.date)
    }
}
