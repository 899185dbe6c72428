// roam-bench: measures roam-accounts, started as its own process, over real HTTP/2 on loopback against a
// real PostgreSQL (where it logs in as its own role). Prints log-in and get-profile latency (p50/p99) and
// throughput, local token verifications per second (keys fetched with GetPublicKeys), and the accounts
// process's resident memory idle and under load. Build in release for figures worth quoting:
//   swift build -c release && .build/release/roam-bench [accounts] [concurrency] [seconds]
// `roam-bench tracing [connections] [seconds]` measures GET /v1/me with traces off, then exported.
// `roam-bench transport [streams] [seconds]` measures one gRPC call's cost to the server (h2load, /proc).
// `roam-bench gateway [connections] [seconds]` measures the gateway's read path next to pgbench -S
// (GatewayBench.swift); `roam-bench events [concurrency] [seconds]` the events service with a million
// live events (EventsBench.swift; BENCH_EVENTS and BENCH_MEMBERS change the sizes); `roam-bench feed
// [concurrency] [seconds]` the feed: posts, an event's feed, stories (nearby, top, trending, search), a
// hot post's likes, chat to 1,000 subscribers (FeedBench.swift; BENCH_SUBSCRIBERS changes the count);
// `roam-bench media [concurrency] [seconds]` media uploads, a 40 MB file, 100 photos and thumbnail
// downloads with the process's peak memory (MediaBench.swift);
// `roam-bench trips [concurrency] [seconds]` trip, calendar and pin reads, a day of 50,000 recorded points
// simplified and exported as GPX, and places searches over a catalog of 1,000,000 (TripsBench.swift,
// TripsPlacesBench.swift; BENCH_TRACK_POINTS and BENCH_PLACES change the counts);
// `roam-bench summary [concurrency] [seconds]` a trip day in one call through the gateway next to each of its
// parts alone, with 100,000 photos, 10,000 entries and 20,000 expenses (SummaryBench.swift; BENCH_PHOTOS,
// BENCH_ENTRIES and BENCH_EXPENSES change the counts); `roam-bench bucketlists [concurrency] [seconds]` activities near
// a point and trending with 1,000,000 loaded, their ranking, and votes on one hot activity (BucketListsBench.swift;
// BENCH_ACTIVITIES changes the count); `roam-bench walks [concurrency] [seconds]` walks near a point and by words with
// 100,000 posted, a GPX import of a 20,000-point track, and a group walk of 200 members sharing positions every 5 s
// (WalksBench.swift, GroupWalkBench.swift; BENCH_WALKS, BENCH_GPX_POINTS and BENCH_WALKERS change them);
// `roam-bench all [seconds]` prints every figure of the speed targets in one run, next to pgbench -S and the
// peers of that run, the trip day's included (AllBench.swift); scripts/bench.sh runs them all in release.
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import RoamProto
import RoamRuntime
import RoamTesting

let mode = CommandLine.arguments.dropFirst().first { Int($0) == nil } ?? "accounts"
let arguments = CommandLine.arguments.dropFirst().compactMap(Int.init)
let concurrency = arguments.first ?? 16
let seconds = arguments.dropFirst().first ?? 5

