import Foundation
import Logging
import PostgresNIO
import RoamRuntime
import Synchronization

/// Every Roam process, started as `roam up` starts them, on a PostgreSQL server of the suite's own
/// that the suite may stop; any process can be killed and started again on the same port. The fault
/// and security suites run on it.
public final class FullStack: Sendable {
    /// One running service: how to ask whether it serves, and its current process.
    public struct Member: Sendable {
        var process: LaunchedProcess
        /// The first process, whose settings every relaunch starts from.
        let original: LaunchedProcess
        /// The gRPC port and health name; nil for the gateway, which answers `/readyz`.
        let grpc: (port: Int, health: String)?
    }

    public let cluster: PrivateCluster
    public let adminURL: String
    public let http: HTTPTestClient
    /// The gateway's metrics port, where `/readyz` names every part's reason.
    public let operatorHTTP: HTTPTestClient
    private let members: Mutex<[String: Member]>

    /// The services in the order the suite kills them; the gateway last.
    public static let names = ["accounts", "events", "feed", "media", "trips", "budget", "bucketlists", "notifications", "moderation", "gateway"]

    /// Where media keeps its files (`blobs/` under it).
    public let mediaDirectory: URL

    private init(
        cluster: PrivateCluster, adminURL: String, http: HTTPTestClient, operatorHTTP: HTTPTestClient, mediaDirectory: URL,
        members: [String: Member]
    ) {
        self.operatorHTTP = operatorHTTP
        self.mediaDirectory = mediaDirectory
        self.cluster = cluster
        self.adminURL = adminURL
        self.http = http
        self.members = Mutex(members)
    }

    /// Whether this stack's turn was given back (by `stopAll`, or when it is dropped).
    private let turnGiven = Mutex(false)

    deinit {
        giveTurn()
    }

    private func giveTurn() {
        let first = turnGiven.withLock { given in
            defer { given = true }
            return !given
        }
        if first { Task { await FullStackTurns.shared.give() } }
    }

    /// Starts every process, runs `body`, and stops them all (SIGTERM) whatever `body` did: here, not
    /// in a `defer` task the test process may not wait for, since processes left running would load
    /// every test after this one. Each process's exit, as `stopAll` says it.
    public static func run(_ body: (FullStack) async throws -> Void) async throws -> [String: String] {
        let stack = try await start()
        do {
            try await body(stack)
        } catch {
            _ = await stack.stopAll()
            throw error
        }
        return await stack.stopAll()
    }

    /// Waits for any other stack of the test process to stop first (see `FullStackTurns`).
    public static func start() async throws -> FullStack {
        await FullStackTurns.shared.take()
        do {
            return try await startAll()
        } catch {
            await FullStackTurns.shared.give()
            throw error
        }
    }

