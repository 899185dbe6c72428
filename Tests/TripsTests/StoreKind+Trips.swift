import Foundation
import RoamCore
import RoamRuntime
import RoamTesting
import Testing

@testable import Trips

extension StoreKind {
    func withRepository(
        _ body:
            @Sendable (
                any TripRepository & PinRepository & TrackRepository & JournalRepository & PlacesRepository & SavedPlacesRepository
                    & ItineraryRepository & OutboxRepository
            ) async throws -> Void
    ) async throws {
        try await with(
            memory: { InMemoryTripStore() }, migrator: TripsMigrations.migrator, postgres: { PostgresTripStore(database: $0) },
            operationTimeout: .seconds(30), body)
    }
}
