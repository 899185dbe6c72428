import Feed
import RoamRuntime

// roam-feed: posts in events and stories at places. Configuration: see README.md.
try await ServiceMain.run("roam-feed", migrator: FeedMigrations.migrator) {
    try await FeedApp.run(environment: .process)
}