    private static func startAll() async throws -> FullStack {
        let cluster = try await PrivateCluster.start()
        let (eventsPort, feedPort, mediaPort) = (FreePort.next(), FreePort.next(), FreePort.next())
        let (tripsPort, budgetPort, bucketListsPort) = (FreePort.next(), FreePort.next(), FreePort.next())
        let (notificationsPort, moderationPort) = (FreePort.next(), FreePort.next())
        // Every service that publishes notifications hands them to this one.
        let publishTo = "127.0.0.1:\(notificationsPort)"
        let stack = try await ProcessStack.startAccounts(
            server: cluster.url,
            environment: [
                "MEDIA_ADDRESS": "127.0.0.1:\(mediaPort)", "NOTIFICATIONS_ADDRESS": publishTo,
                "USER_PURGE_TARGETS": "events=127.0.0.1:\(eventsPort);feed=127.0.0.1:\(feedPort);media=127.0.0.1:\(mediaPort);"
                    + "trips=127.0.0.1:\(tripsPort);budget=127.0.0.1:\(budgetPort);bucketlists=127.0.0.1:\(bucketListsPort);"
                    + "notifications=127.0.0.1:\(notificationsPort);moderation=127.0.0.1:\(moderationPort)",
            ])
        let mediaDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("roam-test-media-\(UUID().uuidString)")
        let (media, _) = try await stack.startMedia(port: mediaPort, environment: ["MEDIA_DIRECTORY": mediaDirectory.path])
        let (trips, _) = try await stack.startTrips(
            port: tripsPort,
            environment: [
                "TRIP_PURGE_TARGETS": "budget=127.0.0.1:\(budgetPort)",
                "MEDIA_ADDRESS": "127.0.0.1:\(mediaPort)", "NOTIFICATIONS_ADDRESS": publishTo,
            ])
        let (budget, _) = try await stack.startBudget(tripsPort: tripsPort, port: budgetPort, environment: ["NOTIFICATIONS_ADDRESS": publishTo])
        let (bucketLists, _) = try await stack.startBucketLists(port: bucketListsPort, environment: ["MEDIA_ADDRESS": "127.0.0.1:\(mediaPort)"])
        let (notifications, _) = try await stack.startNotifications(port: notificationsPort)
        // Those called by others first, so no caller's first connection meets a port not yet open (a
        // client that failed to connect waits out its backoff, and a call made meanwhile fails).
        // Events may last two seconds here, and the sweeper looks twice a second, so events end during the suite.
        let (events, _) = try await stack.startEvents(
            port: eventsPort,
            environment: [
                "MEDIA_ADDRESS": "127.0.0.1:\(mediaPort)", "TRIPS_ADDRESS": "127.0.0.1:\(tripsPort)",
                "EVENT_PURGE_TARGETS": "feed=127.0.0.1:\(feedPort)", "EVENT_MIN_LIFETIME": "2s", "EVENT_SWEEP_INTERVAL": "500ms",
                "NOTIFICATIONS_ADDRESS": publishTo,
            ])
        let (feed, _) = try await stack.startFeed(
            eventsPort: eventsPort, port: feedPort,
            environment: [
                "BUCKETLISTS_ADDRESS": "127.0.0.1:\(bucketListsPort)",
                "MEDIA_ADDRESS": "127.0.0.1:\(mediaPort)", "TRIPS_ADDRESS": "127.0.0.1:\(tripsPort)", "NOTIFICATIONS_ADDRESS": publishTo,
            ])
        let (moderation, _) = try await stack.startModeration(
            port: moderationPort,
            environment: [
                "FEED_ADDRESS": "127.0.0.1:\(feedPort)", "EVENTS_ADDRESS": "127.0.0.1:\(eventsPort)", "MEDIA_ADDRESS": "127.0.0.1:\(mediaPort)",
                "TRIPS_ADDRESS": "127.0.0.1:\(tripsPort)", "BUCKETLISTS_ADDRESS": "127.0.0.1:\(bucketListsPort)",
            ])
        let metricsPort = FreePort.next()
        let (gateway, http) = try await stack.startGateway(
            tripsPort: tripsPort, budgetPort: budgetPort, bucketListsPort: bucketListsPort,
            environment: [
                "METRICS_PORT": String(metricsPort),
                "MEDIA_ADDRESS": "127.0.0.1:\(mediaPort)", "EVENTS_ADDRESS": "127.0.0.1:\(eventsPort)", "FEED_ADDRESS": "127.0.0.1:\(feedPort)",
                "NOTIFICATIONS_ADDRESS": "127.0.0.1:\(notificationsPort)", "MODERATION_ADDRESS": "127.0.0.1:\(moderationPort)",
                "RATE_LIMIT_PER_USER": "100000", "RATE_LIMIT_PER_USER_BURST": "100000",
                "RATE_LIMIT_PER_ADDRESS": "100000", "RATE_LIMIT_PER_ADDRESS_BURST": "100000",
            ])
        return FullStack(
            cluster: cluster, adminURL: stack.adminURL, http: http, operatorHTTP: HTTPTestClient(port: metricsPort),
            mediaDirectory: mediaDirectory,
            members: [
                "accounts": Member(process: stack.accounts, original: stack.accounts, grpc: (stack.accountsPort, "roam.accounts.v1.AccountsService")),
                "events": Member(process: events, original: events, grpc: (eventsPort, "roam.events.v1.EventsService")),
                "feed": Member(process: feed, original: feed, grpc: (feedPort, "roam.feed.v1.FeedService")),
                "media": Member(process: media, original: media, grpc: (mediaPort, "roam.media.v1.MediaService")),
                "trips": Member(process: trips, original: trips, grpc: (tripsPort, "roam.trips.v1.TripsService")),
                "budget": Member(process: budget, original: budget, grpc: (budgetPort, "roam.budget.v1.BudgetService")),
                "bucketlists": Member(process: bucketLists, original: bucketLists, grpc: (bucketListsPort, "roam.bucketlists.v1.BucketListsService")),
                "notifications": Member(
                    process: notifications, original: notifications, grpc: (notificationsPort, "roam.notifications.v1.NotificationsService")),
                "moderation": Member(process: moderation, original: moderation, grpc: (moderationPort, "roam.moderation.v1.ModerationService")),
                "gateway": Member(process: gateway, original: gateway, grpc: nil),
            ])
    }

    /// A service's gRPC port; nil for the gateway.
    public func grpcPort(_ name: String) -> Int? {
        members.withLock { $0[name]?.grpc?.port }
    }

    public func process(_ name: String) -> LaunchedProcess {
        members.withLock { $0[name]!.process }
    }

    /// SIGKILL, as a crash or the kernel's out-of-memory killer would end it.
    public func kill(_ name: String) async {
        await process(name).killAtOnce()
    }

    /// Starts the service again with its settings (plus `changes`), and waits until it serves.
    public func relaunch(_ name: String, changing changes: [String: String] = [:], waitUntilServing: Bool = true) async throws {
        var member = members.withLock { $0[name]! }
        member.process = try member.original.relaunch(changing: changes)
        members.withLock { $0[name] = member }
        guard waitUntilServing else { return }
        if let grpc = member.grpc {
            try await member.process.waitUntilServing(port: grpc.port, service: grpc.health)
        } else {
            try await member.process.waitUntilAnswering(http)
        }
    }

    /// Waits for the crash point a service was started with to end it; its exit status.
    public func waitForCrash(_ name: String, within timeout: Duration = .seconds(30)) async -> Int32? {
        await process(name).process.exitStatus(within: timeout)
    }

    /// The processes that have exited although the suite did not stop them.
    public func exitedOnTheirOwn() -> [String] {
        members.withLock { members in members.filter { $0.value.process.process.hasExited }.map(\.key).sorted() }
    }

    /// Stops every process (SIGTERM), the gateway first; each one's exit as `LaunchedProcess.stopStatus` says it.
    public func stopAll() async -> [String: String] {
        var statuses: [String: String] = [:]
        for name in Self.names.reversed() {
            statuses[name] = await process(name).stopStatus()
        }
        try? await cluster.stop()
        giveTurn()
        return statuses
    }

    /// One number from the database, read as the suite's superuser.
    public func count(_ query: PostgresQuery) async throws -> Int {
        try await ProcessStack.withAdmin(adminURL) { client in
            var total = 0
            for try await value in try await client.query(query, logger: Logger(label: "fault-suite")).decode(Int.self) { total = value }
            return total
        }
    }
}
