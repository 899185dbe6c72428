import Crypto
import Foundation
import Logging
import PostgresNIO
import RoamRuntime

/// Accounts (and optionally the gateway) as real processes on loopback, on a database of their own
/// where accounts logs in as its own role, as `roam up` and compose run it. For end-to-end tests and
/// benchmarks.
public struct ProcessStack: Sendable {
    public let adminURL: String
    public let accounts: LaunchedProcess
    public let accountsPort: Int

    /// - Parameter fastHashing: cheap password hashing, for tests about processes and the network
    ///   rather than password cost.
    ///   - server: the PostgreSQL server to make the stack's database on; the shared test server by default.
    public static func startAccounts(
        fastHashing: Bool = true, server: String? = nil, environment extra: [String: String] = [:]
    ) async throws
        -> ProcessStack
    {
        let adminURL = try await TestDatabase.freshDatabase(on: server)
        // Roles are shared by every database on the server, so each test gets its own.
        let grant = DatabaseProvisioner.Grant(
            schema: "accounts", role: "roam_accounts_\(UUID().uuidString.prefix(8).lowercased())",
            password: UUID().uuidString)
        try await withAdmin(adminURL) { client in
            try await DatabaseProvisioner(grants: [grant]).provision(client, logger: Logger(label: "roam-test"))
        }
        let port = FreePort.next()
        var environment = [
            "DATABASE_URL": grant.connectionURL(adminURL: adminURL)!,
            "GRPC_PORT": String(port),
            "METRICS_PORT": "0",
            "ACCOUNTS_SIGNING_KEY": Data(Curve25519.Signing.PrivateKey().rawRepresentation).base64URLEncodedString,
            "LOG_LEVEL": "warning",
            // Every test process is on one machine and follows the feed within a second.
            "USER_PURGE_DELAY": "1s",
        ]
        if fastHashing {
            environment["PASSWORD_HASH_MEMORY_KIB"] = "64"
            environment["PASSWORD_HASH_ITERATIONS"] = "1"
        }
        environment.merge(extra) { _, new in new }
        let accounts = try LaunchedProcess("roam-accounts", environment: environment)
        try await accounts.waitUntilServing(port: port, service: "roam.accounts.v1.AccountsService")
        return ProcessStack(adminURL: adminURL, accounts: accounts, accountsPort: port)
    }

    /// The events service as a process, under its own role on the same database, trusting this
    /// stack's accounts for tokens. Returns it with its gRPC port.
    public func startEvents(port: Int = FreePort.next(), environment extra: [String: String] = [:]) async throws -> (LaunchedProcess, Int) {
        try await startService(
            "events", executable: "roam-events", health: "roam.events.v1.EventsService", requiresPostGIS: true,
            port: port,
            environment: ["PASSWORD_HASH_MEMORY_KIB": "64", "PASSWORD_HASH_ITERATIONS": "1"]
                .merging(extra) { _, new in new })
    }

    /// The feed service as a process, under its own role, asking the events service at `eventsPort`.
    public func startFeed(
        eventsPort: Int, port: Int = FreePort.next(), environment extra: [String: String] = [:]
    ) async throws
        -> (LaunchedProcess, Int)
    {
        try await startService(
            "feed", executable: "roam-feed", health: "roam.feed.v1.FeedService", requiresPostGIS: true,
            port: port, environment: ["EVENTS_ADDRESS": "127.0.0.1:\(eventsPort)"].merging(extra) { _, new in new })
    }

    /// The media service as a process, under its own role, with its files in a new temporary directory
    /// unless `MEDIA_DIRECTORY` is given.
    public func startMedia(port: Int = FreePort.next(), environment extra: [String: String] = [:]) async throws -> (LaunchedProcess, Int) {
        let files = FileManager.default.temporaryDirectory.appendingPathComponent("roam-test-media-\(UUID().uuidString)").path
        return try await startService(
            "media", executable: "roam-media", health: "roam.media.v1.MediaService", requiresPostGIS: true,
            port: port, environment: ["MEDIA_DIRECTORY": files].merging(extra) { _, new in new })
    }

