import Foundation
import RoamCore

/// Where a trip's recorded positions live, with the trip: deleting it deletes them.
public protocol TrackRepository: Sendable {
    /// Turns recording on or off for the owner's trip; nil when they have no such trip.
    func setTracking(_ on: Bool, trip: UUID, owner: UUID) async throws -> Trip?
    /// Stores the points for the owner's trip, each moment once (a point sent again is ignored), and
    /// says how many were new; nil when the owner has no such trip.
    func addTrackPoints(_ points: [TrackPoint], trip: UUID, owner: UUID) async throws -> Int?
    /// The track recorded in `interval` (the whole trip when nil), cut as `TrackSegmentation` says,
    /// each segment simplified to `toleranceMeters` (Douglas–Peucker; 0 keeps every point).
    func track(ofTrip trip: UUID, owner: UUID, in interval: Range<Date>?, toleranceMeters: Double) async throws -> Track
}
