import Foundation
import GRPCCore
import GRPCInProcessTransport
import Logging
import RoamProto
import RoamRuntime
import RoamTesting
import Testing

@testable import Events
@testable import Feed

/// Live chat where more than one process is involved: departures pushed by the events service over
/// gRPC, and two feed replicas sharing one PostgreSQL.
@Suite struct ChatAcrossServicesTests {
    @Test func aBanInTheEventsServiceClosesTheMembersChatAtOnce() async throws {
        try await Self.withEventsOverGRPC(rememberingMembers: false) { events, hub, feed in
            let (host, ana, ben) = (UUID(), UUID(), UUID())
            let here = GeoPoint(latitude: 59.33, longitude: 18.07)
            let event = try await events.create(
                EventDraft(
                    name: "Hitta", description: "", center: here, radiusMeters: 100, capacity: 10, startsAt: nil, lifetime: .seconds(3600),
                    visibility: .public, password: "", theme: "", bannerMediaID: nil, tags: [], groupWalk: nil),
                host: host, idempotencyKey: nil
            ).event.id
            for member in [ana, ben] {
                _ = try await events.join(
                    event, user: member, at: ReportedPosition(point: here, accuracyMeters: 5), password: "", waitlistIfFull: false)
            }
            let anasReading = ChatReading(feed, event: event, reader: ana)
            let bensReading = ChatReading(feed, event: event, reader: ben)
            await anasReading.waitUntilLive()
            await bensReading.waitUntilLive()
            #expect(await eventually { hub.departureWatchers == 1 })
            _ = try await feed.send("Welcome", to: event, by: host, idempotencyKey: nil)
            #expect(await anasReading.waitFor(1).count == 1)

            try await events.ban(ana, from: event, host: host)
            #expect(await anasReading.end() == "NO_LONGER_MEMBER")
            try await events.leave(event, user: ben)
            #expect(await bensReading.end() == "NO_LONGER_MEMBER")
            #expect(await feed.chat.readerCount == 0)
        }
    }

