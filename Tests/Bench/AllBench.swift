import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import RoamLocal
import RoamProto
import RoamTesting

/// `roam-bench all`: every figure of the speed targets in one run on one PostgreSQL, next to
/// `pgbench -S` and the peers (`PeerBench`) of the same run: one gRPC call's server CPU, the gateway's
/// read path, events containing a point among a million, an event's feed of 10,000 posts,
/// likes on one hot post, live chat to 1,001 WebSockets, memory per idle chat socket, and each
/// service's resident memory idle after start and after the run.
enum AllBench {
    /// One row of the closing table.
    struct Figure {
        var name: String
        var result: String
        var target: String
        var met: Bool
    }

    /// The figures, for the caller to print with others of the same run (`table`).
    static func run(seconds: Int, eventCount: Int, subscribers: Int) async throws -> [Figure] {
        let stack = try await ProcessStack.startAccounts()
        let unlimited = [
            "RATE_LIMIT_PER_USER": "1000000", "RATE_LIMIT_PER_USER_BURST": "1000000",
            "RATE_LIMIT_PER_ADDRESS": "1000000", "RATE_LIMIT_PER_ADDRESS_BURST": "1000000", "LOG_LEVEL": "error",
            // The chat figure's sockets all come from the bench's one address.
            "MAX_CONNECTIONS_PER_ADDRESS": "1000000",
        ]
        let quiet = ["LOG_LEVEL": "error", "EVENT_SWEEP_INTERVAL": "60s"]
        let (events, eventsPort) = try await stack.startEvents(environment: quiet)
        let (feed, feedPort) = try await stack.startFeed(eventsPort: eventsPort, environment: quiet)
        let (media, mediaPort) = try await stack.startMedia(environment: quiet)
        let (trips, tripsPort) = try await stack.startTrips(environment: quiet)
        let (budget, budgetPort) = try await stack.startBudget(tripsPort: tripsPort, environment: quiet)
        let (bucketLists, bucketListsPort) = try await stack.startBucketLists(environment: quiet)
        let (gateway, http) = try await stack.startGateway(
            tripsPort: tripsPort, budgetPort: budgetPort, bucketListsPort: bucketListsPort,
            environment: unlimited.merging([
                "MEDIA_ADDRESS": "127.0.0.1:\(mediaPort)", "EVENTS_ADDRESS": "127.0.0.1:\(eventsPort)",
                "FEED_ADDRESS": "127.0.0.1:\(feedPort)",
            ]) { _, new in new })
        let processes = [
            ("gateway", gateway), ("accounts", stack.accounts), ("events", events), ("feed", feed), ("media", media),
            ("trips", trips), ("budget", budget), ("bucket lists", bucketLists),
        ]
        say("roam-bench all: every process on the same 2 cores with PostgreSQL, wrk and this client; \(seconds) s per figure")
        // Start-up work (migrations, first connections) settles before "idle" is read.
        try await Task.sleep(for: .seconds(3))
        let idle = processes.map { ($0.0, $0.1.residentKilobytes) }
        say("idle after start: " + idle.map { "\($0.0) \(megabytes($0.1))" }.joined(separator: ", "))

        var figures: [Figure] = []
        let (me, pgbench, token) = try await readPath(http: http, adminURL: stack.adminURL, seconds: seconds)
        figures += try await transportFigures(stack: stack, token: token, seconds: seconds)
        let peers = try await PeerBench.run(adminURL: stack.adminURL, connections: 32, seconds: seconds)
        let node = peers.first?.1
        let ratio = node.map { me.requestsPerSecond / max($0.requestsPerSecond, 1) }
        figures.append(
            Figure(
                name: "`GET /v1/me` through the gateway, 32 connections",
                result: String(
                    format: "%d req/s, p50 %@, p99 %@; %@; pgbench -S %d tps", Int(me.requestsPerSecond), me.p50, me.p99,
                    peers.map { name, result in
                        result.map {
                            String(
                                format: "%.2f× the %@ (%d req/s)", me.requestsPerSecond / max($0.requestsPerSecond, 1), name,
                                Int($0.requestsPerSecond))
                        } ?? "\(name) not installed"
                    }.joined(separator: ", "), Int(pgbench.tps)),
                target: "≥ 1.0× the Node peer, p99 ≤ 10 ms",
                met: (ratio ?? 0) >= 1.0 && (Wrk.duration(me.p99).map { $0 <= .milliseconds(10) } ?? false)))

        let containing = try await containment(stack: stack, eventsPort: eventsPort, seconds: seconds, eventCount: eventCount)
        figures.append(
            Figure(
                name: "events whose fence contains a point, \(eventCount) live events, 16 callers",
                result: "\(containing.rate)/s, p50 \(Bench.milliseconds(containing.p50)), p99 \(Bench.milliseconds(containing.p99))",
                target: "≥ 4,000/s, p50 ≤ 3 ms", met: containing.rate >= 4000 && containing.p50 <= .milliseconds(3)))

        let (eventFeed, hotPost, chat) = try await feedFigures(
            stack: stack, eventsPort: eventsPort, feedPort: feedPort, feed: feed, gateway: gateway, gatewayPort: http.base.port ?? 0,
            subscribers: subscribers, seconds: seconds)
        figures.append(
            Figure(
                name: "an event's feed, newest 20 of \(eventFeed.posts) posts, 16 callers",
                result:
                    "\(eventFeed.reads.rate) req/s, p50 \(Bench.milliseconds(eventFeed.reads.p50)), p99 \(Bench.milliseconds(eventFeed.reads.p99))",
                target: "≥ 1,000 req/s, p99 ≤ 50 ms", met: eventFeed.reads.rate >= 1000 && eventFeed.reads.p99 <= .milliseconds(50)))
        figures.append(
            Figure(
                name: "likes on one hot post (\(subscribers + 1) users, 64 at a time)",
                result: "\(hotPost.likesPerSecond)/s (unlikes \(hotPost.unlikesPerSecond)/s), final counts \(hotPost.exact ? "exact" : "WRONG")",
                target: "≥ 2,000/s, final count exact", met: hotPost.likesPerSecond >= 2000 && hotPost.exact))
        figures.append(
            Figure(
                name: "chat deliveries over WebSockets, \(subscribers + 1) subscribers",
                result: String(
                    format: "%.0f/s, %d of %d delivered, p50 %@, p99 %@", chat.deliveriesPerSecond, chat.delivered,
                    chat.expected, Bench.milliseconds(chat.p50), Bench.milliseconds(chat.p99)),
                target: "≥ 50k/s, p99 ≤ 100 ms",
                met: chat.deliveriesPerSecond >= 50_000 && chat.p99 <= .milliseconds(100) && chat.delivered == chat.expected))
        figures.append(
            Figure(
                name: "memory per idle chat socket (gateway + feed)", result: String(format: "%.1f KB", chat.kilobytesPerSubscriber),
                target: "≤ 16 KB", met: chat.kilobytesPerSubscriber <= 16))
        let largestIdle = idle.max { $0.1 < $1.1 }!
        figures.append(
            Figure(
                name: "each service's resident memory, idle after start",
                result: idle.map { "\($0.0) \(megabytes($0.1))" }.joined(separator: ", "),
                target: "≤ 40 MB", met: largestIdle.1 <= 40 * 1024))
        let after = processes.map { ($0.0, $0.1.residentKilobytes) }
        figures.append(
            Figure(
                name: "the same after this run", result: after.map { "\($0.0) \(megabytes($0.1))" }.joined(separator: ", "),
                target: "(said, not a target)", met: true))

        for (_, process) in processes.reversed() { _ = await process.stop() }
        return figures
    }

