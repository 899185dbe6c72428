import Foundation
import RoamCore

/// A photo of the owner's library as trips sees it: when and where it was taken.
public struct TripPhoto: Sendable, Hashable {
    public let mediaID: UUID
    public let capturedAt: Date?
    /// Whether `capturedAt` is the camera's wall-clock time read as UTC (no offset was recorded).
    public let capturedAtIsLocal: Bool
    public let point: GeoPoint?

    /// The instant it was taken, a wall-clock time read in `zone`.
    public func instant(in zone: TripZone) -> Date? {
        guard let capturedAt else { return nil }
        guard capturedAtIsLocal else { return capturedAt }
        let day = TripZone.utc.date(of: capturedAt)
        let seconds = capturedAt.timeIntervalSince(TripZone.utc.interval(of: day).lowerBound)
        let minute = Int(seconds / 60)
        return zone.instant(of: day, minute: minute).addingTimeInterval(seconds - Double(minute * 60))
    }

    /// The local day it was taken on in `zone`: a wall-clock time is that day as it reads.
    public func day(in zone: TripZone) -> LocalDate? {
        guard let capturedAt else { return nil }
        return capturedAtIsLocal ? TripZone.utc.date(of: capturedAt) : zone.date(of: capturedAt)
    }
}

extension Collection<TripPhoto> {
    /// For each point, the photo taken on a day of `dates` in `zone` nearest to it within `meters`, ties
    /// to the lower id: what media's `NearestPhotos` answers, for a library kept in memory.
    public func nearest(to points: [UUID: GeoPoint], on dates: TripDates, in zone: TripZone, within meters: Double) -> [UUID: UUID] {
        let taken = filter { photo in photo.point != nil && photo.day(in: zone).map(dates.contains) ?? false }
        return points.compactMapValues { point in
            taken.map { (id: $0.mediaID, meters: point.distance(to: $0.point!)) }
                .filter { $0.meters <= meters }
                .min { ($0.meters, $0.id.uuidString) < ($1.meters, $1.id.uuidString) }?.id
        }
    }
}
