import Foundation
import RoamTesting
import Testing

/// A budget alert travelling the whole way to a phone whose app is closed: budget writes it with the
/// expense and hands it over from its outbox, notifications files it and pushes it to a local server
/// speaking APNs over HTTP/2 and TLS. Two replicas of each, all real processes on real PostgreSQL.
@Suite struct PushEndToEndTests {
    static let deviceToken = String(repeating: "ab", count: 32)

    @Test func budgetAlertsReachAClosedAppOnceThroughAnOutageAndNotWhenMuted() async throws {
        let server = try await PushTestServer.start()
        let stack = try await ProcessStack.startAccounts()
        var processes: [LaunchedProcess] = []
        do {
            let push = server.apnsEnvironment().merging(["PUSH_RETRY_MAX_PAUSE": "2s"]) { _, new in new }
            let (notificationsA, portA) = try await stack.startNotifications(environment: push)
            let (notificationsB, portB) = try await stack.startNotifications(environment: push)
            processes += [notificationsA, notificationsB]
            let (trips, tripsPort) = try await stack.startTrips()
            processes.append(trips)
            // Each budget replica publishes to either notifications replica.
            let publishTo = ["NOTIFICATIONS_ADDRESS": "127.0.0.1:\(portA),127.0.0.1:\(portB)"]
            let (budgetA, budgetPort) = try await stack.startBudget(tripsPort: tripsPort, environment: publishTo)
            let (budgetB, _) = try await stack.startBudget(tripsPort: tripsPort, environment: publishTo)
            processes += [budgetA, budgetB]
            let (gateway, http) = try await stack.startGateway(
                tripsPort: tripsPort, budgetPort: budgetPort, environment: ["NOTIFICATIONS_ADDRESS": "127.0.0.1:\(portA)"], readyPath: "/healthz")
            processes.append(gateway)
            try await Self.alertsReachThePhone(http, server)
        } catch {
            for process in processes + [stack.accounts] { _ = await process.stop() }
            await server.stop()
            throw error
        }
        await expectCleanStops(processes.reversed() + [stack.accounts])
        await server.stop()
    }

    static func alertsReachThePhone(_ http: HTTPTestClient, _ server: PushTestServer) async throws {
        let suffix = Int.random(in: 10_000...99_999)
        let (_, token) = try await http.signUp("pushed\(suffix)")
        let device = try await http.send(
            "PUT", "/v1/me/devices/\(deviceToken)", json: ["platform": "apns", "apnsEnvironment": "production", "language": "sv"], token: token)
        #expect(device.status == 201, "\(device.text)")
        let trip = try await http.send(
            "POST", "/v1/trips",
            json: [
                "title": "Lisbon", "destination": ["name": "Lisbon"], "startDate": "2031-06-10", "endDate": "2031-06-16",
                "timeZone": "Europe/Lisbon", "homeCurrency": "EUR",
            ], token: token)
        let tripID = try #require(try trip.json()["id"] as? String, "\(trip.text)")
        let budget = try await http.send(
            "PUT", "/v1/trips/\(tripID)/budget", json: ["total": "100", "caps": ["food": "50"], "alertThresholds": [80, 100]], token: token)
        #expect(budget.status == 200, "\(budget.text)")
        // Booked before the trip: no day of it has an allowance to cross, so each write crosses what the test says.
        func spend(_ amount: String, _ category: String) async throws {
            let reply = try await http.send(
                "POST", "/v1/trips/\(tripID)/expenses",
                json: ["amount": amount, "currency": "EUR", "spentAt": "2031-05-02T12:00:00Z", "category": category], token: token)
            #expect(reply.status == 201, "\(reply.text)")
        }

        // 85 of 100: one alert, pushed once, in Swedish, opening the trip's budget. No stream is open.
        try await spend("85", "lodging")
        #expect(await eventually(timeout: .seconds(60)) { server.received.count >= 1 }, "the first alert reaches the phone")
        let first = try #require(server.received.first)
        #expect(first.path == "/3/device/\(deviceToken)" && first.headers["apns-topic"] == "com.example.diary")
        #expect(first.json["kind"] as? String == "budget_alert" && first.json["tripId"] as? String == tripID)
        #expect(first.json["percent"] as? String == "80" && first.json["limitKind"] as? String == "total")
        let aps = first.json["aps"] as? [String: Any]
        #expect((aps?["alert"] as? [String: Any])?["body"] as? String == "80 % av budgeten är använd", "\(first.json)")
        #expect(aps?["thread-id"] as? String == "trip:\(tripID)" && aps?["badge"] as? Int == 1)

        // The push server is away for 30 s while 100 % is crossed: the alert is pushed once it is back.
        await server.pause()
        try await spend("20", "lodging")
        try await Task.sleep(for: .seconds(30))
        #expect(server.received.count == 1)
        try await server.resume()
        #expect(await eventually(timeout: .seconds(60)) { server.received.count >= 2 }, "the second alert after the outage")
        let second = try #require(server.received.last)
        #expect(second.json["percent"] as? String == "100" && second.json["limitKind"] as? String == "total")

        // Muted, the food cap's alert (45 of 50) lands in the inbox but never on the phone.
        let muted = try await http.send("PATCH", "/v1/me/notification-settings", json: ["mutedKinds": ["budget_alert"]], token: token)
        #expect(muted.status == 200, "\(muted.text)")
        try await spend("45", "food")
        #expect(
            await eventually(timeout: .seconds(60)) {
                let inbox = try? await http.send("GET", "/v1/me/notifications", token: token).json()
                return (inbox?["notifications"] as? [[String: Any]])?.count == 3
            }, "80 and 100 % of the total and 80 % of the food cap filed")
        try await Task.sleep(for: .seconds(3))
        #expect(server.received.count == 2, "nothing more pushed: \(server.received.map(\.json))")
        #expect(Set(server.received.compactMap { $0.headers["apns-id"] }).count == 2, "each pushed once")
    }
}
