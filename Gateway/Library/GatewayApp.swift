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
        let accounts = try Upstream(name: "accounts", addresses: settings.accountsAddresses, timeout: settings.upstreamTimeout)
        let verifier = await AccessTokenVerifier(
            keySource: AccountsPublicKeySource(accounts: accounts),
            serviceSecret: settings.serviceSecret, acceptedServiceSecret: settings.acceptedServiceSecret)
        let events = try Upstream(name: "events", addresses: settings.eventsAddresses, timeout: settings.upstreamTimeout)
        let feed = try Upstream(name: "feed", addresses: settings.feedAddresses, timeout: settings.upstreamTimeout)
        let media = try Upstream(name: "media", addresses: settings.mediaAddresses, timeout: settings.upstreamTimeout)
        let trips = try Upstream(name: "trips", addresses: settings.tripsAddresses, timeout: settings.upstreamTimeout)
        let budget = try Upstream(name: "budget", addresses: settings.budgetAddresses, timeout: settings.upstreamTimeout)
        let bucketLists = try Upstream(name: "bucketlists", addresses: settings.bucketListsAddresses, timeout: settings.upstreamTimeout)
        let gateway = Gateway(
            settings: settings,
            upstreams: GatewayUpstreams(
                accounts: accounts, events: events, feed: feed, media: media, trips: trips, budget: budget,
                bucketLists: bucketLists),
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
            ])
        let group = ServiceGroup(
            configuration: .init(
                services: (traceExport.map { [$0] } ?? []) + [gateway.application(logger: logger)],
                gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
    }
}
