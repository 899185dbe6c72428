import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import Logging
import PostgresNIO
import RoamLocal
import RoamProto
import RoamRuntime
import RoamTesting
import Synchronization

/// `roam-bench events`: roam-events as its own process on PostgreSQL + PostGIS with 1,000,000 live
/// events loaded, measured over gRPC: "events containing this point", joins, and position updates
/// with 100,000 members, plus the service's memory.
enum EventsBench {
    /// The events are spread evenly over a 10° × 10° box (about 1,100 × 800 km of central Europe),
    /// most of them small: radius 20 m + u⁴ × 4,980 m for u uniform in 0…1 (median 330 m), which puts
    /// a random point inside about a dozen events.
    static let box = (latitude: 45.0...55.0, longitude: 5.0...15.0)

    static func run(concurrency: Int, seconds: Int, eventCount: Int, memberCount: Int) async throws {
        let stack = try await ProcessStack.startAccounts()
        let (events, eventsPort) = try await stack.startEvents(environment: ["LOG_LEVEL": "error", "EVENT_SWEEP_INTERVAL": "60s"])
        say(
            "roam-bench events: roam-events as its own process, HTTP/2 on loopback, PostgreSQL + PostGIS, \(concurrency) callers, \(seconds) s per figure"
        )
        say("events resident memory idle: \(events.residentMegabytes) MB")

        let loadStarted = ContinuousClock.now
        try await load(adminURL: stack.adminURL, events: eventCount, members: memberCount)
        say("loaded \(eventCount) live events and \(memberCount) members in \(Int((ContinuousClock.now - loadStarted).seconds)) s")

        let accountsTransport = try HTTP2ClientTransport.Posix(
            target: .ipv4(host: "127.0.0.1", port: stack.accountsPort), transportSecurity: .plaintext)
        let eventsTransport = try HTTP2ClientTransport.Posix(target: .ipv4(host: "127.0.0.1", port: eventsPort), transportSecurity: .plaintext)
        try await withGRPCClient(transport: accountsTransport) { accountsGRPC in
            try await withGRPCClient(transport: eventsTransport) { eventsGRPC in
                let accounts = Roam_Accounts_V1_AccountsService.Client(wrapping: accountsGRPC)
                let client = Roam_Events_V1_EventsService.Client(wrapping: eventsGRPC)
                let tokens = try await signUp(count: 200, accounts)
                try await measureAll(
                    client, tokens: tokens, adminURL: stack.adminURL, concurrency: concurrency, seconds: seconds,
                    eventCount: eventCount)
            }
        }
        say("events resident memory after load: \(events.residentMegabytes) MB")
        _ = await events.stop()
        _ = await stack.accounts.stop()
    }

    static func measureAll(
        _ client: Roam_Events_V1_EventsService.Client<HTTP2ClientTransport.Posix>, tokens: [(id: UUID, token: String)],
        adminURL: String, concurrency: Int, seconds: Int, eventCount: Int
    ) async throws {
        _ = try await containing(client, tokens: tokens, concurrency: concurrency, seconds: seconds, eventCount: eventCount)

        // Joins: everyone joins events of a cluster at one spot, each a distinct (user, event) pair.
        let spot = (latitude: 59.5, longitude: 18.0)
        let targets = try await joinTargets(adminURL: adminURL, at: spot, count: 2000)
        let joins = try await Bench.measure(concurrency: concurrency, seconds: seconds) { pair in
            let user = tokens[pair % tokens.count]
            let event = targets[(pair / tokens.count) % targets.count]
            _ = try await client.joinEvent(
                .with {
                    $0.eventID = event.uuidString.lowercased()
                    $0.position = position(latitude: spot.latitude, longitude: spot.longitude)
                }, metadata: ["authorization": "Bearer \(user.token)"])
        }
        say("joins (distinct user and event each):         \(joins)")

        let updates = try await Bench.measure(concurrency: concurrency, seconds: seconds) { index in
            let user = tokens[index % tokens.count]
            _ = try await client.reportPosition(
                .with {
                    $0.position = position(latitude: spot.latitude + .random(in: -0.0001...0.0001), longitude: spot.longitude)
                }, metadata: ["authorization": "Bearer \(user.token)"])
        }
        say("position updates (each user in many events):  \(updates)")
    }

    /// "Events whose fence contains a random point" from `concurrency` callers for `seconds`.
    static func containing(
        _ client: Roam_Events_V1_EventsService.Client<HTTP2ClientTransport.Posix>, tokens: [(id: UUID, token: String)],
        concurrency: Int, seconds: Int, eventCount: Int
    ) async throws -> Bench.Sample {
        let found = Mutex((answers: 0, events: 0))
        let here = try await Bench.sample(concurrency: concurrency, seconds: seconds) { index in
            let token = tokens[index % tokens.count].token
            let page = try await client.listEventsHere(
                .with {
                    $0.position = position(latitude: .random(in: box.latitude), longitude: .random(in: box.longitude))
                    $0.page = .with { $0.pageSize = 100 }
                }, metadata: ["authorization": "Bearer \(token)"])
            found.withLock { $0 = ($0.answers + 1, $0.events + page.events.count) }
        }
        let average = found.withLock { Double($0.events) / Double(max($0.answers, 1)) }
        say("events containing a random point (\(eventCount) live): \(here), \(String(format: "%.1f", average)) events per answer")
        return here
    }

