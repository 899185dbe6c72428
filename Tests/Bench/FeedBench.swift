import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import RoamProto
import RoamRuntime
import RoamTesting
import Synchronization

/// `roam-bench feed`: roam-feed (with roam-events and roam-accounts) as processes on PostgreSQL,
/// measured over gRPC: posts per second in an event, reading an event's feed of 10,000+ posts, likes
/// on one hot post by 1,000 users at once (final count checked), and live chat to 1,000 subscribers
/// of one event (deliveries per second, delivery latency, memory per idle subscriber); stories nearby,
/// top, trending and searched among 10,000.
enum FeedBench {
    typealias Feed = Roam_Feed_V1_FeedService.Client<HTTP2ClientTransport.Posix>
    static let here = (latitude: 57.7, longitude: 11.97)

    static func run(concurrency: Int, seconds: Int, subscribers: Int) async throws {
        let stack = try await ProcessStack.startAccounts()
        let (events, eventsPort) = try await stack.startEvents(environment: ["LOG_LEVEL": "error"])
        let (feed, feedPort) = try await stack.startFeed(eventsPort: eventsPort)
        say(
            "roam-bench feed: roam-feed as its own process (asking roam-events), HTTP/2 on loopback, PostgreSQL, \(concurrency) callers, \(seconds) s per figure"
        )
        try await withClients(stack.accountsPort, eventsPort, feedPort) { accounts, eventsClient, feeds in
            let users = try await signUp(count: subscribers + 1, accounts)
            let host = users[0]
            let event = try await eventsClient.createEvent(
                .with {
                    $0.name = "Bench night";
                    $0.center = .with {
                        $0.latitude = here.latitude; $0.longitude = here.longitude
                    }
                    $0.radiusMeters = 500; $0.capacity = Int32(subscribers + 1); $0.durationSeconds = 6 * 3600
                }, metadata: bearer(host.token)
            ).event.eventID
            try await forEach(users.dropFirst(), concurrency: concurrency) { user in
                _ = try await eventsClient.joinEvent(
                    .with {
                        $0.eventID = event
                        $0.position = EventsBench.position(latitude: here.latitude, longitude: here.longitude)
                    }, metadata: bearer(user.token))
            }
            say("\(subscribers) members joined one event")
            let members = Array(users)
            let client = feeds[0]

            let posts = try await Bench.measure(concurrency: concurrency, seconds: seconds) { index in
                _ = try await client.createPost(
                    .with {
                        $0.audience = .with { $0.eventID = event }
                        $0.text = "Post \(index) #bench"
                    }, metadata: bearer(members[index % members.count].token))
            }
            say("posts in an event:                  \(posts)")
            let count = try await topUp(event: event, to: 10_000, client: client, members: members, concurrency: concurrency)
            let reads = try await eventFeedReads(event: event, client: client, members: members, concurrency: concurrency, seconds: seconds)
            say("event feed, newest 20 of \(count):  \(reads)")

            try await stories(client: client, members: members, concurrency: concurrency, seconds: seconds)
            try await hotPost(event: event, client: client, members: members, concurrency: concurrency)
            try await chat(event: event, feeds: feeds, members: members, feedProcess: feed)
            // The same through the gateway, as apps read it (a gateway for chat alone: ready once it listens).
            let (gateway, http) = try await stack.startGateway(
                environment: [
                    "EVENTS_ADDRESS": "127.0.0.1:\(eventsPort)", "FEED_ADDRESS": "127.0.0.1:\(feedPort)", "LOG_LEVEL": "error",
                    "RATE_LIMIT_PER_ADDRESS": "1000000", "RATE_LIMIT_PER_ADDRESS_BURST": "1000000",
                    // Every socket comes from the bench's one address.
                    "MAX_CONNECTIONS_PER_ADDRESS": "1000000",
                ], readyPath: "/healthz")
            _ = try await ChatBench.run(
                event: event, members: members, sender: client, gatewayPort: http.base.port ?? 0, gateway: gateway, feed: feed)
            _ = await gateway.stop()
        }
        _ = await feed.stop()
        _ = await events.stop()
        _ = await stack.accounts.stop()
    }

    /// The event's newest 20 posts read by its members in turn, from `concurrency` callers.
    static func eventFeedReads(
        event: String, client: Feed, members: [(id: UUID, token: String)], concurrency: Int, seconds: Int
    ) async throws -> Bench.Sample {
        try await Bench.sample(concurrency: concurrency, seconds: seconds) { index in
            _ = try await client.listEventPosts(
                .with {
                    $0.eventID = event; $0.page.pageSize = 20
                }, metadata: bearer(members[index % members.count].token))
        }
    }

    /// Posts until the event has `target` posts; returns how many it has.
    static func topUp(event: String, to target: Int, client: Feed, members: [(id: UUID, token: String)], concurrency: Int) async throws -> Int {
        var count = 0
        var page = Roam_Common_V1_PageRequest.with { $0.pageSize = 100 }
        repeat {
            let listed = try await client.listEventPosts(
                .with {
                    $0.eventID = event; $0.page = page
                }, metadata: bearer(members[0].token))
            count += listed.posts.count
            page.pageToken = listed.page.nextPageToken
        } while !page.pageToken.isEmpty && count < target
        guard count < target else { return count }
        try await forEach(0..<(target - count), concurrency: concurrency) { index in
            _ = try await client.createPost(
                .with {
                    $0.audience = .with { $0.eventID = event }; $0.text = "Filler \(index)"
                },
                metadata: bearer(members[index % members.count].token))
        }
        return target
    }

