enum StackPlan {
    static let services: [ServiceSpec] = [
        ServiceSpec(
            name: "accounts", executable: "roam-accounts", schema: "accounts", grpcPort: 50051, metricsPort: 9101,
            healthName: "roam.accounts.v1.AccountsService", addressVariable: "ACCOUNTS_ADDRESS"),
        ServiceSpec(
            name: "events", executable: "roam-events", schema: "events", requiresPostGIS: true, grpcPort: 50052,
            metricsPort: 9102, healthName: "roam.events.v1.EventsService", addressVariable: "EVENTS_ADDRESS", purgesUsers: true),
        ServiceSpec(
            name: "feed", executable: "roam-feed", schema: "feed", requiresPostGIS: true, grpcPort: 50053, metricsPort: 9103,
            healthName: "roam.feed.v1.FeedService", addressVariable: "FEED_ADDRESS", purgesEvents: true,
            purgesUsers: true),
        ServiceSpec(
            name: "media", executable: "roam-media", schema: "media", requiresPostGIS: true, grpcPort: 50054, metricsPort: 9104,
            healthName: "roam.media.v1.MediaService", addressVariable: "MEDIA_ADDRESS", purgesEvents: true, purgesUsers: true,
            purgesTrips: true),
        ServiceSpec(
            name: "trips", executable: "roam-trips", schema: "trips", requiresPostGIS: true, grpcPort: 50055, metricsPort: 9105,
            healthName: "roam.trips.v1.TripsService", addressVariable: "TRIPS_ADDRESS", purgesUsers: true),
        ServiceSpec(
            name: "budget", executable: "roam-budget", schema: "budget", grpcPort: 50056, metricsPort: 9106,
            healthName: "roam.budget.v1.BudgetService", addressVariable: "BUDGET_ADDRESS", purgesUsers: true, purgesTrips: true),
        ServiceSpec(
            name: "bucketlists", executable: "roam-bucketlists", schema: "bucketlists", requiresPostGIS: true, grpcPort: 50057,
            metricsPort: 9107, healthName: "roam.bucketlists.v1.BucketListsService", addressVariable: "BUCKETLISTS_ADDRESS", purgesUsers: true),
        ServiceSpec(
            name: "notifications", executable: "roam-notifications", schema: "notifications", grpcPort: 50058, metricsPort: 9108,
            healthName: "roam.notifications.v1.NotificationsService", addressVariable: "NOTIFICATIONS_ADDRESS", purgesUsers: true),
        ServiceSpec(
            name: "moderation", executable: "roam-moderation", schema: "moderation", grpcPort: 50059, metricsPort: 9109,
            healthName: "roam.moderation.v1.ModerationService", addressVariable: "MODERATION_ADDRESS", purgesUsers: true),
    ]

    /// `EVENT_PURGE_TARGETS` for the events service: every service that forgets ended events.
    static var eventPurgeTargets: String {
        services.filter(\.purgesEvents).map { "\($0.name)=127.0.0.1:\($0.grpcPort)" }.joined(separator: ";")
    }

    /// `USER_PURGE_TARGETS` for the accounts service: every service that forgets deleted accounts.
    static var userPurgeTargets: String {
        services.filter(\.purgesUsers).map { "\($0.name)=127.0.0.1:\($0.grpcPort)" }.joined(separator: ";")
    }

    /// `TRIP_PURGE_TARGETS` for the trips service: every service that forgets deleted trips.
    static var tripPurgeTargets: String {
        services.filter(\.purgesTrips).map { "\($0.name)=127.0.0.1:\($0.grpcPort)" }.joined(separator: ";")
    }

    static let gatewayExecutable = "roam-gateway"
    static let gatewayPort = 8080
    static let gatewayMetricsPort = 9100
}
