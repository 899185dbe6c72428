import Foundation
import RoamLocal
import RoamRuntime
import RoamTesting
import Synchronization
import Testing

@testable import Events
@testable import Gateway

/// A clock the test moves by hand, for the events service behind the gateway.
final class ManualClock: Sendable {
    /// Whole seconds: PostgreSQL keeps microseconds, and an event stored as starting a fraction after
    /// this frozen "now" would not have started yet (the rare EVENT_NOT_STARTED this suite saw).
    private let current = Mutex(Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)))
    var now: Date { current.withLock { $0 } }
    func advance(by seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

/// Where the events service behind the gateway keeps its data.
enum EventStorage: String, CaseIterable, CustomStringConvertible, Sendable {
    case memory
    case postgres

    var description: String { rawValue }

    func withStore(_ body: @Sendable (any EventRepository & GroupWalkRepository) async throws -> Void) async throws {
        switch self {
        case .memory:
            try await body(InMemoryEventStore())
        case .postgres:
            try await TestDatabase.withClient { client in
                try await EventsMigrations.migrator.migrate(client, logger: .init(label: "test"))
                try await body(PostgresEventStore(database: Database(client: client, operationTimeout: .seconds(30))))
            }
        }
    }
}

/// The events routes through the real gateway, in front of the real events service on each store:
/// every rule of the service, as an app sees it, against PostgreSQL + PostGIS as well as in memory.
@Suite struct GatewayEventsTests {
    let here = GeoPoint(latitude: Double.random(in: -60...60), longitude: Double.random(in: -170...170))

    func run(_ storage: EventStorage, _ body: @Sendable (HTTPTestClient, TestTokens, ManualClock) async throws -> Void) async throws {
        let tokens = await TestTokens()
        let clock = ManualClock()
        let hub = NotificationHub()
        var strictReports = EventPolicy()
        strictReports.reportThreshold = 2
        let policy = strictReports
        try await storage.withStore { store in
            let events = EventService(
                events: store, hasher: GatewayHarness.fastHasher, policy: policy,
                notifications: hub, now: { clock.now })
            let verifier = try await tokens.verifier()
            try await GatewayHarness.run(
                [], events: [EventsGRPCService(events: events, notifications: hub)], anonymousMethods: [],
                verifier: verifier,
                settings: try GatewayHarness.settings([
                    "RATE_LIMIT_PER_USER": "1000",
                    "RATE_LIMIT_PER_USER_BURST": "1000",
                    "STREAM_HEARTBEAT": "1s",
                ])
            ) { http in
                try await body(http, tokens, clock)
            }
        }
    }

    func at(_ point: GeoPoint, accuracy: Double = 5) -> [String: Any] {
        ["latitude": point.latitude, "longitude": point.longitude, "accuracyMeters": accuracy]
    }

    func createBody(_ extra: [String: Any] = [:]) -> [String: Any] {
        var body: [String: Any] = [
            "name": "Beach party", "center": ["latitude": here.latitude, "longitude": here.longitude],
            "radiusMeters": 100, "capacity": 3, "durationSeconds": 3600,
        ]
        body.merge(extra) { _, new in new }
        return body
    }

    @Test(arguments: EventStorage.allCases)
    func theWholeWalkFromCreationToExpiry(_ storage: EventStorage) async throws {
        try await run(storage) { http, tokens, clock in
            let (hostID, guestID, strangerID) = (UUID(), UUID(), UUID())
            let host = try await tokens.userToken(hostID)
            let guest = try await tokens.userToken(guestID)
            let stranger = try await tokens.userToken(strangerID)

            let created = try await http.send(
                "POST", "/v1/events", json: createBody(["visibility": "private", "password": "sesame"]),
                token: host, headers: ["Idempotency-Key": "party-1"])
            #expect(created.status == 201)
            let eventID = try #require(try created.json()["eventId"] as? String)
            let retried = try await http.send(
                "POST", "/v1/events", json: createBody(["visibility": "private", "password": "sesame"]),
                token: host, headers: ["Idempotency-Key": "party-1"])
            #expect(try retried.json()["eventId"] as? String == eventID)

            // Discover: inside the fence it is here; 500 m away it is only on the map, and locked.
            let inside = try await http.send("GET", "/v1/events/nearby?lat=\(here.latitude)&lng=\(here.longitude)", token: guest)
            let found = try #require((try inside.json()["events"] as? [[String: Any]])?.first)
            #expect(found["inside"] as? Bool == true)
            #expect((found["event"] as? [String: Any])?["locked"] as? Bool == true)
            #expect((found["event"] as? [String: Any])?["description"] == nil)
            let away = here.moved(meters: 500, bearing: 90)
            let outside = try await http.send("GET", "/v1/events/nearby?lat=\(away.latitude)&lng=\(away.longitude)", token: guest)
            #expect((try outside.json()["events"] as? [Any])?.isEmpty == true)
            let map = try await http.send("GET", "/v1/events/nearby?lat=\(away.latitude)&lng=\(away.longitude)&within=1000", token: guest)
            #expect((try map.json()["events"] as? [[String: Any]])?.first?["inside"] as? Bool == false)

            // Join: the wrong password, from outside, then rightly.
            let wrong = try await http.send(
                "POST", "/v1/events/\(eventID)/join", json: at(here).merging(["password": "guess"]) { _, n in n },
                token: guest)
            #expect(wrong.status == 403 && wrong.reason == "WRONG_PASSWORD" && wrong.problemFields == ["password"])
            let far = try await http.send(
                "POST", "/v1/events/\(eventID)/join", json: at(away).merging(["password": "sesame"]) { _, n in n },
                token: guest)
            #expect(far.status == 422 && far.reason == "OUTSIDE_FENCE" && far.problemFields == ["latitude"])
            let joined = try await http.send(
                "POST", "/v1/events/\(eventID)/join", json: at(here).merging(["password": "sesame"]) { _, n in n },
                token: guest)
            #expect(joined.status == 200)
            #expect(try joined.json()["outcome"] as? String == "joined")
            #expect(((try joined.json()["event"]) as? [String: Any])?["description"] != nil)

            // Full: capacity 3 with host and guest leaves one place.
            let third = try await tokens.userToken(UUID())
            _ = try await http.send(
                "POST", "/v1/events/\(eventID)/join", json: at(here).merging(["password": "sesame"]) { _, n in n },
                token: third)
            let full = try await http.send(
                "POST", "/v1/events/\(eventID)/join", json: at(here).merging(["password": "sesame"]) { _, n in n },
                token: stranger)
            #expect(full.status == 409 && full.reason == "EVENT_FULL")
            let waiting = try await http.send(
                "POST", "/v1/events/\(eventID)/join",
                json: at(here).merging(["password": "sesame", "waitlistIfFull": true]) { _, n in n },
                token: stranger)
            #expect(waiting.status == 202)
            #expect(try waiting.json()["waitlistPosition"] as? Int == 1)

            // Banned: the host bans the third member; the stranger on the waitlist gets the place.
            let members = try await http.send("GET", "/v1/events/\(eventID)/members", token: host)
            let memberIDs = (try members.json()["members"] as? [[String: Any]])?.compactMap { $0["userId"] as? String } ?? []
            #expect(memberIDs.count == 3)
            #expect(try await http.send("GET", "/v1/events/\(eventID)/members", token: guest).status == 403)
            let thirdID = try #require(memberIDs.first { $0 != hostID.lowercasedString && $0 != guestID.lowercasedString })
            #expect(try await http.send("PUT", "/v1/events/\(eventID)/bans/\(thirdID)", token: host).status == 204)
            let banned = try await http.send(
                "POST", "/v1/events/\(eventID)/join", json: at(here).merging(["password": "sesame"]) { _, n in n },
                token: third)
            #expect(banned.status == 403 && banned.reason == "BANNED")
            let bans = try await http.send("GET", "/v1/events/\(eventID)/bans", token: host)
            #expect((try bans.json()["bans"] as? [[String: Any]])?.first?["userId"] as? String == thirdID)
            let mine = try await http.send("GET", "/v1/me/events", token: stranger)
            #expect((try mine.json()["memberOf"] as? [[String: Any]])?.count == 1)

            // Move out: removed, with the reason.
            let moved = try await http.send("POST", "/v1/me/location", json: at(away), token: guest)
            let left = try #require((try moved.json()["left"] as? [[String: Any]])?.first)
            #expect(left["eventId"] as? String == eventID && left["reason"] as? String == "left_fence")
            let guestView = try await http.send("GET", "/v1/events/\(eventID)", token: guest)
            #expect(try guestView.json()["locked"] as? Bool == true)

            // Expiry: gone from discovery and from reads at once.
            clock.advance(by: 3601)
            let after = try await http.send("GET", "/v1/events/nearby?lat=\(here.latitude)&lng=\(here.longitude)&within=1000", token: host)
            #expect((try after.json()["events"] as? [Any])?.isEmpty == true)
            #expect(try await http.send("GET", "/v1/events/\(eventID)", token: host).status == 404)
        }
    }

    @Test(arguments: EventStorage.allCases)
    func reportsFromTheThresholdBanAndOnlyTheHostSeesThem(_ storage: EventStorage) async throws {
        try await run(storage) { http, tokens, _ in
            let hostID = UUID()
            let host = try await tokens.userToken(hostID)
            let eventID = try #require(
                try await http.send("POST", "/v1/events", json: createBody(["capacity": 10]), token: host)
                    .json()["eventId"] as? String)
            let targetID = UUID()
            var members: [String] = []
            for id in [targetID, UUID(), UUID()] {
                let token = try await tokens.userToken(id)
                members.append(token)
                _ = try await http.send("POST", "/v1/events/\(eventID)/join", json: at(here), token: token)
            }
            let body: [String: Any] = ["userId": targetID.lowercasedString, "reason": "harassment"]
            let first = try await http.send("POST", "/v1/events/\(eventID)/reports", json: body, token: members[1])
            #expect(first.status == 201)
            #expect(try first.json()["targetBanned"] as? Bool == false)
            let again = try await http.send("POST", "/v1/events/\(eventID)/reports", json: body, token: members[1])
            #expect(again.status == 409 && again.reason == "ALREADY_REPORTED")
            let second = try await http.send("POST", "/v1/events/\(eventID)/reports", json: body, token: members[2])
            #expect((try second.json()["targetBanned"] as? Bool) == true)
            let hostReport = try await http.send(
                "POST", "/v1/events/\(eventID)/reports",
                json: ["userId": hostID.lowercasedString, "reason": "spam"], token: members[1])
            #expect(hostReport.reason == "HOST_PROTECTED")
            let badReason = try await http.send(
                "POST", "/v1/events/\(eventID)/reports",
                json: ["userId": targetID.lowercasedString, "reason": "meh"], token: members[1])
            #expect(badReason.status == 400 && badReason.problemFields == ["reason"])
            #expect(try await http.send("GET", "/v1/events/\(eventID)/reports", token: members[1]).status == 403)
            let reports = try await http.send("GET", "/v1/events/\(eventID)/reports", token: host)
            #expect((try reports.json()["reports"] as? [Any])?.count == 2)
            #expect(try await http.send("GET", "/v1/events/\(eventID)", token: members[0]).reason == "BANNED")
        }
    }

    @Test(arguments: EventStorage.allCases)
    func theHostEditsLeavesNothingBelowTheMembersAndDeletes(_ storage: EventStorage) async throws {
        try await run(storage) { http, tokens, _ in
            let host = try await tokens.userToken(UUID())
            let eventID = try #require(
                try await http.send("POST", "/v1/events", json: createBody(["capacity": 5]), token: host)
                    .json()["eventId"] as? String)
            let guests = [try await tokens.userToken(UUID()), try await tokens.userToken(UUID())]
            for guest in guests {
                let joined = try await http.send("POST", "/v1/events/\(eventID)/join", json: at(here), token: guest)
                #expect(joined.status == 200, "\(joined.status): \(String(decoding: joined.body, as: UTF8.self))")
            }
            let tooSmall = try await http.send("PATCH", "/v1/events/\(eventID)", json: ["capacity": 2], token: host)
            #expect(tooSmall.status == 422 && tooSmall.reason == "CAPACITY_BELOW_MEMBERS" && tooSmall.problemFields == ["capacity"])
            let noPassword = try await http.send("PATCH", "/v1/events/\(eventID)", json: ["visibility": "private"], token: host)
            #expect(noPassword.status == 400 && noPassword.problemFields == ["password"])
            let notMine = try await http.send("PATCH", "/v1/events/\(eventID)", json: ["name": "Mine"], token: guests[0])
            #expect(notMine.status == 403)
            let edited = try await http.send(
                "PATCH", "/v1/events/\(eventID)",
                json: ["name": "Sunset party", "capacity": 3, "theme": "#FF8800", "tags": ["Music"]], token: host)
            #expect(edited.status == 200)
            #expect(try edited.json()["name"] as? String == "Sunset party")
            #expect(try edited.json()["tags"] as? [String] == ["music"])

            #expect(try await http.send("POST", "/v1/events/\(eventID)/leave", token: guests[0]).status == 204)
            let hostLeaves = try await http.send("POST", "/v1/events/\(eventID)/leave", token: host)
            #expect(hostLeaves.status == 409 && hostLeaves.reason == "HOST_PROTECTED")
            #expect(
                try await http.send("DELETE", "/v1/events/\(eventID)", token: guests[1]).status == 404,
                "a member who is not the host: not found, as under every delete")
            #expect(try await http.send("DELETE", "/v1/events/\(eventID)", token: host).status == 204)
            #expect(try await http.send("GET", "/v1/events/\(eventID)", token: host).status == 404)
            let mine = try await http.send("GET", "/v1/me/events", token: guests[1])
            #expect((try mine.json()["memberOf"] as? [Any])?.isEmpty == true)
        }
    }

    @Test(arguments: EventStorage.allCases)
    func badInputIsA400NamingTheField(_ storage: EventStorage) async throws {
        try await run(storage) { http, tokens, _ in
            let token = try await tokens.userToken(UUID())
            let tooBig = try await http.send("POST", "/v1/events", json: createBody(["radiusMeters": 6000, "durationSeconds": 60]), token: token)
            #expect(tooBig.status == 400 && Set(tooBig.problemFields) == ["radiusMeters", "durationSeconds"])
            let noLat = try await http.send("GET", "/v1/events/nearby?lng=10", token: token)
            #expect(noLat.status == 400 && noLat.problemFields == ["lat"])
            let badLat = try await http.send("GET", "/v1/events/nearby?lat=95&lng=10", token: token)
            #expect(badLat.status == 400 && badLat.problemFields == ["lat"])
            let badID = try await http.send("GET", "/v1/events/not-an-id", token: token)
            #expect(badID.status == 400 && badID.problemFields == ["id"])
            let unknown = try await http.send("GET", "/v1/events/\(UUID())", token: token)
            #expect(unknown.status == 404)
            #expect(try await http.send("GET", "/v1/me/events").status == 401)
        }
    }

    @Test(arguments: EventStorage.allCases)
    func notificationsArriveAsServerSentEvents(_ storage: EventStorage) async throws {
        try await run(storage) { http, tokens, _ in
            let host = try await tokens.userToken(UUID())
            let eventID = try #require(try await http.send("POST", "/v1/events", json: createBody(), token: host).json()["eventId"] as? String)
            let lines = LineSink()
            let curl = try ChildProcess(
                name: "curl", executable: "/usr/bin/curl",
                arguments: ["-sN", "-H", "Authorization: Bearer \(host)", "\(http.base.absoluteString)/v1/me/notifications/stream"],
                environment: [:]
            ) { lines.append($0) }
            defer { curl.terminate() }
            #expect(await lines.waitFor { $0 == "event: connected" })
            let guestID = UUID()
            let joined = try await http.send("POST", "/v1/events/\(eventID)/join", json: at(here), token: try await tokens.userToken(guestID))
            #expect(joined.status == 200, "\(String(decoding: joined.body, as: UTF8.self))")
            #expect(await lines.waitFor { $0 == "event: member_joined" })
            #expect(lines.all.contains { $0.hasPrefix("data: ") && $0.contains(guestID.lowercasedString) && $0.contains(eventID) })
            // The heartbeat keeps an idle stream alive.
            #expect(await lines.waitFor { $0 == ": keep-alive" })
        }
    }
}
