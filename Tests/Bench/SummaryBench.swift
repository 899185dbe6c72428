import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import PostgresNIO
import RoamLocal
import RoamProto
import RoamRuntime
import RoamTesting
import SwiftProtobuf

/// `roam-bench summary`: the trip day in one call (`GET /v1/trips/{id}/days/{date}` through the gateway,
/// under wrk) against each call the gateway makes for it, asked alone over gRPC in the same run, with 100,000 photos,
/// 10,000 journal entries and 20,000 expenses on a 30-day trip. Photos are written straight into media's
/// table (uploads would measure libvips, not the summary); entries and expenses go through the services.
enum SummaryBench {
    static let day = "2025-06-15"
    /// How many turns the day and its slowest part take, each a window as long as a figure.
    static let alternations = 5

    /// With one caller: the piece of the day that costs the machine most per call alone (pins with
    /// covers, one of the pieces of trips' part) and that cost, and the day's p99 over its slowest asked part's (the medians of the
    /// turns they took).
    struct SlowestPart {
        var costliest: String
        var cpuPerCall: Duration
        var slowest: String
        var p99Ratio: Double
    }

    /// Expenses written through budget into one trip's budget by `writers` callers at once, each write
    /// checking alerts under the budget's lock; `alertsOnce` when no limit was announced twice and the
    /// total's 100 % was announced.
    struct ExpenseWrites {
        var perSecond: Int
        var writers: Int
        var alertsOnce: Bool
    }

    struct Outcome {
        var slowestWithOneCaller: SlowestPart?
        var expenses: ExpenseWrites
    }

    /// Writers of one budget's expenses, however many callers the day itself is measured with.
    static let expenseWriters = 16

