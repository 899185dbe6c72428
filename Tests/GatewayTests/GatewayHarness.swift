import Crypto
import Foundation
import GRPCCore
import GRPCInProcessTransport
import Hummingbird
import Logging
import RoamProto
import RoamRuntime
import RoamTesting
import ServiceLifecycle

@testable import Accounts
@testable import Gateway
@testable import Notifications

/// Runs the real gateway on a loopback port in front of services reached over `InProcessTransport`:
/// by default the real accounts service on in-memory repositories, or any stand-in service.
enum GatewayHarness {
    static let fastHasher = PasswordHasher(parameters: Argon2id(memoryKiB: 64, iterations: 1, parallelism: 1))

    static func settings(_ values: [String: String] = [:]) throws -> GatewaySettings {
        // The whole suite shares two cores: a call that takes 50 ms alone can take seconds then. Tests of
        // timeouts set their own.
        var settings = try GatewaySettings(
            environment: RoamRuntime.Environment(
                [
                    "UPSTREAM_TIMEOUT": "30s", "ROAM_ENVIRONMENT": "development",
                    // No metrics port unless a test asks for one (with a free port).
                    "METRICS_PORT": "0",
                    // The secret the in-process services' verifier knows.
                    "ROAM_SERVICE_SECRET": TestTokens.serviceSecret,
                ].merging(values) { _, new in new }))
        settings.address = HostAndPort(host: "127.0.0.1", port: 0)
        return settings
    }

    /// The gateway in front of the real accounts service (in-memory repositories).
    static func withAccounts(
        settings: GatewaySettings? = nil, events: [any RegistrableRPCService] = [], media: [any RegistrableRPCService] = [],
        budget: [any RegistrableRPCService] = [], trips: [any RegistrableRPCService] = [],
        notifications: [any RegistrableRPCService] = [],
        policy: AccountPolicy = AccountPolicy(), providers: [IdentityProvider] = [],
        store: InMemoryAccountsStore = InMemoryAccountsStore(),
        _ body: @Sendable (HTTPTestClient) async throws -> Void
    ) async throws {
        let signingKey = SigningKey(privateKey: Curve25519.Signing.PrivateKey())
        let repositories = Repositories(memory: store)
        let accounts = try await repositories.service(
            hasher: fastHasher, signer: JWTAccessTokenSigner(signingKey: signingKey),
            policy: policy, providers: providers,
            idTokens: JWKSIDTokenVerifier(refetchCooldown: .zero, logger: Logger(label: "oidc")))
        let verifier = await AccessTokenVerifier(
            keySource: LocalPublicKeySource(keys: [signingKey.publicJWK]),
            serviceSecret: TestTokens.serviceSecret)
        try await verifier.loadKeys()
        // The revocation feed the gateway follows, as accounts serves it.
        let feed = RevocationFeed(
            repository: repositories.revocations, tokenLifetime: policy.accessTokenLifetime, logger: Logger(label: "revocations"))
        try await run(
            [AccountsGRPCService(accounts: accounts, publicKeys: [signingKey.publicJWK], revocations: feed)],
            events: events, media: media, trips: trips, budget: budget, notifications: notifications,
            anonymousMethods: AccountsGRPCService.anonymousMethods, verifier: verifier,
            settings: settings ?? self.settings(), background: [feed], endStreams: { feed.end() }, body)
    }

