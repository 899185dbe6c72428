import GRPCCore
import GRPCNIOTransportHTTP2
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import Prometheus
import RoamRuntime
import ServiceLifecycle

/// Runs `roam-gateway` from its environment.
public enum GatewayApp {
    public static func run(environment: RoamRuntime.Environment) async throws {
        let settings = try GatewaySettings(environment: environment)
        let registry = settings.log.bootstrap(traceIDs: settings.traces.areOn)
        var logger = Logger(label: "roam-gateway")
        logger.logLevel = settings.log.level
        let traceExport = try settings.traces.bootstrap(serviceName: "roam-gateway", logger: logger)
        try await run(settings: settings, registry: registry, logger: logger, traceExport: traceExport) {
            try Upstream<HTTP2ClientTransport.Posix>(name: $0, addresses: $1, timeout: settings.upstreamTimeout)
        }
    }

    private static func run<Transport: ClientTransport>(
        settings: GatewaySettings, registry: PrometheusCollectorRegistry, logger: Logger, traceExport: (any Service)?,
        upstream: (String, [HostAndPort]) throws -> Upstream<Transport>
    ) async throws {
        let accounts = try upstream("accounts", settings.accountsAddresses)
        let verifier = await AccessTokenVerifier(
            keySource: AccountsPublicKeySource(accounts: accounts),
            serviceSecret: settings.serviceSecret, acceptedServiceSecret: settings.acceptedServiceSecret)
        let events = try upstream("events", settings.eventsAddresses)
        let feed = try upstream("feed", settings.feedAddresses)
        let media = try upstream("media", settings.mediaAddresses)
        let trips = try upstream("trips", settings.tripsAddresses)
        let budget = try upstream("budget", settings.budgetAddresses)
        let bucketLists = try upstream("bucketlists", settings.bucketListsAddresses)
        let notifications = try upstream("notifications", settings.notificationsAddresses)
        let moderation = try upstream("moderation", settings.moderationAddresses)
        let gateway = Gateway(
            settings: settings,
            upstreams: GatewayUpstreams(
                accounts: accounts, events: events, feed: feed, media: media, trips: trips, budget: budget,
                bucketLists: bucketLists, notifications: notifications, moderation: moderation),
            verifier: verifier,
            registry: registry)
        logger.info(
            "starting",
            metadata: [
                "http": "\(settings.address)", "accounts": "\(settings.accountsAddresses)",
                "events": "\(settings.eventsAddresses)", "feed": "\(settings.feedAddresses)",
                "media": "\(settings.mediaAddresses)", "trips": "\(settings.tripsAddresses)",
                "budget": "\(settings.budgetAddresses)",
                "bucketlists": "\(settings.bucketListsAddresses)",
                "notifications": "\(settings.notificationsAddresses)",
                "moderation": "\(settings.moderationAddresses)",
            ])
        let group = ServiceGroup(
            configuration: .init(
                services: (traceExport.map { [$0] } ?? []) + [gateway.application(logger: logger)],
                gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
    }
}