    /// The trips service as a process, under its own role.
    public func startTrips(port: Int = FreePort.next(), environment extra: [String: String] = [:]) async throws -> (LaunchedProcess, Int) {
        try await startService(
            "trips", executable: "roam-trips", health: "roam.trips.v1.TripsService", requiresPostGIS: true,
            port: port, environment: extra)
    }

    /// The budget service as a process, under its own role, asking trips at `tripsPort` who owns a trip.
    public func startBudget(
        tripsPort: Int, port: Int = FreePort.next(), environment extra: [String: String] = [:]
    ) async throws
        -> (LaunchedProcess, Int)
    {
        try await startService(
            "budget", executable: "roam-budget", health: "roam.budget.v1.BudgetService", requiresPostGIS: false,
            port: port, environment: ["TRIPS_ADDRESS": "127.0.0.1:\(tripsPort)"].merging(extra) { _, new in new })
    }

    /// The bucket lists service as a process, under its own role.
    public func startBucketLists(port: Int = FreePort.next(), environment extra: [String: String] = [:]) async throws -> (LaunchedProcess, Int) {
        try await startService(
            "bucketlists", executable: "roam-bucketlists", health: "roam.bucketlists.v1.BucketListsService", requiresPostGIS: true,
            port: port, environment: extra)
    }

    /// The notifications service as a process, under its own role.
    public func startNotifications(port: Int = FreePort.next(), environment extra: [String: String] = [:]) async throws -> (LaunchedProcess, Int) {
        try await startService(
            "notifications", executable: "roam-notifications", health: "roam.notifications.v1.NotificationsService", requiresPostGIS: false,
            port: port, environment: extra)
    }

    /// The moderation service as a process, under its own role; `environment` says where the owners of content are.
    public func startModeration(port: Int = FreePort.next(), environment extra: [String: String] = [:]) async throws -> (LaunchedProcess, Int) {
        try await startService(
            "moderation", executable: "roam-moderation", health: "roam.moderation.v1.ModerationService", requiresPostGIS: false,
            port: port, environment: extra)
    }

    /// Provisions a role of its own for the service's schema and starts it, trusting this stack's accounts.
    private func startService(
        _ schema: String, executable: String, health: String, requiresPostGIS: Bool, port: Int,
        environment extra: [String: String]
    ) async throws -> (LaunchedProcess, Int) {
        // Roles are shared by every database on the server: name this stack's after its database,
        // so a second replica of a service logs in as the same role as the first.
        let database = URLComponents(string: adminURL)?.path.dropFirst() ?? "roam"
        let secret = SHA256.hash(data: Data("\(adminURL)/\(schema)".utf8)).map { String(format: "%02x", $0) }.joined()
        let grant = DatabaseProvisioner.Grant(
            schema: schema, role: "roam_\(schema)_\(database)", password: String(secret.prefix(32)),
            requiresPostGIS: requiresPostGIS)
        try await Self.withAdmin(adminURL) { client in
            try await DatabaseProvisioner(grants: [grant]).provision(client, logger: Logger(label: "roam-test"))
        }
        let process = try LaunchedProcess(
            executable,
            environment: [
                "DATABASE_URL": grant.connectionURL(adminURL: adminURL)!,
                "GRPC_PORT": String(port),
                "METRICS_PORT": "0",
                "ACCOUNTS_ADDRESS": "127.0.0.1:\(accountsPort)",
                "LOG_LEVEL": "warning",
            ].merging(extra) { _, new in new })
        try await process.waitUntilServing(port: port, service: health)
        return (process, port)
    }