    /// What `hotPost` measured: likes and unlikes a second, and whether both final counts were exact.
    struct HotPost {
        var likesPerSecond: Int
        var unlikesPerSecond: Int
        var exact: Bool
    }

    /// Every member likes one post at once, then takes it back; the counts are checked after each.
    @discardableResult
    static func hotPost(event: String, client: Feed, members: [(id: UUID, token: String)], concurrency: Int) async throws -> HotPost {
        var result = HotPost(likesPerSecond: 0, unlikesPerSecond: 0, exact: true)
        let post = try await client.createPost(
            .with {
                $0.audience = .with { $0.eventID = event }; $0.text = "Like me"
            },
            metadata: bearer(members[0].token)
        ).post.postID
        // BENCH_HOT_ROUNDS repeats the rounds, for a profiler to watch; the first round is the figure.
        let rounds = max(1, Int(ProcessInfo.processInfo.environment["BENCH_HOT_ROUNDS"] ?? "") ?? 1)
        for (label, taking) in Array(repeating: [("likes  ", false), ("unlikes", true)], count: rounds).joined() {
            let started = ContinuousClock.now
            try await forEach(members, concurrency: concurrency * 4) { member in
                let request = Roam_Feed_V1_LikeRequest.with { $0.subject = "post/\(post)" }
                _ =
                    taking
                    ? try await client.unlike(request, metadata: bearer(member.token))
                    : try await client.like(request, metadata: bearer(member.token))
            }
            let elapsed = (ContinuousClock.now - started).seconds
            let final = try await client.getPost(.with { $0.postID = post }, metadata: bearer(members[0].token)).post.engagement.likes
            let expected = taking ? 0 : members.count
            let rate = Int(Double(members.count) / elapsed)
            say(
                "\(label) on one hot post by \(members.count) users, \(concurrency * 4) at a time: \(rate)/s, "
                    + "final count \(final) (expected \(expected))\(final == expected ? "" : " MISMATCH")")
            if taking, result.unlikesPerSecond == 0 { result.unlikesPerSecond = rate }
            if !taking, result.likesPerSecond == 0 { result.likesPerSecond = rate }
            result.exact = result.exact && final == expected
        }
        return result
    }

    /// What `chat` measured.
    struct Chat {
        var kilobytesPerSubscriber: Double
        var deliveriesPerSecond: Double
        var delivered: Int
        var expected: Int
        var p50: Duration
        var p99: Duration
    }

