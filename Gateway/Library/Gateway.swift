import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import Prometheus
import RoamRuntime
import ServiceLifecycle

/// The gateway: builds the router (middlewares, routes) over the services' upstreams, and runs it.
public struct Gateway<Transport: ClientTransport>: Sendable {
    public var settings: GatewaySettings
    public var upstreams: GatewayUpstreams<Transport>
    public var verifier: AccessTokenVerifier
    public var registry: PrometheusCollectorRegistry?
    let refusedUpgrades = RefusedUpgrades()
    /// Notification streams and chat sockets, closed when their session ends.
    public let openStreams: OpenStreams
    /// What `/readyz` answers, here and on the metrics port.
    public let readiness: GatewayReadiness<Transport>

    public init(
        settings: GatewaySettings, upstreams: GatewayUpstreams<Transport>, verifier: AccessTokenVerifier,
        registry: PrometheusCollectorRegistry?
    ) {
        self.settings = settings
        self.upstreams = upstreams
        self.verifier = verifier
        self.registry = registry
        let openStreams = OpenStreams(limit: settings.streamsPerUser)
        self.openStreams = openStreams
        readiness = GatewayReadiness(upstreams: upstreams, revoked: verifier.revoked, revocationGrace: settings.revocationGrace)
        verifier.revoked.listen { revocation in openStreams.revoke(revocation) }
    }

    /// The router and the list of routes it serves.
    public func router() -> (Router<GatewayRequestContext>, RouteTable) {
        let router = Router(context: GatewayRequestContext.self)
        let relationChanges = RecentRelationChanges()
        router.add(middleware: RequestIDMiddleware(maxBodyBytes: settings.maxBodyBytes, trustedProxies: settings.trustedProxies))
        router.add(middleware: RequestTracingMiddleware())
        if !settings.corsAllowedOrigins.isEmpty {
            router.add(middleware: CORSPolicyMiddleware(allowedOrigins: settings.corsAllowedOrigins))
        }
        router.add(middleware: AccessLogMiddleware())
        router.add(middleware: ProblemMiddleware(refusals: refusedUpgrades))
        router.add(middleware: MetricsMiddleware())
        router.add(middleware: RateLimitMiddleware(byAddress: TokenBucket(rule: settings.addressRateLimit)))
        router.add(middleware: AuthenticationMiddleware(verifier: verifier))
        router.add(middleware: UserRateLimitMiddleware(byUser: TokenBucket(rule: settings.userRateLimit)))
        router.add(middleware: CallContextMiddleware(relationChanges: relationChanges))
        router.add(middleware: OperationMiddleware())
        router.add(middleware: SignedInUserMiddleware())
        router.add(middleware: InputCheckMiddleware())
        router.add(middleware: IdempotencyFingerprintMiddleware())

        let table = RouteTable(router: router)
        let accounts = AccountsCaller(upstreams.accounts)
        let events = EventsCaller(upstreams.events)
        let feed = FeedCaller(upstreams.feed)
        SystemRoutes(readiness: readiness).register(in: table)
        EmailLinkPages(accounts: accounts).register(in: table)
        let links = MediaLinkMaker(
            signer: MediaLinkSigner(serviceSecret: settings.serviceSecret, lifetime: settings.mediaLinkLifetime),
            publicBaseURL: settings.publicBaseURL)
        let bucketLists = BucketListsCaller(upstreams.bucketLists)
        let counters: [any ProfileCounter] = [FollowCounter(), StoryCounter(feed: feed), BucketListCounter(bucketLists: bucketLists)]
        let api = GatewayAPI(
            accounts: accounts,
            overview: UserOverview(
                accounts: accounts, counters: counters,
                timeout: settings.fanOutTimeout, links: links),
            events: events, feed: feed, media: MediaCaller(upstreams.media), trips: TripsCaller(upstreams.trips),
            budget: BudgetCaller(upstreams.budget), bucketLists: bucketLists,
            activities: ActivitiesCaller(upstreams.bucketLists), walks: WalksCaller(upstreams.trips),
            notifications: NotificationsCaller(upstreams.notifications),
            moderation: ModerationCaller(upstreams.moderation),
            fanOutTimeout: settings.fanOutTimeout,
            mediaLinks: links, mediaMaxBytes: settings.mediaMaxBytes, revoked: verifier.revoked,
            relationChanges: relationChanges)
        do {
            try api.register(on: table)
        } catch {
            // Only an invalid server URL fails here, and the default one is "/".
            preconditionFailure("the generated operations could not be registered: \(error)")
        }
        NotificationStreamRoute(
            events: events, trips: TripsCaller(upstreams.trips), budget: BudgetCaller(upstreams.budget),
            notifications: NotificationsCaller(upstreams.notifications), heartbeat: settings.streamHeartbeat,
            openStreams: openStreams
        ).register(in: table)
        ChatRoutes(
            feed: feed, links: links, fanOut: ChatFanOut(feed: feed, links: links, serviceSecret: settings.serviceSecret), openStreams: openStreams
        ).register(in: table)
        MediaContentRoute(media: MediaCaller(upstreams.media)).register(in: table)
        ResumableUploadRoutes(media: MediaCaller(upstreams.media), maxBytes: settings.mediaMaxBytes, publicBaseURL: settings.publicBaseURL)
            .register(in: table)
        TripDayRoute(api: api).register(in: table)
        DocsRoutes(assets: DocsAssets.shared).register(in: table)
        ConsoleRoutes(
            accounts: accounts, accountsAdmin: AccountsAdminCaller(upstreams.accounts),
            moderation: ModerationCaller(upstreams.moderation), events: events,
            purgeReports: [
                "user_deleted": PurgeReportCaller(upstreams.accounts), "event_ended": PurgeReportCaller(upstreams.events),
                "trip_deleted": PurgeReportCaller(upstreams.trips),
            ], verifier: verifier, readiness: readiness,
            serviceSecret: settings.serviceSecret, secureCookies: settings.kind != .development
        ).register(in: table)
        return (router, table)
    }