    static func position(latitude: Double, longitude: Double) -> Roam_Common_V1_ReportedPosition {
        .with {
            $0.position = .with {
                $0.latitude = latitude; $0.longitude = longitude
            }
            $0.accuracyMeters = 10
        }
    }

    /// Inserts the events (radii 20 m to 5 km, most under 500 m) and the members straight into the
    /// schema, as the service itself would store them.
    static func load(adminURL: String, events: Int, members: Int) async throws {
        try await ProcessStack.withBulkLoad(adminURL) { client in
            let logger = Logger(label: "bench")
            let batch = 100_000
            for start in stride(from: 0, to: events, by: batch) {
                try await client.query(
                    PostgresQuery(
                        unsafeSQL: """
                            INSERT INTO events.events (id, host_id, name, description, center, radius_meters, capacity, member_count, starts_at,
                                                       ends_at, visibility, theme, tags, created_at, fence_box)
                            SELECT gen_random_uuid(), gen_random_uuid(), 'Bench ' || n, '', ST_SetSRID(ST_MakePoint(lng, lat), 4326)::geography,
                                   radius, 10000, 1, now() - interval '1 minute', now() + interval '24 hours', 'public', '', '{}', now(),
                                   \(boxSQL)
                            FROM (SELECT n, \(box.latitude.lowerBound) + random() * 10 AS lat, \(box.longitude.lowerBound) + random() * 10 AS lng,
                                         20 + power(random(), 4) * 4980 AS radius
                                  FROM generate_series(\(start + 1), \(min(start + batch, events))) AS n) generated
                            """), logger: logger)
            }
            try await client.query(
                PostgresQuery(
                    unsafeSQL: """
                        INSERT INTO events.members (event_id, user_id, role, joined_at, last_seen_at)
                        SELECT id, gen_random_uuid(), 'member', now(), now() FROM events.events ORDER BY random() LIMIT \(members)
                        """), logger: logger)
            try await client.query("ANALYZE events.events", logger: logger)
            try await client.query("ANALYZE events.members", logger: logger)
        }
    }

    /// `Fence.boundingBox` in SQL over columns `lat`, `lng` and `radius` (the bench's region is far from
    /// the poles and the antimeridian, so the general case is all it needs).
    static let boxSQL = """
        ST_MakeEnvelope(lng - degrees(asin(sin((radius + 1) / 6371008.8) / cos(radians(abs(lat) + degrees((radius + 1) / 6371008.8))))),
                        lat - degrees((radius + 1) / 6371008.8),
                        lng + degrees(asin(sin((radius + 1) / 6371008.8) / cos(radians(abs(lat) + degrees((radius + 1) / 6371008.8))))),
                        lat + degrees((radius + 1) / 6371008.8), 4326)
        """

    /// Events at one spot to join, with room for everyone.
    static func joinTargets(adminURL: String, at spot: (latitude: Double, longitude: Double), count: Int) async throws -> [UUID] {
        try await ProcessStack.withAdmin(adminURL) { client in
            let rows = try await client.query(
                PostgresQuery(
                    unsafeSQL: """
                        INSERT INTO events.events (id, host_id, name, description, center, radius_meters, capacity, member_count, starts_at,
                                                   ends_at, visibility, theme, tags, created_at, fence_box)
                        SELECT gen_random_uuid(), gen_random_uuid(), 'Join ' || n, '',
                               ST_SetSRID(ST_MakePoint(lng, lat), 4326)::geography, radius, 10000, 1,
                               now() - interval '1 minute', now() + interval '24 hours', 'public', '', '{}', now(), \(boxSQL)
                        FROM (SELECT n, \(spot.latitude) AS lat, \(spot.longitude) AS lng, 200.0 AS radius FROM generate_series(1, \(count)) AS n) generated
                        RETURNING id
                        """), logger: Logger(label: "bench")
            ).collect()
            return try rows.map { try $0.decode(UUID.self) }
        }
    }

    static func signUp(
        count: Int, _ accounts: Roam_Accounts_V1_AccountsService.Client<HTTP2ClientTransport.Posix>
    ) async throws
        -> [(id: UUID, token: String)]
    {
        var users: [(id: UUID, token: String)] = []
        for index in 0..<count {
            let name = "joiner_\(index)_\(UUID().uuidString.prefix(6).lowercased())"
            let response = try await accounts.signUp(
                .with {
                    $0.email = "\(name)@example.com"; $0.username = name; $0.password = "benchmark passphrase"; $0.displayName = "Joiner"
                })
            users.append((UUID(uuidString: response.account.userID)!, response.tokens.accessToken))
        }
        return users
    }
}
