import Foundation
import RoamCore
import Synchronization

@testable import Trips

/// A media library in memory, answering as `MediaTripPhotos` does from media: the owner's photos
/// taken in the interval (widened by a day), near a point or without one when asked, oldest first; and
/// inferred positions kept as media keeps them.
final class FixedTripPhotos: TripPhotos, InferredPositions {
    private let library = Mutex<[UUID: [TripPhoto]]>([:])
    /// Set to make every call fail, as when media is down.
    let failing = Mutex(false)
    /// How many times the library was asked.
    let calls = Mutex(0)

    func add(_ photo: TripPhoto, owner: UUID) {
        library.withLock { $0[owner, default: []].append(photo) }
    }

    func photosWithoutPosition(of owner: UUID, takenIn interval: Range<Date>, limit: Int) async throws -> [TripPhoto] {
        Array(try await photos(of: owner, takenIn: interval, near: nil, within: nil, limit: Int.max).filter { $0.point == nil }.prefix(limit))
    }

    /// Photos that already have a position keep it, as in media.
    func setInferredPositions(_ positions: [UUID: GeoPoint], for owner: UUID) async throws -> [UUID] {
        if failing.withLock({ $0 }) { throw RoamError.unavailable }
        return library.withLock { library in
            var changed: [UUID] = []
            library[owner] = library[owner]?.map { photo in
                guard photo.point == nil, let point = positions[photo.mediaID] else { return photo }
                changed.append(photo.mediaID)
                return TripPhoto(mediaID: photo.mediaID, capturedAt: photo.capturedAt, capturedAtIsLocal: photo.capturedAtIsLocal, point: point)
            }
            return changed
        }
    }

    func nearestPhotos(
        of owner: UUID, to points: [UUID: GeoPoint], on dates: TripDates, in zone: TripZone, within meters: Double
    ) async throws
        -> [UUID: UUID]
    {
        calls.withLock { $0 += 1 }
        if failing.withLock({ $0 }) { throw RoamError.unavailable }
        return library.withLock { $0[owner] ?? [] }.nearest(to: points, on: dates, in: zone, within: meters)
    }

    func photos(of owner: UUID, takenIn interval: Range<Date>, near: GeoPoint?, within meters: Double?, limit: Int) async throws -> [TripPhoto] {
        calls.withLock { $0 += 1 }
        if failing.withLock({ $0 }) { throw RoamError.unavailable }
        let widened = interval.lowerBound.addingTimeInterval(-86_400)..<interval.upperBound.addingTimeInterval(86_400)
        return library.withLock { $0[owner] ?? [] }
            .filter { photo in photo.capturedAt.map(widened.contains) ?? false }
            .filter { photo in
                guard let near, let meters else { return true }
                return photo.point.map { near.distance(to: $0) <= meters } ?? false
            }
            .sorted { ($0.capturedAt ?? .distantPast) < ($1.capturedAt ?? .distantPast) }
            .prefix(limit).map { $0 }
    }
}
