import Foundation
import RoamRuntime

/// Everything the gateway reads from its environment, with local defaults.
public struct GatewaySettings: Sendable {
    public static let defaultPort = 8080
    public static let defaultMetricsPort = 9100

    public var address: HostAndPort
    /// Where Prometheus reads `/metrics`: a port of its own, never the public one; 0 turns it off.
    public var metricsAddress: HostAndPort
    public var log: LogSettings
    /// Spans exported to an OpenTelemetry collector, when one is set.
    public var traces: TraceSettings
    /// Development runs may use built-in and published secrets; nothing else may.
    public var kind: DeploymentKind
    public var serviceSecret: String
    /// Another service secret accepted during a rotation (`ROAM_SERVICE_SECRET_ACCEPTED`).
    public var acceptedServiceSecret: String?
    /// Every replica of the accounts service (`host:port,host:port`).
    public var accountsAddresses: [HostAndPort]
    /// Every replica of the events service.
    public var eventsAddresses: [HostAndPort]
    /// Every replica of the feed service.
    public var feedAddresses: [HostAndPort]
    /// Every replica of the media service.
    public var mediaAddresses: [HostAndPort]
    /// Every replica of the trips service.
    public var tripsAddresses: [HostAndPort]
    /// Every replica of the budget service.
    public var budgetAddresses: [HostAndPort]
    /// Every replica of the bucket lists service (lists, items and activities).
    public var bucketListsAddresses: [HostAndPort]
    /// Every replica of the notifications service (devices, inboxes, settings).
    public var notificationsAddresses: [HostAndPort]
    /// Every replica of the moderation service (reports, moderators' actions, the audit log).
    public var moderationAddresses: [HostAndPort]
    /// How long the media links in answers stay valid at least (`MEDIA_URL_TTL`).
    public var mediaLinkLifetime: Duration
    /// The largest upload (`MEDIA_MAX_BYTES`, as media's): larger ones are refused before they are sent on.
    public var mediaMaxBytes: Int
    /// Put before media links (`https://api.example.com`); empty for paths alone.
    public var publicBaseURL: String
    /// How often an idle notification stream sends a comment line, so proxies keep it open.
    public var streamHeartbeat: Duration
    /// How often the accounts public keys are fetched again (a rotation's new key is learnt, a retired one forgotten).
    public var keysRefreshInterval: Duration
    /// Notification streams and chat sockets one user may hold open at once; one more closes the oldest.
    public var streamsPerUser: Int
    /// The longest one call to a service may take.
    public var upstreamTimeout: Duration
    /// How long a composite view waits for its parts before answering with what it has.
    public var fanOutTimeout: Duration
    /// Request bodies larger than this are refused with 413.
    public var maxBodyBytes: Int
    /// Origins browsers may call from (`*` for any); empty turns CORS off.
    public var corsAllowedOrigins: [String]
    public var addressRateLimit: TokenBucket.Rule
    public var userRateLimit: TokenBucket.Rule
    /// The proxies whose `X-Forwarded-For` entries say who the client is (`TRUSTED_PROXIES`).
    public var trustedProxies: TrustedProxies
    /// How long the revocation feed may be away (or not yet caught up) before the gateway stops being
    /// ready (`REVOCATIONS_GRACE`): past it, sessions ended meanwhile could still be let in.
    public var revocationGrace: Duration
    /// Timeouts for slow and silent connections, and how many one address may hold.
    public var connectionLimits: ConnectionLimits

    public init(environment: Environment) throws(ConfigurationError) {
        address = HostAndPort(
            host: environment.string("HTTP_HOST", default: "127.0.0.1"),
            port: try environment.int("HTTP_PORT", default: Self.defaultPort, in: 0...65535))
        metricsAddress = HostAndPort(
            host: environment.string("METRICS_HOST", default: "127.0.0.1"),
            port: try environment.int("METRICS_PORT", default: Self.defaultMetricsPort, in: 0...65535))
        log = try LogSettings(environment: environment)
        traces = try TraceSettings(environment: environment)
        kind = try DeploymentKind(environment: environment)
        serviceSecret = try environment.serviceSecret(kind: kind)
        acceptedServiceSecret = try environment.acceptedServiceSecret(kind: kind)
        accountsAddresses = try environment.addresses("ACCOUNTS_ADDRESS", default: "127.0.0.1:50051")
        eventsAddresses = try environment.addresses("EVENTS_ADDRESS", default: "127.0.0.1:50052")
        feedAddresses = try environment.addresses("FEED_ADDRESS", default: "127.0.0.1:50053")
        mediaAddresses = try environment.addresses("MEDIA_ADDRESS", default: "127.0.0.1:50054")
        tripsAddresses = try environment.addresses("TRIPS_ADDRESS", default: "127.0.0.1:50055")
        budgetAddresses = try environment.addresses("BUDGET_ADDRESS", default: "127.0.0.1:50056")
        bucketListsAddresses = try environment.addresses("BUCKETLISTS_ADDRESS", default: "127.0.0.1:50057")
        notificationsAddresses = try environment.addresses("NOTIFICATIONS_ADDRESS", default: "127.0.0.1:50058")
        moderationAddresses = try environment.addresses("MODERATION_ADDRESS", default: "127.0.0.1:50059")
        mediaLinkLifetime = try environment.duration("MEDIA_URL_TTL", default: .seconds(3600))
        guard mediaLinkLifetime >= .seconds(60) else { throw ConfigurationError(variable: "MEDIA_URL_TTL", problem: "must be at least 60s") }
        mediaMaxBytes = try environment.int("MEDIA_MAX_BYTES", default: 50_000_000, in: 1...(1 << 40))
        var base = environment.string("PUBLIC_BASE_URL", default: "")
        while base.hasSuffix("/") { base.removeLast() }
        publicBaseURL = base
        streamHeartbeat = try environment.duration("STREAM_HEARTBEAT", default: .seconds(15))
        keysRefreshInterval = try environment.duration("KEYS_REFRESH_INTERVAL", default: .seconds(60))
        streamsPerUser = try environment.int("STREAMS_PER_USER", default: 8, in: 1...1000)
        upstreamTimeout = try environment.duration("UPSTREAM_TIMEOUT", default: .seconds(5))
        fanOutTimeout = try environment.duration("FANOUT_TIMEOUT", default: .seconds(2))
        maxBodyBytes = try environment.int("MAX_BODY_BYTES", default: 1 << 20, in: 1024...(64 << 20))
        corsAllowedOrigins = environment.string("CORS_ALLOWED_ORIGINS", default: "")
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        addressRateLimit = TokenBucket.Rule(
            perSecond: Double(try environment.int("RATE_LIMIT_PER_ADDRESS", default: 50, in: 1...1_000_000)),
            burst: Double(try environment.int("RATE_LIMIT_PER_ADDRESS_BURST", default: 100, in: 1...1_000_000)))
        userRateLimit = TokenBucket.Rule(
            perSecond: Double(try environment.int("RATE_LIMIT_PER_USER", default: 20, in: 1...1_000_000)),
            burst: Double(try environment.int("RATE_LIMIT_PER_USER_BURST", default: 40, in: 1...1_000_000)))
        trustedProxies = try TrustedProxies(environment: environment)
        connectionLimits = try ConnectionLimits(environment: environment)
        revocationGrace = try environment.duration("REVOCATIONS_GRACE", default: .seconds(10))
    }
}
