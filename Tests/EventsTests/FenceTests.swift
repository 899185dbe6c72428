import Foundation
import RoamRuntime
import Testing

@testable import Events

@Suite struct FenceTests {
    let center = GeoPoint(latitude: 59.3293, longitude: 18.0686)

    @Test func distanceMatchesAKnownGreatCircle() {
        // Stockholm to Gothenburg is about 398 km along the great circle.
        let gothenburg = GeoPoint(latitude: 57.7089, longitude: 11.9746)
        #expect(abs(center.distance(to: gothenburg) - 397_900) < 1500)
        #expect(center.distance(to: center) == 0)
    }

    @Test func movedPointIsThatFarAway() {
        for bearing in stride(from: 0.0, to: 360, by: 45) {
            #expect(abs(center.distance(to: center.moved(meters: 250, bearing: bearing)) - 250) < 0.01)
        }
    }

    @Test func joiningGivesTheBenefitOfTheAccuracyCircle() {
        let fence = Fence(center: center, radiusMeters: 100)
        let justOutside = center.moved(meters: 110, bearing: 90)
        #expect(!fence.admits(ReportedPosition(point: justOutside, accuracyMeters: 5)))
        #expect(fence.admits(ReportedPosition(point: justOutside, accuracyMeters: 15)))
        #expect(fence.admits(ReportedPosition(point: center.moved(meters: 99, bearing: 0), accuracyMeters: 0)))
    }

    @Test func hysteresisIsTenPercentOfTheRadiusButAtLeastTwentyMetres() {
        #expect(Fence(center: center, radiusMeters: 100).hysteresisMeters == 20)
        #expect(Fence(center: center, radiusMeters: 1000).hysteresisMeters == 100)
    }

    @Test func aMemberJustBeyondTheEdgeWithAnOverlappingAccuracyCircleStays() {
        let fence = Fence(center: center, radiusMeters: 1000)
        // 50 m beyond the edge, within the 100 m margin, accuracy circle reaching back inside.
        #expect(!fence.hasLeft(ReportedPosition(point: center.moved(meters: 1050, bearing: 180), accuracyMeters: 60)))
    }

    @Test func aMemberBeyondTheMarginHasLeftWhateverTheAccuracy() {
        let fence = Fence(center: center, radiusMeters: 1000)
        #expect(fence.hasLeft(ReportedPosition(point: center.moved(meters: 1101, bearing: 180), accuracyMeters: 500)))
    }

    @Test func aMemberWhoseWholeAccuracyCircleIsOutsideHasLeft() {
        let fence = Fence(center: center, radiusMeters: 1000)
        // Within the margin, but the 10 m circle lies entirely outside the fence.
        #expect(fence.hasLeft(ReportedPosition(point: center.moved(meters: 1050, bearing: 180), accuracyMeters: 10)))
    }

    @Test(arguments: [(59.33, 18.07), (0, 0), (-33.9, 151.2), (78.2, 15.6), (-54.8, -68.3)])
    func theBoundingBoxHoldsEveryPointOfTheFence(_ latitude: Double, _ longitude: Double) {
        let fence = Fence(center: GeoPoint(latitude: latitude, longitude: longitude), radiusMeters: 5000)
        let box = fence.boundingBox
        for bearing in stride(from: 0.0, to: 360, by: 5) {
            #expect(box.contains(fence.center.moved(meters: 5000, bearing: bearing)), "bearing \(bearing)")
        }
        // Not much larger than needed: about 10 km tall.
        #expect(abs((box.north - box.south) * 111_195 - 10_002) < 10)
    }

    @Test func aFenceAcrossTheAntimeridianOrAtAPoleGetsEveryLongitude() {
        let dateline = Fence(center: GeoPoint(latitude: -17.0, longitude: 179.99), radiusMeters: 3000).boundingBox
        #expect(dateline.west == -180 && dateline.east == 180)
        #expect(dateline.contains(GeoPoint(latitude: -17.0, longitude: -179.99)))
        let pole = Fence(center: GeoPoint(latitude: 89.99, longitude: 10), radiusMeters: 5000).boundingBox
        #expect(pole.north == 90 && pole.west == -180 && pole.east == 180)
    }