if mode == "all" {
    let environment = ProcessInfo.processInfo.environment
    let seconds = arguments.first ?? 10
    var figures = try await AllBench.run(
        seconds: seconds, eventCount: Int(environment["BENCH_EVENTS"] ?? "") ?? 1_000_000,
        subscribers: Int(environment["BENCH_SUBSCRIBERS"] ?? "") ?? 1000)
    // The trip day with one caller, on a stack of its own loaded with a trip's photos.
    let summary = try await SummaryBench.run(
        concurrency: 1, seconds: seconds, photos: Int(environment["BENCH_PHOTOS"] ?? "") ?? 100_000,
        entries: Int(environment["BENCH_ENTRIES"] ?? "") ?? 10_000, expenses: Int(environment["BENCH_EXPENSES"] ?? "") ?? 20_000)
    let expenses = summary.expenses
    figures.append(
        AllBench.Figure(
            name: "expenses written through budget into one budget, \(expenses.writers) writers, alerts checked under its lock",
            result: "\(expenses.perSecond)/s, every alert \(expenses.alertsOnce ? "once" : "NOT once")",
            target: "≥ 1,000/s, every alert once", met: expenses.perSecond >= 1000 && expenses.alertsOnce))
    if let slowest = summary.slowestWithOneCaller {
        let cpu = Double(slowest.cpuPerCall.components.attoseconds) / 1e15 + Double(slowest.cpuPerCall.components.seconds) * 1000
        figures.append(
            AllBench.Figure(
                name: "the trip day's costliest part, one caller; the day's p99 over its slowest part's",
                result: String(
                    format: "%@: %.1f ms machine CPU per call; the day's p99 %.2f× %@'s", slowest.costliest, cpu, slowest.p99Ratio,
                    slowest.slowest),
                target: "≤ 5 ms CPU; ≤ 1.35×", met: cpu <= 5 && slowest.p99Ratio <= 1.35))
    }
    AllBench.table(figures)
    exit(0)
}
if mode == "gateway" {
    try await GatewayBench.run(connections: concurrency, seconds: seconds)
    exit(0)
}
if mode == "transport" {
    try await TransportBench.run(streams: arguments.first ?? 4, seconds: seconds)
    exit(0)
}
if mode == "tracing" {
    try await TracingBench.run(connections: concurrency, seconds: seconds)
    exit(0)
}
if mode == "feed" {
    try await FeedBench.run(
        concurrency: concurrency, seconds: seconds,
        subscribers: Int(ProcessInfo.processInfo.environment["BENCH_SUBSCRIBERS"] ?? "") ?? 1000)
    exit(0)
}
if mode == "media" {
    try await MediaBench.run(concurrency: concurrency, seconds: seconds)
    exit(0)
}
if mode == "trips" {
    try await TripsBench.run(
        concurrency: concurrency, seconds: seconds,
        trackPoints: Int(ProcessInfo.processInfo.environment["BENCH_TRACK_POINTS"] ?? "") ?? 50_000,
        places: Int(ProcessInfo.processInfo.environment["BENCH_PLACES"] ?? "") ?? 1_000_000)
    exit(0)
}
if mode == "bucketlists" {
    try await BucketListsBench.run(
        concurrency: concurrency, seconds: seconds,
        activityCount: Int(ProcessInfo.processInfo.environment["BENCH_ACTIVITIES"] ?? "") ?? 1_000_000)
    exit(0)
}
if mode == "walks" {
    let environment = ProcessInfo.processInfo.environment
    try await WalksBench.run(
        concurrency: concurrency, seconds: seconds, walkCount: Int(environment["BENCH_WALKS"] ?? "") ?? 100_000,
        gpxPoints: Int(environment["BENCH_GPX_POINTS"] ?? "") ?? 20_000)
    try await GroupWalkBench.run(members: Int(environment["BENCH_WALKERS"] ?? "") ?? 200, seconds: max(30, seconds * 3))
    exit(0)
}
if mode == "summary" {
    let environment = ProcessInfo.processInfo.environment
    try await SummaryBench.run(
        concurrency: concurrency, seconds: seconds, photos: Int(environment["BENCH_PHOTOS"] ?? "") ?? 100_000,
        entries: Int(environment["BENCH_ENTRIES"] ?? "") ?? 10_000, expenses: Int(environment["BENCH_EXPENSES"] ?? "") ?? 20_000)
    exit(0)
}
if mode == "events" {
    let environment = ProcessInfo.processInfo.environment
    try await EventsBench.run(
        concurrency: concurrency, seconds: seconds,
        eventCount: Int(environment["BENCH_EVENTS"] ?? "") ?? 1_000_000,
        memberCount: Int(environment["BENCH_MEMBERS"] ?? "") ?? 100_000)
    exit(0)
}

let stack = try await ProcessStack.startAccounts(fastHashing: false)
let transport = try HTTP2ClientTransport.Posix(target: .ipv4(host: "127.0.0.1", port: stack.accountsPort), transportSecurity: .plaintext)
try await withGRPCClient(transport: transport) { grpc in
    let accounts = Upstream(name: "accounts", replicas: [grpc], timeout: .seconds(30))
    let verifier = await AccessTokenVerifier(
        keySource: AccountsPublicKeySource(accounts: accounts),
        serviceSecret: ServiceSettings.developmentServiceSecret)
    try await verifier.loadKeys()
    try await runBenchmarks(client: Roam_Accounts_V1_AccountsService.Client(wrapping: grpc), verifier: verifier, server: stack.accounts)
}
_ = await stack.accounts.stop()

func runBenchmarks(
    client: Roam_Accounts_V1_AccountsService.Client<HTTP2ClientTransport.Posix>, verifier: AccessTokenVerifier,
    server: LaunchedProcess
) async throws {
    print(
        "roam-bench: roam-accounts as its own process, HTTP/2 on loopback, real PostgreSQL, \(concurrency) concurrent callers, \(seconds) s per figure"
    )
    print("accounts resident memory idle: \(server.residentMegabytes) MB")
    let name = "bench_\(UUID().uuidString.prefix(8).lowercased())"
    let signedUp = try await client.signUp(
        .with {
            $0.email = "\(name)@example.com"; $0.username = name; $0.password = "benchmark passphrase"; $0.displayName = "Bench"
        })
    let token = signedUp.tokens.accessToken

    let login = try await measure {
        _ = try await client.logIn(
            .with {
                $0.identifier = name; $0.password = "benchmark passphrase"
            })
    }
    print("log-in (Argon2id 19 MiB, t=2):   \(login)")
    let profile = try await measure {
        _ = try await client.getMyProfile(.init(), metadata: ["authorization": "Bearer \(token)"])
    }
    print("get-my-profile (token + SQL):   \(profile)")
    print("accounts resident memory after load: \(server.residentMegabytes) MB")

    let started = ContinuousClock.now
    var verified = 0
    while ContinuousClock.now - started < .seconds(2) {
        _ = try await verifier.verify(token)
        verified += 1
    }
    print("token verifications, same token (cached after the first): \(Int(Double(verified) / 2)) /s")
}

/// Runs `call` from `concurrency` tasks for `seconds` and summarises the latencies.
func measure(_ call: @escaping @Sendable () async throws -> Void) async throws -> String {
    try await Bench.measure(concurrency: concurrency, seconds: seconds) { _ in try await call() }
}
