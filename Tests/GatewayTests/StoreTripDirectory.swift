import Foundation
import RoamRuntime

@testable import Budget
@testable import Trips

/// The budget's view of trips read straight from the trips store the test's trips service uses.
struct StoreTripDirectory: TripDirectory {
    let store: InMemoryTripStore

    func trip(_ id: UUID, owner: UUID) async throws -> TripFacts {
        guard let trip = try await store.trip(id, owner: owner), let currency = Currency(trip.details.homeCurrency) else {
            throw RoamError.notFound("trip")
        }
        return TripFacts(
            id: trip.id, ownerID: owner, start: trip.details.dates.start, end: trip.details.dates.end, zone: trip.details.zone,
            currency: currency)
    }

    func hasPin(_ pin: UUID, trip: UUID) async throws -> Bool {
        guard let caller = CallContext.current.userID else { return false }
        return try await store.pin(pin, owner: caller)?.tripID == trip
    }

    func hasPlace(_ place: UUID) async throws -> Bool {
        try await store.place(place) != nil
    }
}
