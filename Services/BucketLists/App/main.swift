import BucketLists
import RoamRuntime

// roam-bucketlists: bucket lists, their items, and activities suggested by locals. Configuration: see README.md.
try await ServiceMain.run("roam-bucketlists", migrator: BucketListsMigrations.migrator) {
    try await BucketListsApp.run(environment: .process)
}
