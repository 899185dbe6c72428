import Foundation
import RoamCore

/// The owner's photos, as the media service keeps them; asked with the owner's own token.
public protocol TripPhotos: Sendable {
    /// Photos of `owner` taken in `interval` (widened by a day each way, since a wall-clock time may be
    /// any zone's), those within `meters` of `near` when given, oldest first, at most `limit`.
    func photos(of owner: UUID, takenIn interval: Range<Date>, near: GeoPoint?, within meters: Double?, limit: Int) async throws -> [TripPhoto]
    /// The owner's photos taken in `interval` (widened the same way) that have no position, oldest
    /// first, at most `limit`.
    func photosWithoutPosition(of owner: UUID, takenIn interval: Range<Date>, limit: Int) async throws -> [TripPhoto]
    /// For each point, the owner's photo taken on a day of `dates` in `zone` nearest to it within
    /// `meters` (ties to the lower id); points with none are left out.
    func nearestPhotos(
        of owner: UUID, to points: [UUID: GeoPoint], on dates: TripDates, in zone: TripZone, within meters: Double
    ) async throws
        -> [UUID: UUID]
}
