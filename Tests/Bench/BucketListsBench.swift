import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import Logging
import PostgresNIO
import RoamProto
import RoamRuntime
import RoamTesting
import Synchronization

/// `roam-bucketlists` as its own process on PostgreSQL + PostGIS with 1,000,000 activities loaded,
/// measured over gRPC: activities near a point (by score and by distance), trending near a point,
/// ranking them all, and votes on one hot activity with the final counts checked.
enum BucketListsBench {
    /// 2° × 2° around Lisbon (about 175 × 220 km): with a million activities, about 26 a square kilometre,
    /// so a 3 km circle holds some 750.
    static let box = (latitude: 38.0...40.0, longitude: -10.0 ... -8.0)

    static func run(concurrency: Int, seconds: Int, activityCount: Int) async throws {
        let stack = try await ProcessStack.startAccounts()
        let quiet = ["LOG_LEVEL": "error", "TRENDING_INTERVAL": "3600s"]
        var (service, port) = try await stack.startBucketLists(environment: quiet)
        say(
            "roam-bench bucketlists: roam-bucketlists as its own process, HTTP/2 on loopback, PostgreSQL + PostGIS, \(concurrency) callers, "
                + "\(seconds) s per figure")
        say("bucketlists resident memory idle: \(service.residentMegabytes) MB")

        let loadStarted = ContinuousClock.now
        try await load(adminURL: stack.adminURL, activities: activityCount)
        say("loaded \(activityCount) activities with votes in \(Int((ContinuousClock.now - loadStarted).seconds)) s")

        // Started again, its ranker ranks every loaded activity (all queued, as if just voted on): how long that takes.
        _ = await service.stop()
        service = try service.relaunch()
        try await service.waitUntilServing(port: port, service: "roam.bucketlists.v1.BucketListsService")
        let rankStarted = ContinuousClock.now
        try await ProcessStack.withAdmin(stack.adminURL) { client in
            while try await client.query("SELECT count(*) FROM bucketlists.rank_queue", logger: Logger(label: "bench"))
                .collect().first?.decode(Int64.self) ?? 1 > 0
            {
                try await Task.sleep(for: .milliseconds(250))
            }
        }
        say(
            "ranking \(activityCount) voted activities (Wilson lower bound, decayed; in batches of 5,000): "
                + "\(Bench.milliseconds(ContinuousClock.now - rankStarted))")

        let accountsTransport = try HTTP2ClientTransport.Posix(
            target: .ipv4(host: "127.0.0.1", port: stack.accountsPort), transportSecurity: .plaintext)
        let transport = try HTTP2ClientTransport.Posix(target: .ipv4(host: "127.0.0.1", port: port), transportSecurity: .plaintext)
        try await withGRPCClient(transport: accountsTransport) { accountsGRPC in
            try await withGRPCClient(transport: transport) { grpc in
                let users = try await EventsBench.signUp(count: 200, Roam_Accounts_V1_AccountsService.Client(wrapping: accountsGRPC))
                try await measure(
                    Roam_Bucketlists_V1_ActivitiesService.Client(wrapping: grpc), users: users, concurrency: concurrency, seconds: seconds,
                    activityCount: activityCount)
            }
        }
        say("bucketlists resident memory after load: \(service.residentMegabytes) MB")
        _ = await service.stop()
        _ = await stack.accounts.stop()
    }

    static func randomPoint() -> Roam_Common_V1_LatLng {
        .with {
            $0.latitude = .random(in: box.latitude); $0.longitude = .random(in: box.longitude)
        }
    }