    @Test func aBanInTheEventsServiceEndsTheMembersRememberedMembershipAtOnce() async throws {
        try await Self.withEventsOverGRPC(rememberingMembers: true) { events, hub, feed in
            let (host, ana) = (UUID(), UUID())
            let here = GeoPoint(latitude: 59.33, longitude: 18.07)
            let event = try await events.create(
                EventDraft(
                    name: "Hitta", description: "", center: here, radiusMeters: 100, capacity: 10, startsAt: nil, lifetime: .seconds(3600),
                    visibility: .public, password: "", theme: "", bannerMediaID: nil, tags: [], groupWalk: nil),
                host: host, idempotencyKey: nil
            ).event.id
            _ = try await events.join(event, user: ana, at: ReportedPosition(point: here, accuracyMeters: 5), password: "", waitlistIfFull: false)
            let reading = ChatReading(feed, event: event, reader: ana)
            await reading.waitUntilLive()
            #expect(await eventually { hub.departureWatchers == 1 })
            // Remembered as a member now.
            _ = try await feed.create(PostDraft.fixture(audience: .event(event), text: "Here!"), author: ana, idempotencyKey: nil)

            try await events.ban(ana, from: event, host: host)
            // The departure closes her chat after it is forgotten in the cache.
            #expect(await reading.end() == "NO_LONGER_MEMBER")
            await #expect {
                _ = try await feed.create(PostDraft.fixture(audience: .event(event), text: "Still here?"), author: ana, idempotencyKey: nil)
            } throws: { ($0 as? RoamError) == FeedError.notEventMember }
        }
    }

    @Test func twoReplicasDeliverEveryMessageToEveryReaderInTheSameOrder() async throws {
        try await Self.withTwoReplicas { store, membership, replicas in

            let senders = (0..<10).map { _ in UUID() }
            let readers = (0..<6).map { _ in UUID() }
            let event = membership.event(host: senders[0], members: Set(senders + readers))
            let readings = readers.enumerated().map { index, reader in ChatReading(replicas[index % 2].0, event: event, reader: reader) }
            for reading in readings { await reading.waitUntilLive() }
            try await Task.sleep(for: .milliseconds(200))  // both replicas listening

            // Ten senders, spread over both replicas, send 20 messages each at once.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, sender) in senders.enumerated() {
                    group.addTask {
                        for line in 0..<20 {
                            _ = try await replicas[(index + line) % 2].0.send("\(index)/\(line)", to: event, by: sender, idempotencyKey: nil)
                        }
                    }
                }
                try await group.waitForAll()
            }
            let history = try await store.chatMessages(in: event, after: 0, limit: 500)
            #expect(history.map(\.sequence) == Array(1...200))
            for reading in readings {
                #expect(await reading.waitFor(200).map(\.id) == history.map(\.id))
                reading.stop()
            }
        }
    }

    @Test func feedNewsPostedOnOneReplicaReachesReadersOnTheOther() async throws {
        try await Self.withTwoReplicas { store, membership, replicas in
            let (host, ana) = (UUID(), UUID())
            let event = membership.event(host: host, members: [ana])
            let reading = ChatReading(replicas[1].0, event: event, reader: ana)
            await reading.waitUntilLive()
            try await Task.sleep(for: .milliseconds(200))  // both replicas listening

            let post = try await replicas[0].0.create(
                PostDraft.fixture(audience: .event(event), text: "Long text " + String(repeating: "ä", count: 4_900)),
                author: host, idempotencyKey: nil)
            _ = try await replicas[0].0.like(.post(post.id), by: host)
            let updates = await reading.waitForUpdates(2)
            // Longer than a notification may carry: the news names the post and each replica reads it.
            guard case .post(let received)? = updates.first else {
                Issue.record("the first update is not the post")
                return
            }
            #expect(received.id == post.id && received.text.count == post.text.count && received.text == post.text)
            #expect(updates.last == .likes(.post(post.id), count: 1))
            reading.stop()
        }
    }

    @Test func aBurstOfLikesSendsFewNewsAndTheLastOneHasTheFinalCount() async throws {
        try await Self.withTwoReplicas { store, membership, replicas in
            let host = UUID()
            let likers = (0..<30).map { _ in UUID() }
            let event = membership.event(host: host, members: Set(likers))
            let reading = ChatReading(replicas[1].0, event: event, reader: host)
            await reading.waitUntilLive()
            try await Task.sleep(for: .milliseconds(200))  // both replicas listening

            let post = try await replicas[0].0.create(PostDraft.fixture(audience: .event(event), text: "Hot"), author: host, idempotencyKey: nil)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, liker) in likers.enumerated() { group.addTask { _ = try await replicas[index % 2].0.like(.post(post.id), by: liker) } }
                try await group.waitForAll()
            }
            let deadline = ContinuousClock.now + .seconds(10)
            while ContinuousClock.now < deadline, reading.updates.last != .likes(.post(post.id), count: 30) {
                try await Task.sleep(for: .milliseconds(20))
            }
            try await Task.sleep(for: .seconds(1))  // anything still on its way arrives
            let likes = reading.updates.filter { if case .likes = $0 { true } else { false } }
            #expect(likes.last == .likes(.post(post.id), count: 30))
            // Each replica sends the first like's news at once and the rest as one more per window.
            #expect(likes.count < 30, "\(likes.count) like updates for 30 likes")
            reading.stop()
        }
    }

    /// The events service over in-process gRPC, and a feed asking it about members (through a
    /// `MembershipCache` when `rememberingMembers`) with its departures watcher running.
    static func withEventsOverGRPC(
        rememberingMembers: Bool,
        _ body: @Sendable (EventService, NotificationHub, FeedService) async throws -> Void
    ) async throws {
        let tokens = await TestTokens()
        let hub = NotificationHub()
        let events = EventService(
            events: InMemoryEventStore(),
            hasher: PasswordHasher(parameters: Argon2id(memoryKiB: 64, iterations: 1, parallelism: 1)),
            policy: EventPolicy(), notifications: hub)
        try await InProcessService.run(
            [EventsGRPCService(events: events, notifications: hub)], verifier: try await tokens.verifier(),
            anonymousMethods: [], clientInterceptors: [OutboundContextInterceptor()]
        ) { grpc, _ in
            let upstream = Upstream(name: "events", replicas: [grpc], timeout: .seconds(5))
            let credential = await ServiceCredential(serviceName: "feed", secret: TestTokens.serviceSecret)
            let client = EventsMembershipClient(upstream: upstream, credential: credential)
            let cache = rememberingMembers ? MembershipCache(client, timeToLive: .seconds(600)) : nil
            let feed = FeedService(store: InMemoryFeedStore(), membership: cache ?? client)
            let watcher = Task {
                try await EventsDepartureWatcher(
                    upstream: upstream, credential: credential, feed: feed, membership: cache,
                    logger: Logger(label: "test")
                ).run()
            }
            defer { watcher.cancel() }
            try await body(events, hub, feed)
        }
    }

    /// Two feed replicas on one PostgreSQL, each with its hub and its relay listening.
    static func withTwoReplicas(
        _ body: @Sendable (PostgresFeedStore, FakeMembership, [(FeedService, PostgresChatRelay)]) async throws -> Void
    )
        async throws
    {
        try await TestDatabase.withClient { client in
            try await FeedMigrations.migrator.migrate(client, logger: Logger(label: "test"))
            let store = PostgresFeedStore(database: Database(client: client, operationTimeout: .seconds(30)))
            let membership = FakeMembership()
            let replicas = (0..<2).map { _ in
                let hub = ChatHub(store: store)
                let relay = PostgresChatRelay(database: Database(client: client), hub: hub, logger: Logger(label: "test"))
                return (FeedService(store: store, membership: membership, chat: hub, announcer: relay), relay)
            }
            let relays = Task {
                await withTaskGroup(of: Void.self) { group in
                    for (_, relay) in replicas { group.addTask { try? await relay.run() } }
                }
            }
            defer { relays.cancel() }
            try await body(store, membership, replicas)
        }
    }
}
