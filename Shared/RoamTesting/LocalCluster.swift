import Foundation
import Logging
import PostgresNIO
import RoamLocal
import RoamRuntime

/// A throwaway PostgreSQL cluster.
enum LocalCluster {
    static func start() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roam-test-pg-\(UUID().uuidString.prefix(8))").path
        let cluster = PostgresCluster(directory: directory, port: Int.random(in: 20000...45000), unsafeFast: true)
        try cluster.start()
        // The watchdog outlives this process only as long as it takes to notice it is gone. It must
        // not hold the test's output pipes open, or the runner waits for it forever.
        let watchdog = """
            exec </dev/null >/dev/null 2>&1
            while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done
            \(cluster.immediateStopCommand) >/dev/null 2>&1
            rm -rf \(directory)
            """
        _ = try Spawn.start("/bin/sh", ["-c", watchdog])
        return cluster.adminURL
    }
}