    static func measure(
        _ client: Roam_Bucketlists_V1_ActivitiesService.Client<HTTP2ClientTransport.Posix>, users: [(id: UUID, token: String)],
        concurrency: Int, seconds: Int, activityCount: Int
    ) async throws {
        @Sendable func auth(_ index: Int) -> Metadata { ["authorization": "Bearer \(users[index % users.count].token)"] }
        let seen = Mutex((answers: 0, activities: 0))
        for (name, order) in [("by score", Roam_Bucketlists_V1_ActivityOrder.score), ("by distance", .distance)] {
            seen.withLock { $0 = (0, 0) }
            let figure = try await Bench.measure(concurrency: concurrency, seconds: seconds) { index in
                let page = try await client.searchActivities(
                    .with {
                        $0.near = randomPoint()
                        $0.withinMeters = 3_000
                        $0.order = order
                        $0.page = .with { $0.pageSize = 20 }
                    }, metadata: auth(index))
                seen.withLock { $0 = ($0.answers + 1, $0.activities + page.activities.count) }
            }
            say("activities within 3 km of a random point, \(name) (\(activityCount) loaded): \(figure)")
        }
        let trending = try await Bench.measure(concurrency: concurrency, seconds: seconds) { index in
            _ = try await client.trendingActivities(.with { $0.near = randomPoint() }, metadata: auth(index))
        }
        say("trending near a random point (20, widening from 1 km): \(trending)")

        // One hot activity: every user votes up or down at random, over and over; the last vote of each counts.
        let hot = try await client.createActivity(
            .with {
                $0.activity = .with {
                    $0.name = "Sunset at Miradouro";
                    $0.place = .with {
                        $0.point = randomPoint(); $0.name = "Lisbon"
                    }
                }
            }, metadata: auth(0)
        ).activity.activityID
        let last = Mutex([Int: Bool]())
        // Each caller votes for its own users only (user ≡ caller mod concurrency), so "the last vote" is well defined.
        let perCaller = max(1, users.count / concurrency)
        let votes = try await Bench.measure(concurrency: concurrency, seconds: seconds) { index in
            let caller = index % concurrency, user = caller + concurrency * ((index / concurrency) % perCaller), up = Bool.random()
            _ = try await client.voteActivity(
                .with {
                    $0.activityID = hot; $0.vote = up ? .up : .down
                }, metadata: auth(user))
            last.withLock { $0[user] = up }
        }
        let activity = try await client.getActivity(.with { $0.activityID = hot }, metadata: auth(0)).activity
        let (ups, downs) = last.withLock { last in (last.values.filter { $0 }.count, last.values.filter { !$0 }.count) }
        let exact = activity.upCount == ups && activity.downCount == downs
        say(
            "votes on one hot activity (\(users.count) voters switching): \(votes); final counts up \(activity.upCount) down \(activity.downCount), "
                + (exact ? "exact" : "WRONG: expected up \(ups) down \(downs)"))
    }

    /// A million activities straight into the table, spread evenly over the box, created over the last 30
    /// days, each with up to 50 up and 20 down votes in its first counter shard.
    static func load(adminURL: String, activities: Int) async throws {
        try await ProcessStack.withBulkLoad(adminURL) { connection in
            let logger = Logger(label: "bench")
            for start in stride(from: 0, to: activities, by: 100_000) {
                let count = min(100_000, activities - start)
                try await connection.query(
                    """
                    INSERT INTO bucketlists.activities (id, author_id, name, description, point, place_name, tags, created_at, updated_at)
                    SELECT gen_random_uuid(), gen_random_uuid(), 'Activity ' || n, 'Something to do near here, number ' || n,
                           ST_SetSRID(ST_MakePoint(\(box.longitude.lowerBound) + random() * 2, \(box.latitude.lowerBound) + random() * 2),
                                      4326)::geography,
                           'Place ' || (n % 1000), ARRAY['tag' || (n % 50)], now() - random() * interval '30 days', now()
                    FROM generate_series(\(start), \(start + count - 1)) n
                    """, logger: logger)
            }
            try await connection.query(
                """
                INSERT INTO bucketlists.vote_counters (activity_id, shard, up, down)
                SELECT id, 0, floor(random() * 50)::int, floor(random() * 20)::int FROM bucketlists.activities
                """, logger: logger)
            try await connection.query("INSERT INTO bucketlists.rank_queue SELECT id FROM bucketlists.activities", logger: logger)
            try await connection.query("ANALYZE bucketlists.activities", logger: logger)
            try await connection.query("ANALYZE bucketlists.vote_counters", logger: logger)
        }
    }
}
