import Foundation
import RoamCore
import Synchronization
import Trips

/// A media library in memory, answering as `MediaTripPhotos` does from media: the owner's photos
/// taken in the interval (widened by a day), near a point when asked, oldest first.
final class FixedTripPhotos: TripPhotos {
    private let library = Mutex<[UUID: [TripPhoto]]>([:])
    /// Set to make every call fail, as when media is down.
    let failing = Mutex(false)
    /// How many times the library was asked.
    let calls = Mutex(0)

    func add(_ photo: TripPhoto, owner: UUID) {
        library.withLock { $0[owner, default: []].append(photo) }
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
