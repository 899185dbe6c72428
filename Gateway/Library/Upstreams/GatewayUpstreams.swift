import GRPCCore
import RoamProto
import RoamRuntime

/// The gateway's long-lived clients, one `Upstream` per service (each spread over its replicas).
public struct GatewayUpstreams<Transport: ClientTransport>: Sendable {
    public var accounts: Upstream<Transport>
    public var events: Upstream<Transport>
    public var feed: Upstream<Transport>
    public var media: Upstream<Transport>
    public var trips: Upstream<Transport>
    public var budget: Upstream<Transport>
    public var bucketLists: Upstream<Transport>
    public var notifications: Upstream<Transport>
    /// The reports queue and moderators' actions.
    public var moderation: Upstream<Transport>

    public init(
        accounts: Upstream<Transport>, events: Upstream<Transport>, feed: Upstream<Transport>, media: Upstream<Transport>,
        trips: Upstream<Transport>, budget: Upstream<Transport>, bucketLists: Upstream<Transport>, notifications: Upstream<Transport>,
        moderation: Upstream<Transport>
    ) {
        self.moderation = moderation
        self.accounts = accounts
        self.events = events
        self.feed = feed
        self.media = media
        self.trips = trips
        self.budget = budget
        self.bucketLists = bucketLists
        self.notifications = notifications
    }

    /// Each service with the name its health service reports readiness under.
    var all: [(upstream: Upstream<Transport>, healthName: String)] {
        [
            (accounts, "roam.accounts.v1.AccountsService"), (events, "roam.events.v1.EventsService"),
            (feed, "roam.feed.v1.FeedService"), (media, "roam.media.v1.MediaService"), (trips, "roam.trips.v1.TripsService"),
            (budget, "roam.budget.v1.BudgetService"), (bucketLists, "roam.bucketlists.v1.BucketListsService"),
            (notifications, "roam.notifications.v1.NotificationsService"), (moderation, "roam.moderation.v1.ModerationService"),
        ]
    }

    /// Asks every service whether it is SERVING (for `/readyz`).
    /// Each upstream's health: nil when it serves, otherwise why not (its own reason, such as
    /// `DATABASE_UNAVAILABLE: …`, or why it could not be asked).
    func readiness(within timeout: Duration) async -> [String: Result<String?, RoamError>] {
        await FanOut.gather(
            within: timeout,
            all.map { upstream, healthName in
                FanOut.Part(upstream.name) {
                    try await upstream.call(idempotent: true) { client, options in
                        try await Grpc_Health_V1_Health.Client(wrapping: client)
                            .check(request: ClientRequest(message: .with { $0.service = healthName }), options: options) { response in
                                let message = try response.message
                                guard message.status != .serving else { return nil }
                                return response.metadata[stringValues: HealthService.reasonKey].first(where: { _ in true }) ?? "NOT_SERVING"
                            }
                    }
                }
            })
    }
}
