import AsyncHTTPClient
import Foundation
import JWTKit
import Logging
import RoamCore
import RoamRuntime
import RoamTesting
import Synchronization
import Testing

@testable import Notifications

/// Publications reaching phones: filed with their pushes in PostgreSQL, sent by `PushDelivery` to a local
/// HTTP/2 TLS server speaking APNs, as a phone whose app is closed would get them.
@Suite struct PushDeliveryTests {
    static let token = String(repeating: "c0", count: 32)

    /// A PostgreSQL store of its own, the APNs test server, and a way to make delivery workers.
    static func withPush(
        _ body: @Sendable (any NotificationStore, NotificationsService, PushTestServer, @Sendable () async -> PushDelivery) async throws -> Void
    ) async throws {
        let server = try await PushTestServer.start()
        let client = try PushHTTPClient.make(trustRoots: server.certificateAuthority)
        let settings = APNsSettings(
            key: ES256PrivateKey(), keyID: "KEY1234567", teamID: "TEAM123456", topic: "com.example.diary", productionEndpoint: server.url,
            sandboxEndpoint: server.url)
        let sender = await APNsSender(client: client, settings: settings)
        do {
            try await StoreKind.postgres.withStore(ownDatabase: true) { store in
                let wakeUp = WakeUp()
                let service = NotificationsService(store: store, pushesFiled: { wakeUp.signal() })
                // The first worker is woken by the service; another (a second replica) looks every second.
                let made = Mutex(0)
                try await body(store, service, server) {
                    let first = made.withLock { count in
                        defer { count += 1 }
                        return count == 0
                    }
                    return PushDelivery(
                        store: store, senders: [.apns: sender], wakeUp: first ? wakeUp : WakeUp(), longestPause: .seconds(2),
                        logger: Logger(label: "push"))
                }
            }
        } catch {
            try? await client.shutdown()
            await server.stop()
            throw error
        }
        try await client.shutdown()
        await server.stop()
    }

    static func alert(for user: UUID, _ index: Int = 0) -> Publication {
        Publication(
            userID: user, kind: "budget_alert", key: "budget_alert:\(index)", data: ["tripId": "t1", "percent": "80", "alertId": "a\(index)"],
            threadID: "trip:t1", at: Date())
    }

