import Events
import RoamRuntime

// roam-events: geofenced events, membership and presence, moderation. Configuration: see README.md.
try await ServiceMain.run("roam-events", migrator: EventsMigrations.migrator) {
    try await EventsApp.run(environment: .process)
}