    /// `/metrics` for Prometheus on its own port, as every service has it, and `/readyz` with every
    /// part's reason: what the gateway counts and why it is not ready are for the operator, not the public.
    func metricsEndpoint(logger: Logger) -> [any Service] {
        guard settings.metricsAddress.port != 0 else { return [] }
        let readiness = self.readiness
        return [
            MetricsEndpoint.application(registry: registry, address: settings.metricsAddress, logger: logger) {
                let report = await readiness.report()
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                return (report.status == "ready", try encoder.encode(report))
            }
        ]
    }

    /// The HTTP server with the upstream connections and key loading as services beside it.
    public func application(
        logger: Logger, onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }
    )
        -> some ApplicationProtocol
    {
        let verifier = self.verifier
        let refusedUpgrades = self.refusedUpgrades
        let limits = settings.connectionLimits
        let keyLoader = StartupService(logger: logger, work: { try await verifier.loadKeys() }, readinessChanged: { _ in })
        let revocations = RevocationFollower(
            source: AccountsRevocationSource(
                accounts: upstreams.accounts, serviceName: "gateway",
                serviceSecret: settings.serviceSecret),
            revoked: verifier.revoked, logger: logger)
        let router = router().0
        return Application(
            router: router,
            server: GatewayServerChannel.builder(
                router: router,
                configuration: .init(
                    http1: .init(
                        additionalChannelHandlers: [
                            RefusedUpgradeResponder(refusals: refusedUpgrades),
                            SlowBodyGuard(minimumRate: limits.bodyMinimumRate, grace: limits.bodyGrace),
                        ],
                        idleTimeout: TimeAmount(limits.idleTimeout)),
                    ws: .init(autoPing: .enabled(timePeriod: settings.streamHeartbeat))),
                limits: limits, trustedProxies: settings.trustedProxies),
            configuration: .init(address: .hostname(settings.address.host, port: settings.address.port), serverName: "roam-gateway"),
            services: upstreams.all.map(\.upstream)
                + [keyLoader, revocations, PublicKeyRefresher(verifier: verifier, interval: settings.keysRefreshInterval, logger: logger)]
                + metricsEndpoint(logger: logger),
            onServerRunning: onServerRunning,
            logger: logger
        )
    }
}
