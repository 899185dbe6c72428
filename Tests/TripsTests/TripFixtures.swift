import Foundation
import RoamCore
import RoamRuntime
import RoamTesting
import Testing

@testable import Trips

/// Trips with their own owner, so tests share one database without colliding.
enum TripFixtures {
    static func trip(
        owner: UUID = UUID(), _ start: String, _ end: String, zone: String = "Europe/Lisbon",
        point: GeoPoint? = GeoPoint(latitude: 38.72, longitude: -9.14)
    ) -> Trip {
        let details = try! TripDraft(
            title: "Trip \(start)", destination: Destination(name: "Lisbon", point: point), startDate: start,
            endDate: end, timeZone: zone, homeCurrency: "EUR"
        ).validated()
        return Trip(id: UUID(), ownerID: owner, details: details, createdAt: Date(timeIntervalSince1970: 1_790_000_000))
    }

    static func utc(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }
}
