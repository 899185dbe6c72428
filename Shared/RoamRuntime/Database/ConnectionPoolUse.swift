import Metrics
import Synchronization

/// How a process uses its PostgreSQL pool, on `/metrics`: `roam_db_pool_wait_seconds` (how long an
/// operation waited for a connection; a pool too small for the load shows here first),
/// `roam_db_connections_in_use` and `roam_db_connections_max` (`DATABASE_MAX_CONNECTIONS`).
enum ConnectionPoolUse {
    private static let inUse = Atomic<Int>(0)
    private static let waits = Metrics.Timer(label: "roam_db_pool_wait_seconds", preferredDisplayUnit: .seconds)
    private static let inUseGauge = Gauge(label: "roam_db_connections_in_use")

    static func leased(after wait: Duration) {
        waits.recordNanoseconds(wait.components.seconds * 1_000_000_000 + wait.components.attoseconds / 1_000_000_000)
        inUseGauge.record(inUse.add(1, ordering: .relaxed).newValue)
    }

    static func released() {
        inUseGauge.record(inUse.subtract(1, ordering: .relaxed).newValue)
    }

    static func limit(_ connections: Int) {
        Gauge(label: "roam_db_connections_max").record(connections)
    }
}
