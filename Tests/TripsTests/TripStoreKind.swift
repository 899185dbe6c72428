import Foundation
import RoamCore
import RoamRuntime
import RoamTesting
import Testing
import Trips

/// The two implementations every repository test runs against.
enum TripStoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case memory
    case postgres

    var testDescription: String { rawValue }

    func withRepository(_ body: @Sendable (any TripRepository & PinRepository & TrackRepository & JournalRepository & PlacesRepository & SavedPlacesRepository & ItineraryRepository & OutboxRepository) async throws -> Void) async throws {
        switch self {
        case .memory:
            try await body(InMemoryTripStore())
        case .postgres:
            try await TestDatabase.withClient { client in
                try await TripsMigrations.migrator.migrate(client, logger: .init(label: "test"))
                try await body(PostgresTripStore(database: Database(client: client, operationTimeout: .seconds(30))))
            }
        }
    }
}

/// Trips with their own owner, so tests share one database without colliding.
enum TripFixtures {
    static func trip(owner: UUID = UUID(), _ start: String, _ end: String, zone: String = "Europe/Lisbon",
                     point: GeoPoint? = GeoPoint(latitude: 38.72, longitude: -9.14)) -> Trip {
        let details = try! TripDraft(title: "Trip \(start)", destination: Destination(name: "Lisbon", point: point), startDate: start,
                                     endDate: end, timeZone: zone, homeCurrency: "EUR").validated()
        return Trip(id: UUID(), ownerID: owner, details: details, createdAt: Date(timeIntervalSince1970: 1_790_000_000))
    }

    static func utc(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }
}
