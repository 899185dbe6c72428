import Foundation
import RoamCore

/// One point of a day's route: a pin or a photo.
public struct RouteStop: Sendable, Hashable {
    public let point: GeoPoint
    public let at: Date
    public let pinID: UUID?
    public let title: String?
    public let mediaID: UUID?

    public init(point: GeoPoint, at: Date, pinID: UUID? = nil, title: String? = nil, mediaID: UUID? = nil) {
        self.point = point
        self.at = at
        self.pinID = pinID
        self.title = title
        self.mediaID = mediaID
    }
}
