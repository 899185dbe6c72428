import Foundation
import RoamCore

/// Pins beside the trips they belong to, under the same lock, so a deleted trip takes its pins and
/// two pins placed at once are checked against each other.
extension InMemoryTripStore: PinRepository {
    public func add(_ pin: Pin, minimumDistance: Double, idempotencyKey: String?) async throws -> PinPlacement? {
        try state.withLock { state throws(RoamError) in
            guard let trip = state.trips[pin.tripID], trip.ownerID == pin.ownerID else { return nil }
            let key = idempotencyKey.map { "\(pin.tripID)/\($0)" }
            if let key, let first = state.pinKeys[key].flatMap({ state.pins[$0] }) {
                try state.fingerprints.checkReplay("pin/\(key)")
                return .placed(first)
            }
            if let close = Self.closestPin(to: pin, within: minimumDistance, in: state) { return close }
            var stored = pin
            stored.details.visitedAt = TimedCursor(time: pin.details.visitedAt, id: pin.id).time
            stored = Pin(
                id: pin.id, tripID: pin.tripID, ownerID: pin.ownerID, details: stored.details,
                createdAt: TimedCursor(time: pin.createdAt, id: pin.id).time)
            state.pins[pin.id] = stored
            if let key {
                state.pinKeys[key] = pin.id
                state.fingerprints.remember("pin/\(key)")
            }
            return .placed(stored)
        }
    }

    public func pin(_ id: UUID, owner: UUID) async throws -> Pin? {
        state.withLock { state in state.pins[id].flatMap { $0.ownerID == owner ? $0 : nil } }
    }

    public func pins(ofTrip trip: UUID, owner: UUID, visitedIn interval: Range<Date>?, page: PageRequest) async throws -> Page<Pin> {
        let after = try TimedCursor.decode(page.cursor)
        let rows = state.withLock { state in
            state.pins.values
                .filter { $0.tripID == trip && $0.ownerID == owner && (interval?.contains($0.details.visitedAt) ?? true) }
                .filter { pin in after.map { $0 < TimedCursor(time: pin.details.visitedAt, id: pin.id) } ?? true }
                .sorted { TimedCursor(time: $0.details.visitedAt, id: $0.id) < TimedCursor(time: $1.details.visitedAt, id: $1.id) }
        }
        return Page(fetched: Array(rows.prefix(page.size + 1)), size: page.size) { TimedCursor(time: $0.details.visitedAt, id: $0.id).token }
    }

    public func update(_ id: UUID, owner: UUID, details: PinDetails, minimumDistance: Double) async throws -> PinPlacement? {
        state.withLock { state in
            guard var pin = state.pins[id], pin.ownerID == owner else { return nil }
            pin.details = details
            pin.details.visitedAt = TimedCursor(time: details.visitedAt, id: id).time
            if let close = Self.closestPin(to: pin, within: minimumDistance, in: state) { return close }
            state.pins[id] = pin
            return .placed(pin)
        }
    }

    public func delete(_ id: UUID, owner: UUID) async throws -> Pin? {
        state.withLock { state in
            guard let pin = state.pins[id], pin.ownerID == owner else { return nil }
            state.pins[id] = nil
            return pin
        }
    }

    public func pinCounts(ofTrip trip: UUID, owner: UUID, zone: TripZone) async throws -> [LocalDate: Int] {
        state.withLock { state in
            state.pins.values.filter { $0.tripID == trip && $0.ownerID == owner }
                .reduce(into: [:]) { counts, pin in counts[zone.date(of: pin.details.visitedAt), default: 0] += 1 }
        }
    }

    /// The nearest other pin of the trip within `meters`, as PostGIS finds it on the sphere.
    private static func closestPin(to pin: Pin, within meters: Double, in state: State) -> PinPlacement? {
        state.pins.values
            .filter { $0.tripID == pin.tripID && $0.id != pin.id }
            .map { ($0, $0.details.point.distance(to: pin.details.point)) }
            .filter { $0.1 <= meters }
            .min { ($0.1, $0.0.id.uuidString) < ($1.1, $1.0.id.uuidString) }
            .map { .tooClose(to: $0.0, meters: $0.1) }
    }
}
