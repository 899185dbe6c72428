import GRPCCore
import RoamProto
import RoamRuntime

/// Calls one service through its upstream with that service's generated client.
struct ServiceCaller<Transport: ClientTransport, Client: Sendable>: Sendable {
    let upstream: Upstream<Transport>
    let makeClient: @Sendable (GRPCClient<Transport>) -> Client

    /// - Parameters:
    ///   - idempotent: reads that may safely be tried again on another replica.
    ///   - longLived: a stream that lasts as long as the client wants it (no upstream timeout).
    func call<Result: Sendable>(
        idempotent: Bool = false, longLived: Bool = false,
        _ body: (Client, CallOptions) async throws -> Result
    ) async throws -> Result {
        try await upstream.call(idempotent: idempotent, longLived: longLived) { client, options in
            try await body(makeClient(client), options)
        }
    }
}

typealias AccountsCaller<Transport: ClientTransport> = ServiceCaller<Transport, Roam_Accounts_V1_AccountsService.Client<Transport>>
typealias AccountsAdminCaller<Transport: ClientTransport> = ServiceCaller<Transport, Roam_Accounts_V1_AccountsAdminService.Client<Transport>>
typealias PurgeReportCaller<Transport: ClientTransport> = ServiceCaller<Transport, Roam_Purge_V1_PurgeReportService.Client<Transport>>
typealias EventsCaller<Transport: ClientTransport> = ServiceCaller<Transport, Roam_Events_V1_EventsService.Client<Transport>>
typealias FeedCaller<Transport: ClientTransport> = ServiceCaller<Transport, Roam_Feed_V1_FeedService.Client<Transport>>
typealias MediaCaller<Transport: ClientTransport> = ServiceCaller<Transport, Roam_Media_V1_MediaService.Client<Transport>>
typealias TripsCaller<Transport: ClientTransport> = ServiceCaller<Transport, Roam_Trips_V1_TripsService.Client<Transport>>
typealias BudgetCaller<Transport: ClientTransport> = ServiceCaller<Transport, Roam_Budget_V1_BudgetService.Client<Transport>>
typealias BucketListsCaller<Transport: ClientTransport> = ServiceCaller<Transport, Roam_Bucketlists_V1_BucketListsService.Client<Transport>>
typealias NotificationsCaller<Transport: ClientTransport> = ServiceCaller<
    Transport, Roam_Notifications_V1_NotificationsService.Client<Transport>
>
typealias ModerationCaller<Transport: ClientTransport> = ServiceCaller<Transport, Roam_Moderation_V1_ModerationService.Client<Transport>>
typealias WalksCaller<Transport: ClientTransport> = ServiceCaller<Transport, Roam_Trips_V1_WalksService.Client<Transport>>
typealias ActivitiesCaller<Transport: ClientTransport> = ServiceCaller<Transport, Roam_Bucketlists_V1_ActivitiesService.Client<Transport>>

extension ServiceCaller where Client: GeneratedClient, Client.Transport == Transport {
    /// The caller of whichever service `Client` is the generated client of (`FeedCaller(upstreams.feed)`).
    init(_ upstream: Upstream<Transport>) {
        self.init(upstream: upstream, makeClient: { Client(wrapping: $0) })
    }
}