    @Test func invalidCoordinatesNameTheirField() {
        var validation = Validation()
        GeoPoint(latitude: 91, longitude: -181).validate("center", into: &validation)
        #expect(validation.violations.map(\.field) == ["center.latitude", "center.longitude"])
    }
}

@Suite struct EventDraftTests {
    let now = Fixtures.now()
    let policy = EventPolicy()

    func draft(_ change: (inout EventDraft) -> Void = { _ in }) -> EventDraft {
        var draft = EventDraft.fixture(name: "Picnic", center: Places.somewhere(), radiusMeters: 100, capacity: 20, lifetime: .seconds(3600))
        change(&draft)
        return draft
    }

    func fields(_ draft: EventDraft) -> [String] {
        do {
            try draft.validate(policy, now: now)
            return []
        } catch {
            return error.violations.map(\.field)
        }
    }

    @Test func aGoodDraftPasses() {
        #expect(fields(draft()) == [])
    }

    @Test func everyLimitNamesItsField() {
        #expect(fields(draft { $0.radiusMeters = 19 }) == ["radius_meters"])
        #expect(fields(draft { $0.radiusMeters = 5001 }) == ["radius_meters"])
        #expect(fields(draft { $0.name = "" }) == ["name"])
        #expect(fields(draft { $0.name = String(repeating: "a", count: 81) }) == ["name"])
        #expect(fields(draft { $0.description = String(repeating: "a", count: 2001) }) == ["description"])
        #expect(fields(draft { $0.capacity = 1 }) == ["capacity"])
        #expect(fields(draft { $0.capacity = 10_001 }) == ["capacity"])
        #expect(fields(draft { $0.lifetime = .seconds(14 * 60) }) == ["duration_seconds"])
        #expect(fields(draft { $0.lifetime = .seconds(72 * 3600 + 1) }) == ["duration_seconds"])
        #expect(fields(draft { $0.startsAt = now.addingTimeInterval(31 * 86400) }) == ["starts_at"])
        #expect(fields(draft { $0.startsAt = now.addingTimeInterval(-3600) }) == ["starts_at"])
        #expect(fields(draft { $0.theme = "#12345G" }) == ["theme"])
        #expect(fields(draft { $0.tags = [""] }) == ["tags[0]"])
        // PostgreSQL cannot store NUL: refused as the client's mistake, never a 500.
        #expect(fields(draft { $0.name = "Pic\u{0}nic" }) == ["name"])
        #expect(fields(draft { $0.description = "\u{0}" }) == ["description"])
        #expect(fields(draft { $0.tags = ["a\u{0}"] }) == ["tags[0]"])
    }

    @Test func themesArePaletteNamesOrHexColours() {
        #expect(fields(draft { $0.theme = "ocean" }) == [])
        #expect(fields(draft { $0.theme = "#A0b1C2" }) == [])
        #expect(fields(draft { $0.theme = "plaid" }) == ["theme"])
    }

    @Test func aPrivateEventNeedsAPasswordOfFourCharacters() {
        #expect(fields(draft { $0.visibility = .private }) == ["password"])
        #expect(
            fields(
                draft {
                    $0.visibility = .private; $0.password = "abc"
                }) == ["password"])
        #expect(
            fields(
                draft {
                    $0.visibility = .private; $0.password = "abcd"
                }) == [])
        #expect(fields(draft { $0.password = "abcd" }) == ["password"])
    }

    @Test func limitsComeFromTheEnvironment() throws {
        let policy = try EventPolicy(
            environment: Environment([
                "EVENT_MAX_RADIUS_METERS": "200", "EVENT_REPORT_THRESHOLD": "3",
                "EVENT_PRESENCE_TIMEOUT": "10m",
            ]))
        #expect(policy.radiusMeters.upperBound == 200)
        #expect(policy.reportThreshold == 3)
        #expect(policy.presenceTimeout == .seconds(600))
        #expect(throws: ConfigurationError.self) { try EventPolicy(environment: Environment(["EVENT_MAX_RADIUS_METERS": "5"])) }
    }
}
