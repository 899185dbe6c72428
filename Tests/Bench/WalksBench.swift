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

/// Walks in `roam-trips` as its own process on PostgreSQL + PostGIS with 100,000 posted walks loaded,
/// measured over gRPC: walks whose path passes near a point, words search, and the import of a GPX file
/// with a 20,000-point track.
enum WalksBench {
    /// 2° × 2° around Lisbon, as the bucket lists bench: 100,000 walks of about 2 km each.
    static let box = (latitude: 38.0...40.0, longitude: -10.0 ... -8.0)

    static func run(concurrency: Int, seconds: Int, walkCount: Int, gpxPoints: Int) async throws {
        let stack = try await ProcessStack.startAccounts()
        let (service, port) = try await stack.startTrips(environment: ["LOG_LEVEL": "error"])
        say(
            "roam-bench walks: roam-trips as its own process, HTTP/2 on loopback, PostgreSQL + PostGIS, \(concurrency) callers, "
                + "\(seconds) s per figure")
        say("trips resident memory idle: \(service.residentMegabytes) MB")
        let loadStarted = ContinuousClock.now
        try await load(adminURL: stack.adminURL, walks: walkCount)
        say("loaded \(walkCount) posted walks (40 points each, paths and words indexed) in \(Int((ContinuousClock.now - loadStarted).seconds)) s")

        let accountsTransport = try HTTP2ClientTransport.Posix(
            target: .ipv4(host: "127.0.0.1", port: stack.accountsPort), transportSecurity: .plaintext)
        let transport = try HTTP2ClientTransport.Posix(target: .ipv4(host: "127.0.0.1", port: port), transportSecurity: .plaintext)
        try await withGRPCClient(transport: accountsTransport) { accountsGRPC in
            try await withGRPCClient(transport: transport) { grpc in
                let users = try await EventsBench.signUp(count: 50, Roam_Accounts_V1_AccountsService.Client(wrapping: accountsGRPC))
                try await measure(
                    Roam_Trips_V1_WalksService.Client(wrapping: grpc), users: users, concurrency: concurrency, seconds: seconds,
                    walkCount: walkCount, gpxPoints: gpxPoints)
            }
        }
        say("trips resident memory after load: \(service.residentMegabytes) MB")
        _ = await service.stop()
        _ = await stack.accounts.stop()
    }

    static func randomPoint() -> Roam_Common_V1_LatLng {
        .with {
            $0.latitude = .random(in: box.latitude); $0.longitude = .random(in: box.longitude)
        }
    }

    static func measure(
        _ client: Roam_Trips_V1_WalksService.Client<HTTP2ClientTransport.Posix>, users: [(id: UUID, token: String)],
        concurrency: Int, seconds: Int, walkCount: Int, gpxPoints: Int
    ) async throws {
        @Sendable func auth(_ index: Int) -> Metadata { ["authorization": "Bearer \(users[index % users.count].token)"] }
        let found = Mutex((calls: 0, walks: 0))
        for (name, order) in [("nearest first", Roam_Trips_V1_WalkOrder.distance), ("best rated first", .rating)] {
            found.withLock { $0 = (0, 0) }
            let figure = try await Bench.measure(concurrency: concurrency, seconds: seconds) { index in
                let page = try await client.searchWalks(
                    .with {
                        $0.near = randomPoint()
                        $0.withinMeters = 1_000
                        $0.order = order
                        $0.page = .with { $0.pageSize = 20 }
                    }, metadata: auth(index))
                found.withLock { $0 = ($0.calls + 1, $0.walks + page.walks.count) }
            }
            let (calls, walks) = found.withLock { $0 }
            say("walks passing within 1 km of a random point, \(name) (\(walkCount) loaded): \(figure); \(calls == 0 ? 0 : walks / calls) a page")
        }
        for (name, text) in [("a common word (in a tenth of the walks)", "river"), ("two words", "river castle"), ("a rare word", "w4242")] {
            let figure = try await Bench.measure(concurrency: concurrency, seconds: seconds) { index in
                _ = try await client.searchWalks(
                    .with {
                        $0.text = text
                        $0.page = .with { $0.pageSize = 20 }
                    }, metadata: auth(index))
            }
            say("words search, \(name), most recent first: \(figure)")
        }

        // A GPX file with one long track, imported a few times one after another.
        let document = Data(gpx(points: gpxPoints).utf8)
        var times: [Duration] = []
        for attempt in 0..<5 {
            let started = ContinuousClock.now
            let walk = try await client.importWalkGPX(
                metadata: auth(attempt),
                requestProducer: { writer in
                    var offset = 0
                    repeat {
                        let end = min(offset + 256 * 1_024, document.count)
                        try await writer.write(.with { $0.chunk = document[offset..<end] })
                        offset = end
                    } while offset < document.count
                }
            ).walk
            times.append(ContinuousClock.now - started)
            guard walk.pointCount == gpxPoints else { throw LocalError("the import kept \(walk.pointCount) of \(gpxPoints) points") }
        }
        let sorted = times.sorted()
        say(
            "GPX import of a \(gpxPoints)-point track (\(document.count / 1_024) KiB): median \(Bench.milliseconds(sorted[sorted.count / 2])), "
                + "slowest \(Bench.milliseconds(sorted.last!)) (5 imports)")
    }

