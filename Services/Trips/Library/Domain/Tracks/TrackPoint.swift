import Foundation
import RoamCore

/// A position the traveller's phone recorded while tracking was on.
public struct TrackPoint: Sendable, Hashable {
    public let at: Date
    public let point: GeoPoint
    /// The radius the phone was sure of, in metres; none when not known (a GPX file says nothing of it).
    public let accuracyMeters: Double?

    /// The most points one call may send.
    public static let batchLimit = 1_000

    /// A batch as sent, checked point by point (`points[3].at`): each on a day of `trip` in its zone.
    public static func validated(_ points: [TrackPoint], for trip: TripDetails) throws(RoamError) -> [TrackPoint] {
        var validation = Validation()
        validation.require(!points.isEmpty && points.count <= batchLimit, "points", "must hold 1 to \(batchLimit.formatted()) points")
        for (index, point) in points.enumerated() {
            point.point.validate("points[\(index)]", into: &validation)
            validation.require(
                point.accuracyMeters.map { $0.isFinite && $0 >= 0 } ?? true, "points[\(index)].accuracy_meters",
                "must be 0 or more")
            validation.require(
                trip.dates.contains(trip.zone.date(of: point.at)), "points[\(index)].at",
                "must be on a day of the trip (\(trip.dates.start) to \(trip.dates.end) in \(trip.zone.identifier))")
        }
        try validation.check()
        // Microseconds, as PostgreSQL keeps them, so a point sent twice is the same point in both stores.
        return points.map { TrackPoint(at: TimedCursor(time: $0.at, id: UUID()).time, point: $0.point, accuracyMeters: $0.accuracyMeters) }
    }
}
