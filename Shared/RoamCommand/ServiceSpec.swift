/// The processes `roam up` starts, in order. A new service is one more entry here.
struct ServiceSpec: Sendable {
    var name: String
    var executable: String
    /// The PostgreSQL schema it owns (and the `roam_<schema>` role it logs in as).
    var schema: String
    var requiresPostGIS = false
    var grpcPort: Int
    var metricsPort: Int
    /// The fully qualified gRPC service name its health service reports.
    var healthName: String
    /// The variable other processes find it by.
    var addressVariable: String
    /// It serves `roam.purge.v1.PurgeService`, so events tells it when an event ends.
    var purgesEvents = false
    var purgesUsers = false
    /// It forgets deleted trips (`PurgeTrip`).
    var purgesTrips = false
}