    /// Every member subscribes to the event's chat; then messages are sent one after another and the
    /// time from sending each to each subscriber receiving it is recorded.
    @discardableResult
    static func chat(event: String, feeds: [Feed], members: [(id: UUID, token: String)], feedProcess: LaunchedProcess) async throws -> Chat {
        let idle = feedProcess.residentKilobytes
        let tally = ChatTally()
        let readers = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, member) in members.enumerated() {
                    group.addTask {
                        try await feeds[index % feeds.count].streamChat(.with { $0.eventID = event }, metadata: bearer(member.token)) { response in
                            for try await item in response.messages {
                                let now = ContinuousClock.now
                                switch item.event {
                                case .live: tally.live.withLock { $0 += 1 }
                                case .message(let message):
                                    if let start = tally.sent.withLock({ $0[message.sequence] }) {
                                        tally.received.withLock { $0.append(now - start) }
                                    }
                                case .feedUpdate, nil: break
                                }
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        while tally.live.withLock({ $0 }) < members.count { try await Task.sleep(for: .milliseconds(50)) }
        try await Task.sleep(for: .seconds(1))
        let subscribed = feedProcess.residentKilobytes
        let perSubscriber = Double(subscribed - idle) / Double(members.count)
        say(
            String(
                format: "chat: %d idle subscribers: feed memory %d → %d MB, %.1f KB per subscriber", members.count, idle / 1024,
                subscribed / 1024, perSubscriber))

        let result = try await deliveries(in: event, sender: feeds[0], members: members, readers: members.count, tally: tally)
        readers.cancel()
        say("chat: \(result.summary) to \(members.count) subscribers")
        return Chat(
            kilobytesPerSubscriber: perSubscriber, deliveriesPerSecond: result.deliveriesPerSecond, delivered: result.delivered,
            expected: result.expected, p50: result.p50, p99: result.p99)
    }

    /// What `deliveries` measured.
    struct Deliveries {
        var deliveriesPerSecond: Double
        var delivered: Int
        var expected: Int
        var p50: Duration
        var p99: Duration

        var summary: String {
            String(
                format: "200 messages: %d of %d delivered, %.0f deliveries/s, latency p50 %@ p99 %@", delivered, expected,
                deliveriesPerSecond, Bench.milliseconds(p50), Bench.milliseconds(p99))
        }
    }

    /// Sends 200 messages one after another (by the members in turn) and waits until each of `readers`
    /// has every one (or a minute passes): deliveries per second, and the delay from sending to receiving.
    static func deliveries(
        in event: String, sender: Feed, members: [(id: UUID, token: String)], readers: Int, tally: ChatTally
    ) async throws -> Deliveries {
        let messages = 200
        // The event may hold messages already (an earlier chat figure of the same run).
        let base =
            try await sender.listChatMessages(
                .with {
                    $0.eventID = event; $0.page.pageSize = 1
                }, metadata: bearer(members[0].token)
            ).messages.first?.sequence ?? 0
        let started = ContinuousClock.now
        for index in 0..<messages {
            // The send time is noted before the call, so a delivery never arrives before its start.
            let guess = base + Int64(index + 1)
            tally.sent.withLock { $0[guess] = ContinuousClock.now }
            let message = try await sender.sendChatMessage(
                .with {
                    $0.eventID = event; $0.text = "line \(index)"
                },
                metadata: bearer(members[index % members.count].token)
            ).message
            if message.sequence != guess { say("chat: unexpected sequence \(message.sequence) for message \(guess)") }
        }
        let expected = messages * readers
        let deadline = ContinuousClock.now + .seconds(60)
        while tally.received.withLock({ $0.count }) < expected, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        let elapsed = (ContinuousClock.now - started).seconds
        let latencies = tally.received.withLock { $0 }.sorted()
        guard !latencies.isEmpty else { return Deliveries(deliveriesPerSecond: 0, delivered: 0, expected: expected, p50: .zero, p99: .zero) }
        return Deliveries(
            deliveriesPerSecond: Double(latencies.count) / elapsed, delivered: latencies.count, expected: expected,
            p50: latencies[latencies.count / 2], p99: latencies[latencies.count * 99 / 100])
    }

    static func bearer(_ token: String) -> Metadata { ["authorization": "Bearer \(token)"] }

    static func signUp(
        count: Int, _ accounts: Roam_Accounts_V1_AccountsService.Client<HTTP2ClientTransport.Posix>
    ) async throws
        -> [(id: UUID, token: String)]
    {
        let users = SignedUp()
        try await forEach(0..<count, concurrency: 8) { index in
            let name = "feed_\(index)_\(UUID().uuidString.prefix(6).lowercased())"
            let response = try await accounts.signUp(
                .with {
                    $0.email = "\(name)@example.com"; $0.username = name; $0.password = "benchmark passphrase"; $0.displayName = "Reader"
                })
            users.list.withLock { $0.append((UUID(uuidString: response.account.userID)!, response.tokens.accessToken)) }
        }
        return users.list.withLock { $0 }
    }

    /// Runs `body` on every element, `concurrency` at a time.
    static func forEach<Elements: Sequence & Sendable>(
        _ elements: Elements, concurrency: Int,
        _ body: @escaping @Sendable (Elements.Element) async throws -> Void
    ) async throws
    where Elements.Element: Sendable {
        try await withThrowingTaskGroup(of: Void.self) { group in
            var running = 0
            for element in elements {
                if running == concurrency {
                    try await group.next()
                    running -= 1
                }
                group.addTask { try await body(element) }
                running += 1
            }
            try await group.waitForAll()
        }
    }

    /// Clients of accounts and events, and eight connections to the feed (so 1,000 streams do not
    /// queue behind one connection's stream limit).
    static func withClients<Result: Sendable>(
        _ accountsPort: Int, _ eventsPort: Int, _ feedPort: Int,
        _ body: (
            Roam_Accounts_V1_AccountsService.Client<HTTP2ClientTransport.Posix>,
            Roam_Events_V1_EventsService.Client<HTTP2ClientTransport.Posix>, [Feed]
        ) async throws -> Result
    )
        async throws -> Result
    {
        func connect(_ port: Int) throws -> GRPCClient<HTTP2ClientTransport.Posix> {
            GRPCClient(transport: try HTTP2ClientTransport.Posix(target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext))
        }
        let clients = try [connect(accountsPort), connect(eventsPort)] + (0..<8).map { _ in try connect(feedPort) }
        return try await withThrowingDiscardingTaskGroup(returning: Result.self) { group in
            for client in clients { group.addTask { try await client.runConnections() } }
            defer { for client in clients { client.beginGracefulShutdown() } }
            return try await body(
                Roam_Accounts_V1_AccountsService.Client(wrapping: clients[0]), Roam_Events_V1_EventsService.Client(wrapping: clients[1]),
                clients.dropFirst(2).map { Roam_Feed_V1_FeedService.Client(wrapping: $0) })
        }
    }
}

/// What the chat readers saw, shared between their tasks.
final class ChatTally: Sendable {
    /// Readers that could not connect or were cut off.
    let failed = Mutex(0)
    let received = Mutex<[Duration]>([])
    let live = Mutex(0)
    let sent = Mutex<[Int64: ContinuousClock.Instant]>([:])
}

final class SignedUp: Sendable {
    let list = Mutex<[(id: UUID, token: String)]>([])
}
