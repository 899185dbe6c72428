import Foundation
import RoamCore
import RoamRuntime
import RoamTesting
import Testing

@testable import Budget

/// Trips the tests own (each with its own owner and id, so tests share one database), and the trips
/// service's part played by a table.
enum BudgetFixtures {
    static func trip(
        owner: UUID = UUID(), _ start: String = "2026-07-10", _ end: String = "2026-07-16", zone: String = "Europe/Lisbon",
        currency: String = "EUR"
    ) -> TripFacts {
        TripFacts(id: UUID(), ownerID: owner, start: LocalDate(start)!, end: LocalDate(end)!, zone: TripZone(zone)!, currency: Currency(currency)!)
    }

    static func utc(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }

    static func money(_ text: String, _ code: String) -> Money {
        try! Money.parse(text, in: Currency(code)!, field: "amount")
    }

    /// An expense converted 1:1 (or at `rate`) into the trip's currency.
    static func expense(
        _ trip: TripFacts, _ amount: String, _ code: String? = nil, at instant: String, category: String = "food",
        rate: ExchangeRate = .identity, note: String = ""
    ) -> Expense {
        let money = money(amount, code ?? trip.currency.code)
        let time = utc(instant)
        return Expense(
            id: UUID.v7(at: time), tripID: trip.id, ownerID: trip.ownerID,
            details: ExpenseDetails(amount: money, spentAt: time, category: BudgetCategory(category), note: note, placeID: nil, pinID: nil),
            converted: try! rate.convert(money, to: trip.currency), rate: rate, createdAt: time, updatedAt: time)
    }

    static func budget(_ trip: TripFacts, total: String, caps: [String: String] = [:], thresholds: [Int] = [80, 100]) -> Budget {
        Budget(
            tripID: trip.id, ownerID: trip.ownerID, currency: trip.currency,
            plan: try! BudgetPlan.validated(total: total, caps: caps, customCategories: [], in: trip.currency),
            thresholds: try! AlertThresholds(thresholds), updatedAt: utc("2026-07-01T00:00:00Z"))
    }
}

/// Trips' answers from a table: a trip is found only for its owner, a pin only on its trip.
final class TableTripDirectory: TripDirectory {
    let trips: [UUID: TripFacts]
    /// Pin → its trip.
    let pins: [UUID: UUID]
    let places: Set<UUID>

    init(_ trips: TripFacts..., pins: [UUID: UUID] = [:], places: Set<UUID> = []) {
        self.trips = Dictionary(uniqueKeysWithValues: trips.map { ($0.id, $0) })
        self.pins = pins
        self.places = places
    }

    func trip(_ id: UUID, owner: UUID) async throws -> TripFacts {
        guard let trip = trips[id], trip.ownerID == owner else { throw RoamError.notFound("trip") }
        return trip
    }

    func hasPin(_ pin: UUID, trip: UUID) async throws -> Bool { pins[pin] == trip }

    func hasPlace(_ place: UUID) async throws -> Bool { places.contains(place) }
}