    /// Runs `worker` until `done` holds (at most `limit`), then stops it.
    static func running(_ worker: PushDelivery, until done: @escaping @Sendable () async -> Bool, limit: Duration = .seconds(90)) async throws -> Bool
    {
        try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                try await worker.run()
                return false
            }
            group.addTask {
                let deadline = ContinuousClock.now + limit
                while ContinuousClock.now < deadline {
                    if await done() { return true }
                    try await Task.sleep(for: .milliseconds(50))
                }
                return false
            }
            let finished = try await group.next() ?? false
            group.cancelAll()
            return finished
        }
    }

    /// Whether `count` pushes arrived and none waits any more.
    static func settled(_ server: PushTestServer, _ store: any NotificationStore, count: Int) async -> Bool {
        guard server.received.count >= count else { return false }
        return (try? await store.pendingPushes()) == 0
    }

    @Test func aBudgetAlertReachesAClosedAppOnceInItsLanguage() async throws {
        try await Self.withPush { store, service, server, worker in
            let user = UUID()
            _ = try await service.register(DeviceRegistration(token: Self.token, platform: .apns, language: "sv-SE"), for: user)
            _ = try await service.publish([Self.alert(for: user)])
            #expect(try await Self.running(await worker()) { await Self.settled(server, store, count: 1) })
            try await Task.sleep(for: .milliseconds(300))
            #expect(server.received.count == 1, "sent once")
            let push = try #require(server.received.first)
            let aps = try #require(push.json["aps"] as? [String: Any])
            #expect((aps["alert"] as? [String: String])?["body"] == "80 % av budgeten är använd" && aps["badge"] as? Int == 1)
            #expect(push.headers["apns-collapse-id"] == "budget_alert:a0" && push.json["kind"] as? String == "budget_alert")
            #expect(try await store.pendingPushes() == 0)
        }
    }

    @Test func twoReplicasSendEachPushOnce() async throws {
        try await Self.withPush { store, service, server, worker in
            let user = UUID()
            _ = try await service.register(DeviceRegistration(token: Self.token, platform: .apns), for: user)
            _ = try await service.publish((0..<30).map { Self.alert(for: user, $0) })
            let (first, second) = (await worker(), await worker())
            async let one = Self.running(first) { await Self.settled(server, store, count: 30) }
            async let two = Self.running(second) { await Self.settled(server, store, count: 30) }
            let (oneFinished, twoFinished) = try await (one, two)
            #expect(oneFinished && twoFinished)
            try await Task.sleep(for: .milliseconds(500))
            #expect(server.received.count == 30 && Set(server.received.compactMap { $0.headers["apns-id"] }).count == 30)
        }
    }

    @Test func aDeadTokenIsForgottenAndAMutedKindNeverSent() async throws {
        try await Self.withPush { store, service, server, worker in
            let user = UUID()
            _ = try await service.register(DeviceRegistration(token: Self.token, platform: .apns), for: user)
            server.respond { _ in PushTestResponse(status: 410, body: #"{"reason":"Unregistered"}"#) }
            _ = try await service.publish([Self.alert(for: user)])
            #expect(try await Self.running(await worker()) { ((try? await store.devices(of: user)) ?? [Device]()).isEmpty })
            let pendingAfterDeadToken = try await store.pendingPushes()
            #expect(server.received.count == 1 && pendingAfterDeadToken == 0)

            server.respond { _ in PushTestResponse() }
            _ = try await service.register(DeviceRegistration(token: Self.token, platform: .apns), for: user)
            _ = try await service.update(SettingsChanges.fixture(mutedKinds: ["budget_alert"]), of: user)
            _ = try await service.publish([Self.alert(for: user, 1)])
            #expect(try await store.pendingPushes() == 0, "a muted kind files no push")
            #expect(try await service.inbox(of: user, unreadOnly: true, page: PageRequest()).unread == 2, "but it is in the inbox")
        }
    }

    @Test func quietHoursHoldThePushUntilTheyEnd() async throws {
        try await Self.withPush { store, service, server, worker in
            let user = UUID()
            _ = try await service.register(DeviceRegistration(token: Self.token, platform: .apns), for: user)
            // Quiet hours around now in the trip's zone: the push waits for their end.
            let zone = try #require(TripZone("Asia/Tokyo"))
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone.timeZone
            let minute = calendar.component(.hour, from: Date()) * 60 + calendar.component(.minute, from: Date())
            let quiet = QuietHours(start: ClockTime(minuteOfDay: (minute + 1380) % 1440), end: ClockTime(minuteOfDay: (minute + 120) % 1440))
            _ = try await service.update(SettingsChanges.fixture(quietHours: .some(quiet)), of: user)
            var alert = Self.alert(for: user)
            alert.timeZone = "Asia/Tokyo"
            _ = try await service.publish([alert])
            try await (await worker()).deliverDue()
            let held = try await store.pendingPushes()
            #expect(server.received.isEmpty && held == 1)
            let due = try await store.claimPushes(dueAt: Date().addingTimeInterval(2 * 3600 + 60), limit: 10, lease: .seconds(1))
            #expect(due.count == 1, "due when the quiet hours end, two hours from now")
        }
    }

    @Test func aPushServerDownForThirtySecondsGetsEachPushOnceAfter() async throws {
        try await Self.withPush { store, service, server, worker in
            let user = UUID()
            _ = try await service.register(DeviceRegistration(token: Self.token, platform: .apns), for: user)
            await server.pause()
            _ = try await service.publish((0..<3).map { Self.alert(for: user, $0) })
            let delivery = await worker()
            let outage = Task {
                try await Task.sleep(for: .seconds(30))
                try await server.resume()
            }
            #expect(
                try await Self.running(
                    delivery, until: { await Self.settled(server, store, count: 3) }, limit: .seconds(120)))
            try await outage.value
            try await Task.sleep(for: .seconds(1))
            #expect(server.received.count == 3 && Set(server.received.compactMap { $0.headers["apns-id"] }).count == 3)
            #expect(try await store.pendingPushes() == 0)
        }
    }
}
