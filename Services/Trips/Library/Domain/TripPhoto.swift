import Foundation
import RoamCore

/// A photo of the owner's library as trips sees it: when and where it was taken.
public struct TripPhoto: Sendable, Hashable {
    public let mediaID: UUID
    public let capturedAt: Date?
    /// Whether `capturedAt` is the camera's wall-clock time read as UTC (no offset was recorded).
    public let capturedAtIsLocal: Bool
    public let point: GeoPoint?

    public init(mediaID: UUID, capturedAt: Date?, capturedAtIsLocal: Bool, point: GeoPoint?) {
        self.mediaID = mediaID
        self.capturedAt = capturedAt
        self.capturedAtIsLocal = capturedAtIsLocal
        self.point = point
    }

    /// The local day it was taken on in `zone`: a wall-clock time is that day as it reads.
    public func day(in zone: TripZone) -> LocalDate? {
        guard let capturedAt else { return nil }
        return capturedAtIsLocal ? TripZone.utc.date(of: capturedAt) : zone.date(of: capturedAt)
    }
}