    /// The gateway in front of `services` (reached as accounts), `events` and `feed`, whose calls are
    /// checked with `verifier`.
    static func run(
        _ services: [any RegistrableRPCService], events: [any RegistrableRPCService] = [],
        feed: [any RegistrableRPCService] = [], media: [any RegistrableRPCService] = [],
        trips: [any RegistrableRPCService] = [], budget: [any RegistrableRPCService] = [],
        bucketLists: [any RegistrableRPCService] = [], notifications: [any RegistrableRPCService] = [],
        moderation: [any RegistrableRPCService] = [], anonymousMethods: Set<MethodDescriptor>,
        verifier: AccessTokenVerifier, settings: GatewaySettings, background: [any Service] = [],
        endStreams: @escaping @Sendable () async -> Void = {},
        _ body: @Sendable (HTTPTestClient) async throws -> Void
    ) async throws {
        let (accountsServer, accounts) = inProcess(
            "accounts", services, health: "roam.accounts.v1.AccountsService",
            anonymousMethods: anonymousMethods, verifier: verifier, settings: settings)
        let (eventsServer, eventsUpstream) = inProcess(
            "events", events, health: "roam.events.v1.EventsService",
            anonymousMethods: [], verifier: verifier, settings: settings)
        let (feedServer, feedUpstream) = inProcess(
            "feed", feed, health: "roam.feed.v1.FeedService",
            anonymousMethods: [], verifier: verifier, settings: settings)
        let (mediaServer, mediaUpstream) = inProcess(
            "media", media, health: "roam.media.v1.MediaService",
            anonymousMethods: [Roam_Media_V1_MediaService.Method.Download.descriptor],
            verifier: verifier, settings: settings)
        let (tripsServer, tripsUpstream) = inProcess(
            "trips", trips, health: "roam.trips.v1.TripsService",
            anonymousMethods: [], verifier: verifier, settings: settings)
        let (budgetServer, budgetUpstream) = inProcess(
            "budget", budget, health: "roam.budget.v1.BudgetService",
            anonymousMethods: [], verifier: verifier, settings: settings)
        let (bucketListsServer, bucketListsUpstream) = inProcess(
            "bucketlists", bucketLists, health: "roam.bucketlists.v1.BucketListsService",
            anonymousMethods: [], verifier: verifier, settings: settings)
        // A test that brings no notifications service gets an empty one: the notification stream follows its inbox.
        let inbox = UserStreams<UUID>()
        let notifications =
            notifications.isEmpty
            ? [NotificationsGRPCService(notifications: NotificationsService(store: InMemoryNotificationStore()), streams: inbox)] : notifications
        let (notificationsServer, notificationsUpstream) = inProcess(
            "notifications", notifications, health: "roam.notifications.v1.NotificationsService",
            anonymousMethods: [], verifier: verifier, settings: settings)
        // A test that brings no moderation service gets one that takes reports (the feed's report routes file there too).
        let moderation = moderation.isEmpty ? [ReportsOnlyModeration()] : moderation
        let (moderationServer, moderationUpstream) = inProcess(
            "moderation", moderation, health: "roam.moderation.v1.ModerationService", anonymousMethods: [], verifier: verifier, settings: settings)
        try await withGateway(
            upstreams: GatewayUpstreams(
                accounts: accounts, events: eventsUpstream, feed: feedUpstream, media: mediaUpstream,
                trips: tripsUpstream, budget: budgetUpstream, bucketLists: bucketListsUpstream, notifications: notificationsUpstream,
                moderation: moderationUpstream),
            verifier: verifier, settings: settings,
            extraServices: background + [
                GRPCServerService(server: accountsServer, endStreams: endStreams), GRPCServerService(server: eventsServer),
                GRPCServerService(server: feedServer), GRPCServerService(server: mediaServer),
                GRPCServerService(server: tripsServer), GRPCServerService(server: budgetServer),
                GRPCServerService(server: bucketListsServer), GRPCServerService(server: notificationsServer, endStreams: { inbox.finishAll() }),
                GRPCServerService(server: moderationServer),
            ], body)
    }