    static func table(_ figures: [Figure]) {
        say("")
        say("| figure | result | target | met |")
        say("|---|---|---|---|")
        for figure in figures { say("| \(figure.name) | \(figure.result) | \(figure.target) | \(figure.met ? "yes" : "**no**") |") }
    }

    /// One gRPC call's cost to the server: h2load straight at accounts (`TransportBench`).
    static func transportFigures(stack: ProcessStack, token: String, seconds: Int) async throws -> [Figure] {
        let health = try await TransportBench.measure(
            "Health/Check", path: "/grpc.health.v1.Health/Check", port: stack.accountsPort, server: stack.accounts,
            connections: 16, streams: 4, seconds: seconds)
        let profile = try await TransportBench.measure(
            "GetMyProfile", path: "/roam.accounts.v1.AccountsService/GetMyProfile", port: stack.accountsPort,
            server: stack.accounts, connections: 16, streams: 4, seconds: seconds, headers: ["authorization: Bearer \(token)"])
        func result(_ figure: TransportBench.Figure) -> String {
            "\(figure.cpuPerCall.formatted(.units(allowed: [.microseconds], width: .narrow))) per call, \(Int(figure.rate)) req/s"
                + (figure.failed > 0 ? ", \(figure.failed) FAILED" : "")
        }
        return [
            Figure(
                name: "server CPU per unary call, `Health/Check`, h2load c16 m4", result: result(health), target: "≤ 50 µs",
                met: health.cpuPerCall <= .microseconds(50) && health.failed == 0),
            Figure(
                name: "the same for accounts' `GetMyProfile` (token + one SQL read)", result: result(profile), target: "≤ 120 µs",
                met: profile.cpuPerCall <= .microseconds(120) && profile.failed == 0),
        ]
    }