    @discardableResult
    static func run(concurrency: Int, seconds: Int, photos: Int, entries: Int, expenses: Int) async throws -> Outcome {
        var slowestWithOneCaller: SlowestPart?
        let stack = try await ProcessStack.startAccounts()
        let quiet = ["LOG_LEVEL": "error"]
        let (events, eventsPort) = try await stack.startEvents(environment: quiet)
        let (feed, feedPort) = try await stack.startFeed(eventsPort: eventsPort, environment: quiet)
        let (media, mediaPort) = try await stack.startMedia(environment: quiet)
        let (trips, tripsPort) = try await stack.startTrips(environment: quiet.merging(["MEDIA_ADDRESS": "127.0.0.1:\(mediaPort)"]) { _, new in new })
        let (budget, budgetPort) = try await stack.startBudget(tripsPort: tripsPort, environment: quiet)
        let (bucketLists, bucketListsPort) = try await stack.startBucketLists()
        let (gateway, http) = try await stack.startGateway(
            tripsPort: tripsPort, budgetPort: budgetPort, bucketListsPort: bucketListsPort,
            environment: [
                "MEDIA_ADDRESS": "127.0.0.1:\(mediaPort)", "EVENTS_ADDRESS": "127.0.0.1:\(eventsPort)", "FEED_ADDRESS": "127.0.0.1:\(feedPort)",
                "RATE_LIMIT_PER_USER": "1000000", "RATE_LIMIT_PER_USER_BURST": "1000000", "RATE_LIMIT_PER_ADDRESS": "1000000",
                "RATE_LIMIT_PER_ADDRESS_BURST": "1000000", "LOG_LEVEL": "error",
            ])
        let signUp = try await http.send(
            "POST", "/v1/auth/signup",
            json: [
                "email": "summary@example.com", "username": "summary_bench", "password": "benchmark passphrase", "displayName": "Bench",
            ])
        guard let token = ((try signUp.json()["tokens"]) as? [String: Any])?["accessToken"] as? String,
            let user = try await http.send("GET", "/v1/me", token: token).json()["userId"] as? String,
            let tripID = try await http.send(
                "POST", "/v1/trips",
                json: [
                    "title": "Lisbon", "destination": ["name": "Lisbon"], "startDate": "2025-06-01", "endDate": "2025-06-30",
                    "timeZone": "Europe/Lisbon", "homeCurrency": "EUR",
                ], token: token
            ).json()["id"] as? String
        else { throw LocalError("sign-up or trip failed") }
        let metadata: Metadata = ["authorization": "Bearer \(token)"]
        say(
            "roam-bench summary: \(concurrency) connections, \(seconds) s per figure, a 30-day trip; loading \(photos) photos, "
                + "\(entries) journal entries, \(expenses) expenses")

        // Photos, straight into media's table: evenly over the trip's 30 days, with their UTC offset, at
        // places all over Lisbon (about 10 by 5 km), where the pins are.
        var expenseWrites = ExpenseWrites(perSecond: 0, writers: 0, alertsOnce: false)
        let loadStarted = ContinuousClock.now
        try await ProcessStack.withBulkLoad(stack.adminURL) { client in
            try await client.query(
                """
                INSERT INTO media.items (id, owner_id, type, size_bytes, sha256, width, height, orientation, captured_at, capture_offset_seconds,
                                         position, description, tags, in_library, created_at, sort_time)
                SELECT gen_random_uuid(), \(UUID(uuidString: user)!), 'jpeg', 2000000, md5(n::text || 'a') || md5(n::text || 'b'), 4000, 3000, 1,
                       t, 3600, ST_SetSRID(ST_MakePoint(-9.20 + random() * 0.12, 38.68 + random() * 0.05), 4326)::geography,
                       '', '{}', true, now(), t
                FROM generate_series(1, \(photos)) n,
                     LATERAL (SELECT '2025-05-31T23:00:00Z'::timestamptz + (n * (30 * 86400.0 / \(photos))) * interval '1 second' AS t) taken
                """, logger: .init(label: "bench"))
            try await client.query("ANALYZE media.items", logger: .init(label: "bench"))
        }
        say("photos written: \(Bench.milliseconds(ContinuousClock.now - loadStarted))")

        let tripsTransport = try HTTP2ClientTransport.Posix(target: .ipv4(host: "127.0.0.1", port: tripsPort), transportSecurity: .plaintext)
        let mediaTransport = try HTTP2ClientTransport.Posix(target: .ipv4(host: "127.0.0.1", port: mediaPort), transportSecurity: .plaintext)
        let budgetTransport = try HTTP2ClientTransport.Posix(target: .ipv4(host: "127.0.0.1", port: budgetPort), transportSecurity: .plaintext)
        try await withGRPCClient(transport: tripsTransport) { tripsGRPC in
            try await withGRPCClient(transport: mediaTransport) { mediaGRPC in
                try await withGRPCClient(transport: budgetTransport) { budgetGRPC in
                    let tripsClient = Roam_Trips_V1_TripsService.Client(wrapping: tripsGRPC)
                    let mediaClient = Roam_Media_V1_MediaService.Client(wrapping: mediaGRPC)
                    let budgetClient = Roam_Budget_V1_BudgetService.Client(wrapping: budgetGRPC)
                    let perSecond = try await load(
                        trip: tripID, trips: tripsClient, budget: budgetClient, metadata: metadata, entries: entries, expenses: expenses,
                        concurrency: concurrency)
                    expenseWrites = ExpenseWrites(
                        perSecond: perSecond, writers: expenseWriters,
                        alertsOnce: try await alertsAnnouncedOnce(trip: tripID, adminURL: stack.adminURL))
                    // What a database that has been running looks like: the loaded rows vacuumed and analysed, as
                    // autovacuum would otherwise do during the first figures.
                    let vacuumStarted = ContinuousClock.now
                    try await ProcessStack.withBulkLoad(stack.adminURL) { client in
                        try await client.query("VACUUM ANALYZE", logger: .init(label: "bench"))
                    }
                    say("vacuumed and analysed: \(Bench.milliseconds(ContinuousClock.now - vacuumStarted))")
                    let sampleDay = try await http.send("GET", "/v1/trips/\(tripID)/days/\(day)", token: token).json()
                    let parts = ((sampleDay["parts"] as? [String: [String: Any]]) ?? [:]).mapValues { $0["status"] as? String ?? "?" }
                    let counts =
                        ["photos", "journalEntries", "pins"].map { "\($0) \((sampleDay[$0] as? [Any])?.count ?? 0)" }
                        + ["expenses \(((sampleDay["budget"] as? [String: Any])?["expenses"] as? [Any])?.count ?? 0)"]
                        + ["pins with a cover \(((sampleDay["pins"] as? [[String: Any]]) ?? []).filter { $0["cover"] != nil }.count)"]
                    say(
                        "the day answers \(counts.joined(separator: ", ")); parts \(parts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))"
                    )
                    // One caller shows what the fan-out adds to a request; many show what it costs the machine.
                    for callers in Set([1, concurrency]).sorted() {
                        @Sendable func dayUnderWrk(seconds: Int) async throws -> Wrk.Result {
                            try await Wrk.run(
                                url: "\(http.base.absoluteString)/v1/trips/\(tripID)/days/\(day)", connections: callers,
                                seconds: seconds, headers: ["Authorization: Bearer \(token)"])
                        }
                        // Every process and PostgreSQL's caches warm before anything is timed.
                        _ = try await dayUnderWrk(seconds: 3)
                        let (summary, summaryBusy) = try await MachineCPU.measuring { try await dayUnderWrk(seconds: seconds) }
                        var rows: [(name: String, asked: Bool, sample: Bench.Sample, busy: Double, call: @Sendable () async throws -> Void)] = []
                        for part in partCalls(trip: tripID, trips: tripsClient, media: mediaClient, budget: budgetClient, metadata: metadata) {
                            let (sample, busy) = try await MachineCPU.measuring {
                                try await Bench.sample(concurrency: callers, seconds: seconds) { _ in try await part.call() }
                            }
                            rows.append((part.name, part.asked, sample, busy, part.call))
                        }
                        // The day once more after its parts, so that a drift of the machine during the run shows.
                        let again = try await dayUnderWrk(seconds: seconds)
                        // CPU per call: the machine's busy time over the calls answered, every process counted.
                        func perCall(_ busy: Double, _ calls: Double) -> String { String(format: "%.1f ms", busy * 1000 / max(calls, 1)) }
                        say("")
                        say("\(callers) caller(s):")
                        say("")
                        say("| call | req/s | p50 | p99 | machine CPU per call |")
                        say("|---|---|---|---|---|")
                        say(
                            "| GET /v1/trips/{id}/days/{date} (gateway, wrk) | \(Int(summary.requestsPerSecond)) | \(summary.p50) | \(summary.p99) | "
                                + "\(perCall(summaryBusy, summary.requestsPerSecond * Double(seconds))) |")
                        for (name, _, sample, busy, _) in rows {
                            say(
                                "| \(name) alone (gRPC) | \(sample.rate) | \(Bench.milliseconds(sample.p50)) | \(Bench.milliseconds(sample.p99)) | "
                                    + "\(perCall(busy, Double(sample.calls))) |")
                        }
                        say("| the day again, after its parts (gateway, wrk) | \(Int(again.requestsPerSecond)) | \(again.p50) | \(again.p99) | |")
                        let slowest = rows.filter(\.asked).max { $0.sample.p99 < $1.sample.p99 }!
                        if let first = Wrk.duration(summary.p99), let second = Wrk.duration(again.p99) {
                            say("")
                            say(
                                String(
                                    format: "summary p99 / slowest part's p99 (%@): %.2f× before the parts, %.2f× after them", slowest.name,
                                    first.seconds / slowest.sample.p99.seconds, second.seconds / slowest.sample.p99.seconds))
                        }
                        // The machine drifts: the same page measured before and after its parts can differ by a
                        // third. So the day and its slowest part take turns in windows as long, and the medians
                        // of their windows are compared.
                        var turns: (day: [(Duration, Duration)], part: [(Duration, Duration)]) = ([], [])
                        var failedDays = summary.non2xx + again.non2xx
                        for _ in 0..<Self.alternations {
                            let day = try await dayUnderWrk(seconds: seconds)
                            failedDays += day.non2xx
                            guard let p50 = Wrk.duration(day.p50), let p99 = Wrk.duration(day.p99) else {
                                throw LocalError("wrk printed no latencies")
                            }
                            turns.day.append((p50, p99))
                            let part = try await Bench.sample(concurrency: callers, seconds: seconds) { _ in try await slowest.call() }
                            turns.part.append((part.p50, part.p99))
                        }
                        func median(_ values: [Duration]) -> Duration { values.sorted()[values.count / 2] }
                        let (dayP99, partP99) = (median(turns.day.map(\.1)), median(turns.part.map(\.1)))
                        say(
                            String(
                                format: "taking turns, %d windows of %d s each: the day p50 %@, p99 %@; %@ p50 %@, p99 %@ (medians); p99 ratio %.2f×",
                                Self.alternations, seconds, Bench.milliseconds(median(turns.day.map(\.0))), Bench.milliseconds(dayP99), slowest.name,
                                Bench.milliseconds(median(turns.part.map(\.0))), Bench.milliseconds(partP99), dayP99.seconds / partP99.seconds))
                        if failedDays > 0 { say("warning: \(failedDays) summaries were not 2xx") }
                        if callers == 1 {
                            func cpu(
                                _ row: (name: String, asked: Bool, sample: Bench.Sample, busy: Double, call: @Sendable () async throws -> Void)
                            )
                                -> Double
                            { row.busy / max(Double(row.sample.calls), 1) }
                            // Trips' part is measured whole and piece by piece: its pieces stand for it.
                            let pieces = rows.filter { !$0.asked || !$0.name.hasPrefix("the day's trips part") }
                            let costliest = pieces.max { cpu($0) < cpu($1) }!
                            slowestWithOneCaller = SlowestPart(
                                costliest: costliest.name, cpuPerCall: .seconds(cpu(costliest)), slowest: slowest.name,
                                p99Ratio: dayP99.seconds / partP99.seconds)
                        }
                    }
                }
            }
        }
        say(
            "memory after load: gateway \(gateway.residentMegabytes) MB, media \(media.residentMegabytes) MB, trips \(trips.residentMegabytes) MB, "
                + "budget \(budget.residentMegabytes) MB")
        for process in [gateway, bucketLists, budget, trips, media, feed, events, stack.accounts] { _ = await process.stop() }
        return Outcome(slowestWithOneCaller: slowestWithOneCaller, expenses: expenseWrites)
    }

