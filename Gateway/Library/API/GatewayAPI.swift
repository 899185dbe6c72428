import GRPCCore
import RoamAPI
import RoamRuntime

/// The operations generated from `Gateway/openapi.yaml` (`APIProtocol`), one extension per domain in
/// that domain's folder. Each converts between the generated types and the service's protobuf and
/// calls the service; errors are thrown and become problem documents in `ProblemMiddleware`.
struct GatewayAPI<Transport: ClientTransport>: APIProtocol {
    let accounts: AccountsCaller<Transport>
    let overview: UserOverview<Transport>
    let events: EventsCaller<Transport>
    let feed: FeedCaller<Transport>
    let media: MediaCaller<Transport>
    let trips: TripsCaller<Transport>
    let budget: BudgetCaller<Transport>
    let bucketLists: BucketListsCaller<Transport>
    let activities: ActivitiesCaller<Transport>
    let walks: WalksCaller<Transport>
    let notifications: NotificationsCaller<Transport>
    let moderation: ModerationCaller<Transport>
    /// How long a composite view waits for its parts (`FANOUT_TIMEOUT`).
    let fanOutTimeout: Duration
    let mediaLinks: MediaLinkMaker
    /// The largest upload passed on to media (`MEDIA_MAX_BYTES`).
    let mediaMaxBytes: Int
    /// What this gateway refuses: a session it ended itself is refused here at once, before the feed brings it.
    let revoked: RevokedSessions
    /// Who changed their follows or blocks lately, so their next calls see it everywhere.
    let relationChanges: RecentRelationChanges
}
