import RoamRuntime
import Trips

// roam-trips: the trip diary. Configuration: see README.md.
try await ServiceMain.run("roam-trips", migrator: TripsMigrations.migrator) {
    try await TripsApp.run(environment: .process)
}