    /// No limit of the trip's budget announced twice, and its total's 100 % announced (the load spends
    /// far more than the budget).
    static func alertsAnnouncedOnce(trip: String, adminURL: String) async throws -> Bool {
        try await ProcessStack.withAdmin(adminURL) { client in
            let rows = try await client.query(
                """
                SELECT count(*) FILTER (WHERE announced > 1), count(*) FILTER (WHERE limit_kind = 'total' AND percent = 100), sum(announced)::int8
                FROM (SELECT limit_kind, category, day, percent, count(*) AS announced FROM budget.alerts
                      WHERE trip_id = \(UUID(uuidString: trip)!) GROUP BY 1, 2, 3, 4) limits
                """, logger: .init(label: "bench"))
            for try await (twice, total, all) in rows.decode((Int, Int, Int?).self) {
                say("budget alerts: \(all ?? 0) announced, \(twice) limits announced more than once")
                return twice == 0 && total == 1
            }
            return false
        }
    }

    /// Journal entries and expenses spread evenly over the trip's days, and 100 pins on the measured day;
    /// the expenses written per second.
    static func load(
        trip: String, trips: Roam_Trips_V1_TripsService.Client<HTTP2ClientTransport.Posix>,
        budget: Roam_Budget_V1_BudgetService.Client<HTTP2ClientTransport.Posix>, metadata: Metadata, entries: Int, expenses: Int,
        concurrency: Int
    ) async throws -> Int {
        @Sendable func date(_ index: Int) -> String { String(format: "2025-06-%02d", index % 30 + 1) }
        let started = ContinuousClock.now
        try await parallel(entries, concurrency) { index in
            _ = try await trips.createJournalEntry(
                .with {
                    $0.tripID = trip
                    $0.entry = .with {
                        $0.title = "Entry \(index)"; $0.body = "Trams, tiles and custard tarts."; $0.date = date(index)
                    }
                }, metadata: metadata)
        }
        say("\(entries) journal entries: \(Bench.milliseconds(ContinuousClock.now - started))")
        _ = try await budget.setBudget(
            .with {
                $0.tripID = trip; $0.total = "30000"
            }, metadata: metadata)
        // Noon of each day, made once: a date formatter per write would cost the shared cores more than the write.
        let noons = (0..<30).map { ISO8601DateFormatter().date(from: "\(date($0))T12:00:00Z")! }
        let spending = ContinuousClock.now
        try await parallel(expenses, expenseWriters) { index in
            _ = try await budget.createExpense(
                .with {
                    $0.tripID = trip
                    $0.expense = .with {
                        $0.amount = "\(5 + index % 40).50"
                        $0.currency = "EUR"
                        $0.spentAt = Google_Protobuf_Timestamp(date: noons[index % 30].addingTimeInterval(Double(index % 600)))
                        $0.category = ["food", "transport", "lodging", "activities", "shopping"][index % 5]
                    }
                }, metadata: metadata)
        }
        let spent = ContinuousClock.now - spending
        let perSecond = Int(Double(expenses) / spent.seconds)
        say(
            "\(expenses) expenses through budget by \(expenseWriters) writers (each checks alerts under the budget's lock): "
                + "\(Bench.milliseconds(spent)), \(perSecond) expenses/s")
        let origin = GeoPoint(latitude: 38.70, longitude: -9.20)
        try await parallel(100, concurrency) { index in
            _ = try await trips.createPin(
                .with {
                    $0.tripID = trip
                    $0.pin = .with {
                        $0.title = "Pin \(index)"
                        $0.description_p = "A place"
                        $0.point = origin.moved(meters: Double(index) * 100, bearing: 90).proto
                        $0.visitedAt = Google_Protobuf_Timestamp(
                            date: ISO8601DateFormatter().date(from: "\(day)T08:00:00Z")!.addingTimeInterval(Double(index) * 300))
                    }
                }, metadata: metadata)
        }
        return perSecond
    }

