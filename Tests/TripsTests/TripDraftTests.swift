import Foundation
import RoamCore
import Testing

@testable import Trips

/// The rules a trip's details must follow, each broken one named by its field (seed TC: blank title,
/// end before start).
@Suite struct TripDraftTests {
    func draft(_ change: (inout TripDraft) -> Void = { _ in }) -> TripDraft {
        var draft = TripDraft(
            title: "  Lisbon in June ", destination: Destination(name: " Lisbon ", point: GeoPoint(latitude: 38.72, longitude: -9.14)),
            startDate: "2026-06-10", endDate: "2026-06-17", timeZone: "Europe/Lisbon", homeCurrency: "sek")
        change(&draft)
        return draft
    }

    func fields(_ draft: TripDraft) -> [String] {
        do {
            _ = try draft.validated()
            return []
        } catch {
            return error.violations.map(\.field)
        }
    }

    @Test func aGoodTripIsTrimmedAndKeepsItsDaysZoneAndCurrency() throws {
        let trip = try draft().validated()
        #expect(trip.title == "Lisbon in June" && trip.destination.name == "Lisbon" && trip.homeCurrency == "SEK")
        #expect(trip.dates.dayCount == 8 && trip.dates.days.first?.description == "2026-06-10" && trip.dates.days.last?.description == "2026-06-17")
        #expect(trip.zone.identifier == "Europe/Lisbon")
        let oneDay = try draft { $0.endDate = $0.startDate }.validated()
        #expect(oneDay.dates.dayCount == 1)
    }

    @Test func blankOrControlCharacterTitlesAreRefused() {
        #expect(fields(draft { $0.title = "   " }) == ["title"])
        #expect(fields(draft { $0.title = "Two\nlines" }) == ["title"])
        #expect(fields(draft { $0.title = String(repeating: "a", count: 201) }) == ["title"])
        #expect(fields(draft { $0.title = String(repeating: "å", count: 200) }) == [])
        #expect(fields(draft { $0.destination.name = "" }) == ["destination.name"])
        #expect(fields(draft { $0.destination.point = GeoPoint(latitude: 91, longitude: 0) }).allSatisfy { $0.hasPrefix("destination.point") })
    }

    @Test func datesMustBeRealInOrderAndAtMostAYear() {
        #expect(fields(draft { $0.endDate = "2026-06-09" }) == ["end_date"], "end before start")
        #expect(fields(draft { $0.startDate = "2026-02-30" }) == ["start_date"])
        #expect(fields(draft { $0.startDate = "10/06/2026" }) == ["start_date"])
        #expect(fields(draft { $0.endDate = "2026-6-17" }) == ["end_date"])
        #expect(
            fields(
                draft {
                    $0.startDate = "2026-01-01"; $0.endDate = "2026-12-31"
                }) == [], "365 days")
        #expect(
            fields(
                draft {
                    $0.startDate = "2028-01-01"; $0.endDate = "2028-12-31"
                }) == [], "366 days in a leap year")
        #expect(
            fields(
                draft {
                    $0.startDate = "2026-01-01"; $0.endDate = "2027-01-01"
                }) == [], "366 days")
        #expect(
            fields(
                draft {
                    $0.startDate = "2026-01-01"; $0.endDate = "2027-01-02"
                }) == ["end_date"], "367 days")
    }

    @Test func theZoneMustBeIANAAndTheCurrencyISO4217() {
        #expect(fields(draft { $0.timeZone = "GMT+2" }) == ["time_zone"])
        #expect(fields(draft { $0.timeZone = "Europe/Atlantis" }) == ["time_zone"])
        #expect(fields(draft { $0.timeZone = "UTC" }) == [])
        #expect(fields(draft { $0.homeCurrency = "XYZ" }) == ["home_currency"])
        #expect(fields(draft { $0.homeCurrency = "" }) == ["home_currency"])
        #expect(
            fields(
                draft {
                    $0.title = ""; $0.endDate = "2026-01-01"; $0.timeZone = "Mars/Olympus"
                }) == ["title", "end_date", "time_zone"],
            "every broken rule at once")
    }

    @Test func aTripIsUpcomingCurrentOrPastByTheDateWhereItIs() throws {
        let trip = try draft { $0.timeZone = "Pacific/Auckland" }.validated()
        // 2026-06-09 12:00 UTC is already 2026-06-10 00:00 in Auckland (UTC+12 in June).
        #expect(trip.phase(at: Self.utc("2026-06-09T11:59:59Z")) == .upcoming)
        #expect(trip.phase(at: Self.utc("2026-06-09T12:00:00Z")) == .current)
        #expect(trip.phase(at: Self.utc("2026-06-17T11:59:59Z")) == .current)
        #expect(trip.phase(at: Self.utc("2026-06-17T12:00:00Z")) == .past)
    }

    static func utc(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }
}
