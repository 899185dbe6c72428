import Foundation
import RoamCore
import Testing

@testable import Trips

/// A pin's rules, field by field (seed: a pin without a title or description is refused).
@Suite struct PinDraftTests {
    /// 10–17 June 2026 in Lisbon (UTC+1 in summer).
    let trip = TripFixtures.trip("2026-06-10", "2026-06-17").details
    let now = TripFixtures.utc("2026-06-12T10:00:00Z")
    let lisbon = GeoPoint(latitude: 38.7139, longitude: -9.1394)

    func fields(_ draft: PinDraft) -> [String] {
        do {
            _ = try draft.validated(for: trip, now: now)
            return []
        } catch {
            return error.violations.map(\.field)
        }
    }

    @Test func aGoodPinIsTrimmedItsTagsTidiedAndItsVisitDefaultsToNow() throws {
        let details = try PinDraft.fixture(
            title: "  Miradouro  ", description: "Sunset\nover the river\t!", point: lisbon,
            tags: [" Viewpoint", "hidden gem", "viewpoint", "Hidden Gem "]
        )
        .validated(for: trip, now: now)
        #expect(details.title == "Miradouro" && details.description == "Sunset\nover the river\t!")
        #expect(details.tags == ["viewpoint", "hidden gem"] && details.visitedAt == now && details.source == .user)
    }

    @Test func aPinNeedsATitleADescriptionAndAPoint() {
        #expect(fields(PinDraft.fixture(title: " ", description: "\n", point: nil)) == ["title", "description", "point"])
        #expect(fields(PinDraft.fixture(title: "Bar", description: "Good", point: GeoPoint(latitude: 91, longitude: 0))) == ["point.latitude"])
        #expect(fields(PinDraft.fixture(title: "Bar\u{7}", description: "Good\u{1b}", point: lisbon)) == ["title", "description"])
        #expect(fields(PinDraft.fixture(title: "Bar", description: String(repeating: "a", count: 2_001), point: lisbon)) == ["description"])
    }

    @Test func theVisitMustFallOnADayOfTheTripWhereItIs() {
        // 23:30 UTC on the 17th is already the 18th in Lisbon.
        #expect(
            fields(PinDraft.fixture(title: "Bar", description: "Late", point: lisbon, visitedAt: TripFixtures.utc("2026-06-17T23:30:00Z")))
                == ["visited_at"])
        // 23:30 UTC on the 9th is already the 10th in Lisbon: the first day.
        #expect(
            fields(PinDraft.fixture(title: "Bar", description: "Early", point: lisbon, visitedAt: TripFixtures.utc("2026-06-09T23:30:00Z"))).isEmpty)
    }

    @Test func tagsAreLimited() {
        #expect(
            fields(PinDraft.fixture(title: "Bar", description: "Good", point: lisbon, tags: ["ok", " ", String(repeating: "t", count: 41)]))
                == ["tags[1]", "tags[2]"])
        #expect(fields(PinDraft.fixture(title: "Bar", description: "Good", point: lisbon, tags: (1...21).map { "tag\($0)" })) == ["tags"])
    }
}
