import Foundation
import RoamTesting
import Testing
import Trips

/// `/v1/trips` and `/v1/me/calendar` through the real gateway and the real trips service (in-memory
/// rows): problem documents that name fields as the client sent them, privacy, and the calendar.
@Suite struct GatewayTripsTests {
    static func withTrips(_ body: @Sendable (HTTPTestClient) async throws -> Void) async throws {
        let trips = TripService(trips: InMemoryTripStore())
        try await GatewayHarness.withAccounts(trips: [TripsGRPCService(trips: trips)], body)
    }

    static var lisbon: [String: Any] { [
        "title": "Lisbon", "destination": ["name": "Lisbon", "point": ["latitude": 38.72, "longitude": -9.14]],
        "startDate": "2031-06-10", "endDate": "2031-06-17", "timeZone": "Europe/Lisbon", "homeCurrency": "EUR",
    ] }

    @Test func aTripIsCreatedListedEditedAndDeletedByItsOwnerAlone() async throws {
        try await Self.withTrips { http in
            let ana = try await GatewayAccountsTests.signUp(http).access
            let bo = try await GatewayAccountsTests.signUp(http).access
            let created = try await http.send("POST", "/v1/trips", json: Self.lisbon, token: ana, headers: ["Idempotency-Key": "trip-1"])
            #expect(created.status == 201)
            let trip = try created.json()
            let id = try #require(trip["id"] as? String)
            #expect(trip["phase"] as? String == "upcoming" && trip["dayCount"] as? Int == 8 && trip["homeCurrency"] as? String == "EUR")
            #expect(((trip["destination"] as? [String: Any])?["point"] as? [String: Any])?["latitude"] as? Double == 38.72)
            let retried = try await http.send("POST", "/v1/trips", json: Self.lisbon, token: ana, headers: ["Idempotency-Key": "trip-1"])
            #expect(try retried.json()["id"] as? String == id, "a retry with the same key answers the first trip")

            #expect(try await http.send("GET", "/v1/trips/\(id)", token: ana).status == 200)
            let hidden = try await http.send("GET", "/v1/trips/\(id)", token: bo)
            #expect(hidden.status == 404 && hidden.reason == "NOT_FOUND")
            #expect(try await http.send("GET", "/v1/trips/\(id)").status == 401)
            #expect((try await http.send("GET", "/v1/trips", token: bo).json()["trips"] as? [Any])?.isEmpty == true)

            let edited = try await http.send("PATCH", "/v1/trips/\(id)", json: ["endDate": "2031-06-20", "title": "Lisbon and Porto"], token: ana)
            #expect(edited.status == 200)
            let editedTrip = try edited.json()
            #expect(editedTrip["dayCount"] as? Int == 11 && editedTrip["startDate"] as? String == "2031-06-10")
            #expect(try await http.send("PATCH", "/v1/trips/\(id)", json: ["title": "Mine"], token: bo).status == 404)

            let listed = try await http.send("GET", "/v1/trips?phase=upcoming", token: ana).json()
            #expect((listed["trips"] as? [[String: Any]])?.map { $0["id"] as? String } == [id])
            #expect((try await http.send("GET", "/v1/trips?phase=past", token: ana).json()["trips"] as? [Any])?.isEmpty == true)
            #expect(try await http.send("GET", "/v1/trips?phase=someday", token: ana).problemFields == ["phase"])

            let june = try await http.send("GET", "/v1/me/calendar?month=2031-06", token: ana).json()
            let entries = try #require(june["trips"] as? [[String: Any]])
            #expect(entries.count == 1 && (entries.first?["days"] as? [[String: Any]])?.count == 11)
            #expect((try await http.send("GET", "/v1/me/calendar?month=2031-07", token: ana).json()["trips"] as? [Any])?.isEmpty == true)
            #expect((try await http.send("GET", "/v1/me/calendar?month=2031-06", token: bo).json()["trips"] as? [Any])?.isEmpty == true)

            #expect(try await http.send("DELETE", "/v1/trips/\(id)", token: bo).status == 204)
            #expect(try await http.send("GET", "/v1/trips/\(id)", token: ana).status == 200, "a stranger's delete changes nothing")
            #expect(try await http.send("DELETE", "/v1/trips/\(id)", token: ana).status == 204)
            #expect(try await http.send("DELETE", "/v1/trips/\(id)", token: ana).status == 204)
            #expect(try await http.send("GET", "/v1/trips/\(id)", token: ana).status == 404)
        }
    }

    @Test func badTripsAreProblemsNamingEachFieldAsSent() async throws {
        try await Self.withTrips { http in
            let ana = try await GatewayAccountsTests.signUp(http).access
            var bad = Self.lisbon
            bad["title"] = "   "
            bad["destination"] = ["name": "\u{7}"]
            bad["endDate"] = "2031-06-01"
            bad["timeZone"] = "GMT+2"
            bad["homeCurrency"] = "EURO"
            let refused = try await http.send("POST", "/v1/trips", json: bad, token: ana)
            #expect(refused.status == 400 && refused.reason == "INVALID_FIELD")
            #expect(refused.problemFields == ["title", "destination.name", "endDate", "timeZone", "homeCurrency"])
            var tooLong = Self.lisbon
            tooLong["endDate"] = "2032-06-10"
            #expect(try await http.send("POST", "/v1/trips", json: tooLong, token: ana).problemFields == ["endDate"])
            var impossible = Self.lisbon
            impossible["startDate"] = "2031-02-30"
            #expect(try await http.send("POST", "/v1/trips", json: impossible, token: ana).problemFields == ["startDate"])
            var missing = Self.lisbon
            missing["timeZone"] = nil
            #expect(try await http.send("POST", "/v1/trips", json: missing, token: ana).problemFields == ["timeZone"])
            #expect(try await http.send("GET", "/v1/trips/not-a-uuid", token: ana).problemFields == ["id"])
            #expect(try await http.send("GET", "/v1/me/calendar?month=2031-6", token: ana).problemFields == ["month"])
            #expect(try await http.send("GET", "/v1/me/calendar", token: ana).problemFields == ["month"])
            #expect(try await http.send("GET", "/v1/trips?pageToken=garbage", token: ana).problemFields == ["pageToken"])
            let longKey = try await http.send("POST", "/v1/trips", json: Self.lisbon, token: ana, headers: ["Idempotency-Key": String(repeating: "k", count: 101)])
            #expect(longKey.problemFields == ["Idempotency-Key"])
            let trip = try await http.send("POST", "/v1/trips", json: Self.lisbon, token: ana).json()
            let id = try #require(trip["id"] as? String)
            #expect(try await http.send("PATCH", "/v1/trips/\(id)", json: ["startDate": "2031-06-30"], token: ana).problemFields == ["endDate"])
            #expect(try await http.send("PATCH", "/v1/trips/\(id)", json: ["title": ""], token: ana).problemFields == ["title"])
        }
    }
}
