import RoamCore
import RoamRuntime

/// The feed process: its store, the events and accounts clients it asks about members and relations,
/// live chat shared between replicas, the trending ranker, and the worker that hands comments, replies
/// and likes to the notifications service. `ServiceHost` does the rest.
public enum FeedApp {
    public static let defaultGRPCPort = 50053
    public static let defaultMetricsPort = 9103

    public static func run(environment: Environment) async throws {
        let configuration = try Configuration(environment: environment)
        try await ServiceHost.run(settings: configuration.settings) { runtime in
            let store: any FeedStore = if let database = runtime.database { PostgresFeedStore(database: database) } else { InMemoryFeedStore() }
            let (events, credential, logger) = (
                try runtime.upstream("events", addresses: configuration.eventsAddresses),
                runtime.credential, runtime.logger
            )
            let chat = ChatHub(store: store, bufferSize: configuration.chatBufferSize)
            let relay = runtime.database.map { PostgresChatRelay(database: $0, hub: chat, logger: logger) }
            let graph = CachedSocialGraph(
                AccountsSocialGraph(upstream: try runtime.accounts(), credential: credential),
                timeToLive: configuration.relationsCacheTTL)
            let media = MediaAttachmentsClient(upstream: try runtime.upstream("media", addresses: configuration.mediaAddresses))
            let bucketLists = BucketListsSubjectsClient(
                upstream: try runtime.upstream("bucketlists", addresses: configuration.bucketListsAddresses),
                credential: credential)
            let walks = WalksSubjectsClient(upstream: try runtime.upstream("trips", addresses: configuration.tripsAddresses), credential: credential)
            let subjects = ExternalSubjectRouter([.activity: bucketLists, .bucketItem: bucketLists, .walk: walks])
            // Members are remembered only while the departures stream below keeps the memory true.
            let membership = MembershipCache(EventsMembershipClient(upstream: events, credential: credential))
            let feed = FeedService(
                store: store, membership: membership,
                graph: graph, chat: chat, announcer: relay, media: media, external: subjects)
            var parts = ServiceParts(
                services: [
                    FeedGRPCService(feed: feed),
                    ContentModerationGRPCService(FeedModeration(feed: feed)),
                    PurgeGRPCService(
                        feed,
                        purgedUsers: PurgedUsers(database: runtime.database, schema: FeedMigrations.schema)),
                ], migrator: FeedMigrations.migrator)
            parts.anonymousMethods = FeedGRPCService.anonymousMethods
            parts.background =
                [
                    EventsDepartureWatcher(
                        upstream: events, credential: credential, feed: feed, membership: membership,
                        logger: logger)
                ]
                + (relay.map { [$0] } ?? [])
            parts.workers = [
                TrendingRanker(feed: feed, interval: configuration.trendingInterval, logger: logger),
                try runtime.publicationDelivery(queue: store.publications, notificationsAddresses: configuration.notificationsAddresses),
            ]
            parts.endStreams = { await chat.closeAll() }
            return parts
        }
    }
}