    /// `GET /v1/me` under wrk, then `pgbench -S` on the same server; the reader's token with them.
    static func readPath(http: HTTPTestClient, adminURL: String, seconds: Int) async throws -> (Wrk.Result, PgBench.Result, String) {
        let signUp = try await http.send(
            "POST", "/v1/auth/signup",
            json: [
                "email": "bench@example.com", "username": "bench_reader", "password": "benchmark passphrase", "displayName": "Bench",
            ])
        guard let token = ((try signUp.json()["tokens"]) as? [String: Any])?["accessToken"] as? String else {
            throw LocalError("sign-up failed: \(String(decoding: signUp.body, as: UTF8.self))")
        }
        let me = try await Wrk.run(
            url: "\(http.base.absoluteString)/v1/me", connections: 32, seconds: seconds,
            headers: ["Authorization: Bearer \(token)"])
        if me.non2xx > 0 { say("warning: \(me.non2xx) responses to /v1/me were not 2xx") }
        let pgbench = try await PgBench.run(url: adminURL, clients: 16, seconds: seconds)
        say("GET /v1/me: \(Int(me.requestsPerSecond)) req/s, p50 \(me.p50), p99 \(me.p99); pgbench -S: \(Int(pgbench.tps)) tps")
        return (me, pgbench, token)
    }

    /// Loads the live events straight into events' schema, then asks the process which contain a point.
    static func containment(stack: ProcessStack, eventsPort: Int, seconds: Int, eventCount: Int) async throws -> Bench.Sample {
        let loadStarted = ContinuousClock.now
        try await EventsBench.load(adminURL: stack.adminURL, events: eventCount, members: 0)
        say("loaded \(eventCount) live events in \(Int((ContinuousClock.now - loadStarted).seconds)) s")
        let accountsTransport = try HTTP2ClientTransport.Posix(
            target: .ipv4(host: "127.0.0.1", port: stack.accountsPort), transportSecurity: .plaintext)
        let eventsTransport = try HTTP2ClientTransport.Posix(target: .ipv4(host: "127.0.0.1", port: eventsPort), transportSecurity: .plaintext)
        return try await withGRPCClient(transport: accountsTransport) { accountsGRPC in
            try await withGRPCClient(transport: eventsTransport) { eventsGRPC in
                let tokens = try await EventsBench.signUp(count: 50, Roam_Accounts_V1_AccountsService.Client(wrapping: accountsGRPC))
                return try await EventsBench.containing(
                    Roam_Events_V1_EventsService.Client(wrapping: eventsGRPC), tokens: tokens,
                    concurrency: 16, seconds: seconds, eventCount: eventCount)
            }
        }
    }

    /// One event with every subscriber in it: its feed of 10,000 posts read, a hot post's likes, then
    /// its live chat.
    static func feedFigures(
        stack: ProcessStack, eventsPort: Int, feedPort: Int, feed: LaunchedProcess, gateway: LaunchedProcess, gatewayPort: Int,
        subscribers: Int, seconds: Int
    ) async throws
        -> ((posts: Int, reads: Bench.Sample), FeedBench.HotPost, FeedBench.Chat)
    {
        try await FeedBench.withClients(stack.accountsPort, eventsPort, feedPort) { accounts, eventsClient, feeds in
            let users = try await FeedBench.signUp(count: subscribers + 1, accounts)
            let event = try await eventsClient.createEvent(
                .with {
                    $0.name = "Bench night";
                    $0.center = .with {
                        $0.latitude = FeedBench.here.latitude; $0.longitude = FeedBench.here.longitude
                    }
                    $0.radiusMeters = 500; $0.capacity = Int32(subscribers + 1); $0.durationSeconds = 6 * 3600
                }, metadata: FeedBench.bearer(users[0].token)
            ).event.eventID
            try await FeedBench.forEach(users.dropFirst(), concurrency: 16) { user in
                _ = try await eventsClient.joinEvent(
                    .with {
                        $0.eventID = event
                        $0.position = EventsBench.position(latitude: FeedBench.here.latitude, longitude: FeedBench.here.longitude)
                    }, metadata: FeedBench.bearer(user.token))
            }
            let posts = try await FeedBench.topUp(event: event, to: 10_000, client: feeds[0], members: users, concurrency: 16)
            let reads = try await FeedBench.eventFeedReads(event: event, client: feeds[0], members: users, concurrency: 16, seconds: seconds)
            say("an event's feed, newest 20 of \(posts): \(reads)")
            let hotPost = try await FeedBench.hotPost(event: event, client: feeds[0], members: users, concurrency: 16)
            let chat = try await ChatBench.run(
                event: event, members: users, sender: feeds[0], gatewayPort: gatewayPort, gateway: gateway, feed: feed)
            return ((posts, reads), hotPost, chat)
        }
    }

    static func megabytes(_ kilobytes: Int) -> String {
        String(format: "%.1f MB", Double(kilobytes) / 1024)
    }
}
