import Foundation
import RoamCore

/// Where pins live, with their trips: deleting a trip deletes its pins. Every read and write names the
/// owner: a pin that is not theirs does not exist.
public protocol PinRepository: Sendable {
    /// Stores `pin` unless another pin of its trip lies within `minimumDistance` metres, which is then
    /// answered instead (the nearest), checked and stored as one step however many pins arrive at once.
    /// With an idempotency key the owner used on this trip before, answers that first pin. Nil when
    /// the owner has no such trip.
    func add(_ pin: Pin, minimumDistance: Double, idempotencyKey: String?) async throws -> PinPlacement?
    func pin(_ id: UUID, owner: UUID) async throws -> Pin?
    /// The trip's pins visited in `interval` (all when nil), by visit time, then id, a page at a time.
    func pins(ofTrip trip: UUID, owner: UUID, visitedIn interval: Range<Date>?, page: PageRequest) async throws -> Page<Pin>
    /// Replaces the pin's details under the same distance rule as `add` (the pin itself aside); nil
    /// when the owner has no such pin.
    func update(_ id: UUID, owner: UUID, details: PinDetails, minimumDistance: Double) async throws -> PinPlacement?
    /// The pin deleted, or nil when there was none.
    func delete(_ id: UUID, owner: UUID) async throws -> Pin?
    /// How many pins the trip has on each of its local days, its days taken in `zone`.
    func pinCounts(ofTrip trip: UUID, owner: UUID, zone: TripZone) async throws -> [LocalDate: Int]
}
