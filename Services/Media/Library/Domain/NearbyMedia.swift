import Foundation

/// A media item found near a point, and how far from it (metres on the sphere).
public struct NearbyMedia: Sendable, Hashable {
    public var mediaID: UUID
    public var meters: Double
}
