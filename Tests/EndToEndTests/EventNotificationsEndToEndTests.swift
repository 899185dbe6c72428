import Foundation
import RoamLocal
import RoamTesting
import Testing

/// What a member should hear of with the app closed, born in events with the change it tells of and
/// kept in the notifications service's inbox, through the gateway on every real process: a place from
/// the waitlist, a ban, the event's end; nothing of one's own doing (leaving, ending one's event).
@Suite struct EventNotificationsEndToEndTests {
    @Test func anAdmissionABanAndTheEndReachTheInbox() async throws {
        let stops = try await FullStack.run { stack in
            let http = stack.http
            let suffix = Int.random(in: 10_000...99_999)
            let (_, hostToken) = try await http.signUp("host\(suffix)")
            let (_, adaToken) = try await http.signUp("ada\(suffix)")
            let (_, boToken) = try await http.signUp("bo\(suffix)")
            let (cy, cyToken) = try await http.signUp("cy\(suffix)")
            func kinds(_ token: String) async throws -> [String] {
                let notifications = try await http.send("GET", "/v1/me/notifications", token: token).json()["notifications"] as? [[String: Any]]
                return (notifications ?? []).compactMap { $0["kind"] as? String }.sorted()
            }
            let here = (latitude: 59.3326 + Double.random(in: -1...1), longitude: 18.0649 + Double.random(in: -1...1))
            let position: [String: Any] = ["latitude": here.latitude, "longitude": here.longitude, "accuracyMeters": 5]
            let event = try await http.created(
                "/v1/events",
                [
                    "name": "Fika", "center": ["latitude": here.latitude, "longitude": here.longitude], "radiusMeters": 100,
                    "capacity": 2, "durationSeconds": 3600,
                ], token: hostToken, key: "eventId")

            // Ada takes the one free place, Bo waits, and is let in when Ada leaves.
            #expect(try await http.send("POST", "/v1/events/\(event)/join", json: position, token: adaToken).status == 200)
            var waiting = position
            waiting["waitlistIfFull"] = true
            #expect(try await http.send("POST", "/v1/events/\(event)/join", json: waiting, token: boToken).status == 202)
            #expect(try await http.send("POST", "/v1/events/\(event)/leave", token: adaToken).status == 204)
            // The host bans Cy before she ever comes.
            #expect(try await http.send("PUT", "/v1/events/\(event)/bans/\(cy.lowercasedString)", token: hostToken).status == 204)
            let admitted = await eventually(timeout: .seconds(60)) { (try? await kinds(boToken)) == ["admitted"] }
            let bos = try await kinds(boToken)
            #expect(admitted, "Bo's inbox: \(bos)")
            let banned = await eventually(timeout: .seconds(60)) { (try? await kinds(cyToken)) == ["banned"] }
            let cys = try await kinds(cyToken)
            #expect(banned, "Cy's inbox: \(cys)")

            // The host ends it: Bo, inside, hears. The host, who ended it, and Ada, who left, do not.
            #expect(try await http.send("DELETE", "/v1/events/\(event)", token: hostToken).status == 204)
            #expect(await eventually(timeout: .seconds(60)) { (try? await kinds(boToken)) == ["admitted", "event_ended"] })
            #expect(try await kinds(hostToken).isEmpty, "the host ended it")
            #expect(try await kinds(adaToken).isEmpty, "Ada left")
        }
        #expect(stops.values.allSatisfy { $0 == "exited with status 0" }, "\(stops)")
    }
}
