import Foundation
import RoamCore

/// Track points beside their trips, under the same lock; segmented and simplified in Swift the way
/// PostGIS does it for `PostgresTripStore`.
extension InMemoryTripStore: TrackRepository {
    public func setTracking(_ on: Bool, trip: UUID, owner: UUID) async throws -> Trip? {
        state.withLock { state in
            guard var stored = state.trips[trip], stored.ownerID == owner else { return nil }
            stored.tracking = on
            state.trips[trip] = stored
            return stored
        }
    }

    public func addTrackPoints(_ points: [TrackPoint], trip: UUID, owner: UUID) async throws -> Int? {
        state.withLock { state in
            guard let stored = state.trips[trip], stored.ownerID == owner else { return nil }
            var new = 0
            for point in points where state.trackPoints[trip, default: [:]][point.at] == nil {
                state.trackPoints[trip, default: [:]][point.at] = point
                new += 1
            }
            return new
        }
    }

    public func track(ofTrip trip: UUID, owner: UUID, in interval: Range<Date>?, toleranceMeters: Double) async throws -> Track {
        let points = state.withLock { state -> [TrackPoint] in
            guard let stored = state.trips[trip], stored.ownerID == owner else { return [] }
            return (state.trackPoints[trip] ?? [:]).values.filter { interval?.contains($0.at) ?? true }.sorted { $0.at < $1.at }
        }
        let (segments, distance) = TrackSegmentation.segments(of: points)
        return Track(
            segments: segments.map { TrackSimplifier.simplified($0, toleranceMeters: toleranceMeters) }, distanceMeters: distance,
            recordedPoints: points.count)
    }
}
