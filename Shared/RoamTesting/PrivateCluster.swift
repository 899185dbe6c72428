import Foundation
import RoamLocal

#if canImport(Glibc)
import Glibc
#endif

/// A throwaway PostgreSQL cluster of its own (the shared test database, or one a fault test stops and
/// starts again), removed by a watchdog when the test process exits.
public struct PrivateCluster: Sendable {
    public let cluster: PostgresCluster

    /// The superuser's URL.
    public var url: String { cluster.adminURL }

    /// Creates and starts a cluster in a temporary folder on a free port.
    public static func start() throws -> PrivateCluster {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roam-test-pg-\(UUID().uuidString.prefix(8))").path
        let cluster = PostgresCluster(directory: directory, port: FreePort.next(), unsafeFast: true)
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
        return PrivateCluster(cluster: cluster)
    }

    /// Stops the server as an operator would (`pg_ctl stop -m fast`: sessions are ended).
    public func stop() throws {
        try cluster.stop()
    }

    /// Freezes (SIGSTOP) or thaws (SIGCONT) the server and its backends: it keeps its connections
    /// and its port but answers nothing, as an overloaded host or a network dropping packets would.
    public func freeze(_ frozen: Bool) throws {
        let pidFile = try String(contentsOfFile: "\(cluster.directory)/data/postmaster.pid", encoding: .utf8)
        guard let postmaster = pidFile.split(separator: "\n").first.flatMap({ Int32($0) }) else { return }
        let signal = frozen ? "STOP" : "CONT"
        try Spawn.run("/bin/sh", ["-c", "kill -\(signal) \(postmaster); pkill -\(signal) -P \(postmaster); true"])
    }

    /// Starts the stopped server again on the same port.
    public func restart() throws {
        try cluster.start()
    }
}

/// The same, waited for off the test process's concurrency threads (`offThePool`): `initdb` and
/// `pg_ctl` take seconds on a loaded machine.
extension PrivateCluster {
    public static func start() async throws -> PrivateCluster {
        try await offThePool { try start() }
    }

    public func stop() async throws {
        try await offThePool { try stop() }
    }

    public func freeze(_ frozen: Bool) async throws {
        try await offThePool { try freeze(frozen) }
    }

    public func restart() async throws {
        try await offThePool { try restart() }
    }
}