    /// A track heading north-east from Lisbon, a point a second.
    static func gpx(points: Int) -> String {
        var text =
            "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"bench\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n<trk><name>Long walk</name><trkseg>\n"
        let start = Date(timeIntervalSince1970: 1_780_000_000)
        for index in 0..<points {
            let time = start.addingTimeInterval(Double(index)).formatted(Date.ISO8601FormatStyle())
            text += "<trkpt lat=\"\(38.7 + Double(index) * 0.00001)\" lon=\"\(-9.14 + Double(index) * 0.00001)\"><time>\(time)</time></trkpt>\n"
        }
        return text + "</trkseg></trk></gpx>\n"
    }

    /// Walks straight into the tables: posted, finished, about 2 km long with 40 points each, over the
    /// box; a tenth mention a river, one in a hundred a castle; each a word of its own (`w<n>`).
    static func load(adminURL: String, walks: Int) async throws {
        try await ProcessStack.withBulkLoad(adminURL) { connection in
            let logger = Logger(label: "bench")
            for start in stride(from: 0, to: walks, by: 20_000) {
                let count = min(20_000, walks - start)
                try await connection.query(
                    """
                    WITH w AS (
                        SELECT n, gen_random_uuid() AS id, \(box.longitude.lowerBound) + random() * 2 AS lon,
                               \(box.latitude.lowerBound) + random() * 2 AS lat, random() * 2 * pi() AS heading,
                               now() - random() * interval '365 days' AS started
                        FROM generate_series(\(start), \(start + count - 1)) n
                    ), lines AS (
                        SELECT w.*, ST_MakeLine(ST_SetSRID(ST_MakePoint(lon + i * 0.0006 * cos(heading), lat + i * 0.00045 * sin(heading)), 4326)
                                                ORDER BY i) AS path
                        FROM w, generate_series(0, 39) i GROUP BY w.n, w.id, w.lon, w.lat, w.heading, w.started
                    )
                    INSERT INTO trips.walks (id, owner_id, title, description, tags, start_point, start_name, destination_name,
                                             started_at, finished_at, visibility, point_count, distance_meters, preview, path,
                                             points_of_interest, rating_sum, rating_count, search, created_at, updated_at)
                    SELECT id, gen_random_uuid(), 'Walk ' || n, CASE WHEN n % 10 = 0 THEN 'Along the river' ELSE 'Through the town' END
                               || CASE WHEN n % 100 = 0 THEN ' to the castle' ELSE '' END,
                           ARRAY['tag' || (n % 50)], ST_SetSRID(ST_MakePoint(lon, lat), 4326)::geography, '', '',
                           started, started + interval '40 minutes', 'public', 40, ST_Length(path::geography), '[]', path::geography,
                           '[]', (n % 5 + 1) * (n % 7), n % 7,
                           to_tsvector('simple', 'Walk ' || n || ' w' || n || CASE WHEN n % 10 = 0 THEN ' Along the river' ELSE ' Through the town' END
                               || CASE WHEN n % 100 = 0 THEN ' to the castle' ELSE '' END || ' tag' || (n % 50)),
                           started, started
                    FROM lines
                    """, logger: logger)
            }
            try await connection.query("ANALYZE trips.walks", logger: logger)
        }
    }
}
