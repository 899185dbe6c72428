import RoamCore
import RoamRuntime

/// The bucket lists process: its store (PostgreSQL, or in memory), accounts asked who follows and
/// blocks whom, and media where covers and photos are attached. `ServiceHost` does the rest.
public enum BucketListsApp {
    public static let defaultGRPCPort = 50057
    public static let defaultMetricsPort = 9107

    public static func run(environment: Environment) async throws {
        let configuration = try Configuration(environment: environment)
        try await ServiceHost.run(settings: configuration.settings) { runtime in
            let store: any BucketListRepository & ActivityRepository =
                if let database = runtime.database {
                    PostgresBucketListStore(database: database)
                } else {
                    InMemoryBucketListStore()
                }
            let graph = CachedSocialGraph(
                AccountsSocialGraph(upstream: try runtime.accounts(), credential: runtime.credential),
                timeToLive: configuration.relationsCacheTTL)
            let media = MediaAttachmentsClient(upstream: try runtime.upstream("media", addresses: configuration.mediaAddresses))
            let lists = BucketListService(lists: store, graph: graph, media: media)
            let activities = ActivityService(activities: store, lists: lists, graph: graph, media: media)
            var parts = ServiceParts(
                services: [
                    BucketListsGRPCService(lists: lists), ActivitiesGRPCService(activities: activities, lists: lists),
                    ContentModerationGRPCService(BucketListsModeration(lists: lists, activities: activities)),
                    PurgeGRPCService(
                        BucketListsPurge(lists: store, activities: store),
                        purgedUsers: PurgedUsers(database: runtime.database, schema: BucketListsMigrations.schema)),
                ],
                migrator: BucketListsMigrations.migrator)
            parts.anonymousMethods = BucketListsGRPCService.anonymousMethods
            parts.workers = [ActivityRanker(activities: store, interval: configuration.trendingInterval, logger: runtime.logger)]
            return parts
        }
    }
}
