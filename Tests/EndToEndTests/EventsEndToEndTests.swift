import Foundation
import Logging
import PostgresNIO
import RoamLocal
import RoamRuntime
import RoamTesting
import Testing

/// Accounts, events and the gateway as real processes over real HTTP/2, on PostgreSQL + PostGIS:
/// create → discover inside and outside → join (wrong password, full, banned) → move out → removed →
/// expiry → gone, everywhere.
@Suite(.serialized) struct EventsEndToEndTests {
    let here = (latitude: 59.3326, longitude: 18.0649)

    func at(_ latitude: Double, _ longitude: Double, _ extra: [String: Any] = [:]) -> [String: Any] {
        ["latitude": latitude, "longitude": longitude, "accuracyMeters": 5].merging(extra) { _, new in new }
    }

    func signUp(_ http: HTTPTestClient, _ name: String) async throws -> (id: String, token: String) {
        let (id, token) = try await http.signUp(name)
        return (id.lowercasedString, token)
    }

    @Test func theWholeWalkOnRealProcesses() async throws {
        let stack = try await ProcessStack.startAccounts()
        let (events, eventsPort) = try await stack.startEvents(environment: ["EVENT_MIN_LIFETIME": "1s", "EVENT_SWEEP_INTERVAL": "1s"])
        let (feed, feedPort) = try await stack.startFeed(eventsPort: eventsPort)
        let (media, mediaPort) = try await stack.startMedia()
        let (trips, tripsPort) = try await stack.startTrips()
        let (budget, budgetPort) = try await stack.startBudget(tripsPort: tripsPort)
        let (bucketLists, bucketListsPort) = try await stack.startBucketLists()
        let (gateway, http) = try await stack.startGateway(
            tripsPort: tripsPort, budgetPort: budgetPort, bucketListsPort: bucketListsPort,
            environment: [
                "MEDIA_ADDRESS": "127.0.0.1:\(mediaPort)",
                "EVENTS_ADDRESS": "127.0.0.1:\(eventsPort)",
                "FEED_ADDRESS": "127.0.0.1:\(feedPort)",
            ])

        let host = try await signUp(http, "e2e_host")
        let guest = try await signUp(http, "e2e_guest")
        let late = try await signUp(http, "e2e_late")
        let rowdy = try await signUp(http, "e2e_rowdy")

        let created = try await http.send(
            "POST", "/v1/events",
            json: [
                "name": "Fika in the park", "center": ["latitude": here.latitude, "longitude": here.longitude], "radiusMeters": 100,
                "capacity": 3, "durationSeconds": 30, "visibility": "private", "password": "kanelbulle", "tags": ["Fika"],
            ], token: host.token)
        #expect(created.status == 201, "\(String(decoding: created.body, as: UTF8.self))")
        let eventID = try #require(try created.json()["eventId"] as? String)

        // Inside the fence it is on the home page; 1 km away it is not, but it is on a 2 km map.
        let inside = try await http.send("GET", "/v1/events/nearby?lat=\(here.latitude)&lng=\(here.longitude)", token: guest.token)
        #expect((try inside.json()["events"] as? [[String: Any]])?.count == 1)
        let away = (latitude: here.latitude + 0.009, longitude: here.longitude)
        let outside = try await http.send("GET", "/v1/events/nearby?lat=\(away.latitude)&lng=\(away.longitude)", token: guest.token)
        #expect((try outside.json()["events"] as? [Any])?.isEmpty == true)
        let map = try await http.send("GET", "/v1/events/nearby?lat=\(away.latitude)&lng=\(away.longitude)&within=2000", token: guest.token)
        let pin = try #require((try map.json()["events"] as? [[String: Any]])?.first)
        #expect((pin["event"] as? [String: Any])?["locked"] as? Bool == true)
        #expect(abs((pin["distanceMeters"] as? Double ?? 0) - 1000) < 10)

        // The host's notification stream, through the gateway, as Server-Sent Events.
        let hostStream = LineSink()
        let curl = try ChildProcess(
            name: "curl", executable: "/usr/bin/curl",
            arguments: [
                "-sN", "-H", "Authorization: Bearer \(host.token)",
                "\(http.base.absoluteString)/v1/me/notifications/stream",
            ],
            environment: [:]
        ) { hostStream.append($0) }
        defer { curl.terminate() }
        #expect(await hostStream.waitFor { $0 == "event: connected" })

        let wrong = try await http.send(
            "POST", "/v1/events/\(eventID)/join", json: at(here.latitude, here.longitude, ["password": "wrong"]),
            token: guest.token)
        #expect(wrong.status == 403 && wrong.reason == "WRONG_PASSWORD")
        for user in [guest, rowdy] {
            let joined = try await http.send(
                "POST", "/v1/events/\(eventID)/join",
                json: at(here.latitude, here.longitude, ["password": "kanelbulle"]), token: user.token)
            #expect(joined.status == 200, "\(String(decoding: joined.body, as: UTF8.self))")
        }
        #expect(await hostStream.waitFor { $0.hasPrefix("data: ") && $0.contains("member_joined") && $0.contains(guest.id) })
        let full = try await http.send(
            "POST", "/v1/events/\(eventID)/join",
            json: at(here.latitude, here.longitude, ["password": "kanelbulle"]), token: late.token)
        #expect(full.status == 409 && full.reason == "EVENT_FULL")

        #expect(try await http.send("PUT", "/v1/events/\(eventID)/bans/\(rowdy.id)", token: host.token).status == 204)
        let rejoin = try await http.send(
            "POST", "/v1/events/\(eventID)/join",
            json: at(here.latitude, here.longitude, ["password": "kanelbulle"]), token: rowdy.token)
        #expect(rejoin.status == 403 && rejoin.reason == "BANNED", "\(rejoin.status) \(rejoin.text)")

        let moved = try await http.send("POST", "/v1/me/location", json: at(away.latitude, away.longitude), token: guest.token)
        #expect((try moved.json()["left"] as? [[String: Any]])?.first?["reason"] as? String == "left_fence")
        let members = try await http.send("GET", "/v1/events/\(eventID)/members", token: host.token)
        #expect((try members.json()["members"] as? [[String: Any]])?.map { $0["userId"] as? String } == [host.id])

        // Expiry: after its thirty seconds (long enough for the steps above on a machine the whole suite
        // loads) the sweeper deletes it and everything in it, and the outbox entry is delivered (with no
        // purge targets configured, at once). Both workers run every few seconds, so wait for them
        // rather than for a fixed time.
        let ends = try #require(ISO8601DateFormatter().date(from: String((try created.json()["endsAt"] as? String ?? "").prefix(19)) + "Z"))
        var gone = false
        while !gone && Date() < ends.addingTimeInterval(30) {
            gone = try await http.send("GET", "/v1/events/\(eventID)", token: host.token).status == 404
            if !gone { try await Task.sleep(for: .milliseconds(500)) }
        }
        #expect(gone && Date() >= ends.addingTimeInterval(-1), "the event ended on time")
        var left = -1
        for _ in 0..<100 where left != 0 {
            left = try await ProcessStack.withAdmin(stack.adminURL) { client in
                try await client.query(
                    """
                    SELECT (SELECT count(*) FROM events.events) + (SELECT count(*) FROM events.members)
                         + (SELECT count(*) FROM events.bans) + (SELECT count(*) FROM events.waitlist)
                         + (SELECT count(*) FROM events.password_failures) + (SELECT count(*) FROM events.outbox WHERE completed_at IS NULL)
                    """, logger: Logger(label: "e2e")
                ).collect().first?.decode(Int.self) ?? -1
            }
            if left != 0 { try await Task.sleep(for: .milliseconds(200)) }
        }
        #expect(left == 0, "rows of the ended event are still stored (or its outbox entry is not complete)")
        #expect(await hostStream.waitFor { $0 == "event: event_ended" })

        // The host's stream is still open: stopping must end it rather than wait for the client.
        await expectCleanStops(gateway, bucketLists, budget, trips, feed, events, media, stack.accounts)
    }
}