    /// What the gateway asks for a day, each call alone: the trip, then trips' day, media's photos and
    /// budget's day at once (`asked`); and, to show where trips' part spends its time, its pieces alone.
    static func partCalls(
        trip: String, trips: Roam_Trips_V1_TripsService.Client<HTTP2ClientTransport.Posix>,
        media: Roam_Media_V1_MediaService.Client<HTTP2ClientTransport.Posix>,
        budget: Roam_Budget_V1_BudgetService.Client<HTTP2ClientTransport.Posix>, metadata: Metadata
    )
        -> [(name: String, asked: Bool, call: @Sendable () async throws -> Void)]
    {
        [
            ("the trip (trips, read at the start)", true, { _ = try await trips.getTrip(.with { $0.tripID = trip }, metadata: metadata) }),
            (
                "the day's trips part (trips GetDay)", true,
                {
                    _ = try await trips.getDay(
                        .with {
                            $0.tripID = trip; $0.date = day; $0.pageSize = 100
                        }, metadata: metadata)
                }
            ),
            (
                "photos (media, first 100)", true,
                {
                    _ = try await media.listMyMedia(
                        .with {
                            $0.oldestFirst = true
                            $0.takenOn = .with {
                                $0.date = day; $0.timeZone = "Europe/Lisbon"
                            }
                            $0.page = .with { $0.pageSize = 100 }
                        }, metadata: metadata)
                }
            ),
            (
                "day's expenses and allowance (budget)", true,
                {
                    _ = try await budget.getDay(
                        .with {
                            $0.tripID = trip; $0.date = day
                        }, metadata: metadata)
                }
            ),
            (
                "  of trips' part: journal, first 100", false,
                {
                    _ = try await trips.listJournalEntries(
                        .with {
                            $0.tripID = trip; $0.date = day; $0.page = .with { $0.pageSize = 100 }
                        }, metadata: metadata)
                }
            ),
            (
                "  of trips' part: pins with covers (asking media), first 100", false,
                {
                    _ = try await trips.listPins(
                        .with {
                            $0.tripID = trip; $0.date = day; $0.page = .with { $0.pageSize = 100 }
                        }, metadata: metadata)
                }
            ),
            (
                "  of trips' part: route", false,
                {
                    _ = try await trips.getDayRoute(
                        .with {
                            $0.tripID = trip; $0.date = day
                        }, metadata: metadata)
                }
            ),
            (
                "  of trips' part: track", false,
                {
                    _ = try await trips.getDayTrack(
                        .with {
                            $0.tripID = trip; $0.date = day
                        }, metadata: metadata)
                }
            ),
            ("  of trips' part: itinerary", false, { _ = try await trips.listItinerary(.with { $0.tripID = trip }, metadata: metadata) }),
        ]
    }

    /// Runs `body` for 0..<count from `concurrency` tasks.
    static func parallel(_ count: Int, _ concurrency: Int, _ body: @escaping @Sendable (Int) async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<concurrency {
                group.addTask {
                    for index in stride(from: worker, to: count, by: concurrency) { try await body(index) }
                }
            }
            try await group.waitForAll()
        }
    }
}