    /// The gateway, reaching accounts and, when given, trips at `tripsPort`, budget at `budgetPort` and
    /// bucket lists at `bucketListsPort`; `environment` names the others.
    /// - Parameter readyPath: what must answer 200 before it counts as started (`/healthz` when only
    ///   some services run).
    public func startGateway(
        tripsPort: Int? = nil, budgetPort: Int? = nil, bucketListsPort: Int? = nil,
        environment extra: [String: String] = [:], readyPath: String = "/readyz"
    ) async throws
        -> (LaunchedProcess, HTTPTestClient)
    {
        let port = FreePort.next()
        var environment = ["HTTP_PORT": String(port), "METRICS_PORT": "0", "ACCOUNTS_ADDRESS": "127.0.0.1:\(accountsPort)", "LOG_LEVEL": "warning"]
        if let tripsPort { environment["TRIPS_ADDRESS"] = "127.0.0.1:\(tripsPort)" }
        if let budgetPort { environment["BUDGET_ADDRESS"] = "127.0.0.1:\(budgetPort)" }
        if let bucketListsPort { environment["BUCKETLISTS_ADDRESS"] = "127.0.0.1:\(bucketListsPort)" }
        // Ready means every service answers: a stack that runs no notifications service of its own gets
        // one for this gateway, in memory (no role, no migrations: light on a loaded machine), stopped with it.
        var companions: [LaunchedProcess] = []
        if extra["NOTIFICATIONS_ADDRESS"] == nil, readyPath == "/readyz" {
            let notificationsPort = FreePort.next()
            let notifications = try LaunchedProcess(
                "roam-notifications",
                environment: [
                    "ROAM_IN_MEMORY": "true", "GRPC_PORT": String(notificationsPort), "METRICS_PORT": "0",
                    "ACCOUNTS_ADDRESS": "127.0.0.1:\(accountsPort)", "LOG_LEVEL": "warning",
                ])
            try await notifications.waitUntilServing(port: notificationsPort, service: "roam.notifications.v1.NotificationsService")
            environment["NOTIFICATIONS_ADDRESS"] = "127.0.0.1:\(notificationsPort)"
            companions.append(notifications)
        }
        // The same for moderation, reaching whichever owners of content this gateway reaches.
        if extra["MODERATION_ADDRESS"] == nil, readyPath == "/readyz" {
            let moderationPort = FreePort.next()
            var owners = environment.merging(extra) { _, new in new }.filter {
                ["FEED_ADDRESS", "EVENTS_ADDRESS", "MEDIA_ADDRESS", "TRIPS_ADDRESS", "BUCKETLISTS_ADDRESS"].contains($0.key)
            }
            owners.merge([
                "ROAM_IN_MEMORY": "true", "GRPC_PORT": String(moderationPort), "METRICS_PORT": "0",
                "ACCOUNTS_ADDRESS": "127.0.0.1:\(accountsPort)", "LOG_LEVEL": "warning",
            ]) { _, new in new }
            let moderation = try LaunchedProcess("roam-moderation", environment: owners)
            try await moderation.waitUntilServing(port: moderationPort, service: "roam.moderation.v1.ModerationService")
            environment["MODERATION_ADDRESS"] = "127.0.0.1:\(moderationPort)"
            companions.append(moderation)
        }
        let gateway = try LaunchedProcess("roam-gateway", environment: environment.merging(extra) { _, new in new }, companions: companions)
        let client = HTTPTestClient(port: port)
        try await gateway.waitUntilAnswering(client, path: readyPath)
        return (gateway, client)
    }

    public static func withAdmin<Result: Sendable>(_ url: String, _ body: @Sendable (PostgresClient) async throws -> Result) async throws -> Result {
        try await Database.withClient(url: url, maxConnections: 2, logger: Logger(label: "roam-test"), body)
    }

    /// One admin connection without the database's statement time limit, for a bench's bulk loads: a
    /// million rows (and the triggers each runs) take longer than any request may.
    public static func withBulkLoad<Result: Sendable>(
        _ url: String, _ body: @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await withAdmin(url) { client in
            try await client.withConnection { connection in
                try await connection.query("SET statement_timeout = 0", logger: Logger(label: "roam-bench"))
                return try await body(connection)
            }
        }
    }
}