    /// A server for `services` behind the standard interceptors and an upstream that reaches it.
    /// - Parameter notServingBecause: when set, the server's health says NOT_SERVING for this reason.
    static func inProcess(
        _ name: String, _ services: [any RegistrableRPCService], health healthName: String,
        anonymousMethods: Set<MethodDescriptor>, verifier: AccessTokenVerifier, settings: GatewaySettings,
        notServingBecause reason: String? = nil, interceptors extra: [any ServerInterceptor] = []
    )
        -> (GRPCServer<InProcessTransport.Server>, Upstream<InProcessTransport.Client>)
    {
        let transport = InProcessTransport()
        let health = HealthService(serviceNames: [healthName])
        health.setAll(.serving)
        if let reason { health.block("database", reason: reason) }
        var logger = Logger(label: "gateway-test")
        logger.logLevel = .critical
        let server = GRPCServer(
            transport: transport.server, services: services + [health],
            interceptors: ServiceHost.interceptors(
                health: health, verifier: verifier,
                anonymousMethods: anonymousMethods, logger: logger, serving: services) + extra)
        let client = GRPCClient(transport: transport.client, interceptors: [OutboundContextInterceptor()])
        return (server, Upstream(name: name, replicas: [client], timeout: settings.upstreamTimeout))
    }

    /// Every upstream a service that answers health checks alone (serving, but for those named in
    /// `notServing` with their reason), with `interceptors` on each; and their servers, to run beside
    /// the gateway.
    static func healthOnlyUpstreams(
        verifier: AccessTokenVerifier, settings: GatewaySettings, notServing: [String: String] = [:],
        interceptors: [any ServerInterceptor] = []
    ) -> (servers: [any Service], upstreams: GatewayUpstreams<InProcessTransport.Client>) {
        let names = [
            ("accounts", "roam.accounts.v1.AccountsService"), ("events", "roam.events.v1.EventsService"),
            ("feed", "roam.feed.v1.FeedService"), ("media", "roam.media.v1.MediaService"),
            ("trips", "roam.trips.v1.TripsService"), ("budget", "roam.budget.v1.BudgetService"),
            ("bucketlists", "roam.bucketlists.v1.BucketListsService"), ("notifications", "roam.notifications.v1.NotificationsService"),
            ("moderation", "roam.moderation.v1.ModerationService"),
        ]
        var servers: [any Service] = []
        var upstreams: [String: Upstream<InProcessTransport.Client>] = [:]
        for (name, health) in names {
            let (server, upstream) = inProcess(
                name, [], health: health, anonymousMethods: [], verifier: verifier, settings: settings,
                notServingBecause: notServing[name], interceptors: interceptors)
            servers.append(GRPCServerService(server: server))
            upstreams[name] = upstream
        }
        return (
            servers,
            GatewayUpstreams(
                accounts: upstreams["accounts"]!, events: upstreams["events"]!, feed: upstreams["feed"]!,
                media: upstreams["media"]!, trips: upstreams["trips"]!, budget: upstreams["budget"]!,
                bucketLists: upstreams["bucketlists"]!, notifications: upstreams["notifications"]!, moderation: upstreams["moderation"]!)
        )
    }

    /// The gateway with the given upstreams (whose connections it runs) and extra services beside it.
    static func withGateway<Transport: ClientTransport>(
        upstreams: GatewayUpstreams<Transport>, verifier: AccessTokenVerifier, settings: GatewaySettings,
        extraServices: [any Service] = [], _ body: @Sendable (HTTPTestClient) async throws -> Void
    ) async throws {
        var logger = Logger(label: "gateway-test")
        logger.logLevel = .critical
        let gateway = Gateway(settings: settings, upstreams: upstreams, verifier: verifier, registry: nil)
        let (port, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let application = gateway.application(logger: logger) { channel in
            portContinuation.yield(channel.localAddress?.port ?? 0)
            portContinuation.finish()
        }
        let group = ServiceGroup(services: extraServices + [application], logger: logger)
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            var iterator = port.makeAsyncIterator()
            guard let port = await iterator.next() else { throw CancellationError() }
            do {
                try await body(HTTPTestClient(port: port))
            } catch {
                await group.triggerGracefulShutdown()
                throw error
            }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
    }
}
