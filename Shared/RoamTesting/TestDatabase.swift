import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Logging
import PostgresNIO
import RoamRuntime

/// A real PostgreSQL for tests. Uses `DATABASE_URL` when it is set; otherwise starts a private
/// cluster (initdb + pg_ctl) under a temporary folder on a free port, once per test process, and a
/// watchdog that stops it and removes the folder when the process exits.
public enum TestDatabase {
    private static let started = StartOnce()

    /// The connection URL of the test database, starting the server on first use.
    public static func url() async throws -> String {
        if let url = ProcessInfo.processInfo.environment["DATABASE_URL"], !url.isEmpty { return url }
        return try await started.url()
    }

    /// Runs `body` with a running client connected to the test database.
    public static func withClient<Result: Sendable>(_ body: @Sendable (PostgresClient) async throws -> Result) async throws -> Result {
        let url = try await url()
        let settings = try DatabaseSettings(environment: Environment(["DATABASE_URL": url, "DATABASE_MAX_CONNECTIONS": "8"]))
        let client = PostgresClient(configuration: settings.configuration, backgroundLogger: Logger(label: "test-postgres"))
        return try await withThrowingTaskGroup(of: Result?.self) { group in
            group.addTask {
                await client.run()
                return nil
            }
            defer { group.cancelAll() }
            return try await body(client)
        }
    }

    private actor StartOnce {
        private var task: Task<String, any Error>?

        func url() async throws -> String {
            if let task { return try await task.value }
            let task = Task { try LocalCluster.start() }
            self.task = task
            return try await task.value
        }
    }
}

/// A throwaway PostgreSQL cluster.
enum LocalCluster {
    static func start() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roam-test-pg-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let binaries = binaryDirectory()
        let port = Int.random(in: 20000...45000)
        let asRoot = getuid() == 0
        if asRoot { try run("/bin/chown", ["postgres:postgres", directory]) }

        try runAsOwner(asRoot, "\(binaries)/initdb -D \(directory)/data -U roam --auth=trust --no-sync --locale=C.UTF-8 -E UTF8 >\(directory)/initdb.log 2>&1")
        try runAsOwner(asRoot, """
            \(binaries)/pg_ctl -D \(directory)/data -l \(directory)/server.log -w -t 60 \
            -o "-p \(port) -k \(directory) -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >/dev/null
            """)
        try runAsOwner(asRoot, "\(binaries)/createdb -h \(directory) -p \(port) -U roam roam")

        // The watchdog outlives this process only as long as it takes to notice it is gone.
        let stop = "\(binaries)/pg_ctl -D \(directory)/data -m immediate stop"
        // It must not hold the test's output pipes open, or the runner waits for it forever.
        let watchdog = """
            exec </dev/null >/dev/null 2>&1
            while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done
            \(asRoot ? "su postgres -s /bin/sh -c '\(stop)'" : stop) >/dev/null 2>&1
            rm -rf \(directory)
            """
        _ = try spawn("/bin/sh", ["-c", watchdog])
        return "postgres://roam@127.0.0.1:\(port)/roam?sslmode=disable"
    }

    static func binaryDirectory() -> String {
        if let configured = ProcessInfo.processInfo.environment["PG_BIN"] { return configured }
        for version in ["17", "16", "15", "14"] where FileManager.default.fileExists(atPath: "/usr/lib/postgresql/\(version)/bin/initdb") {
            return "/usr/lib/postgresql/\(version)/bin"
        }
        return "/usr/bin"
    }

    private static func runAsOwner(_ asRoot: Bool, _ command: String) throws {
        if asRoot {
            try run("/bin/su", ["postgres", "-s", "/bin/sh", "-c", command])
        } else {
            try run("/bin/sh", ["-c", command])
        }
    }

    /// posix_spawn + waitpid rather than Foundation's Process, whose exit detection can miss a
    /// child that exits while the test process is busy (seen with `su` here).
    private static func run(_ executable: String, _ arguments: [String]) throws {
        let pid = try spawn(executable, arguments)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        guard status == 0 else {
            throw TestDatabaseError(message: "\(executable) \(arguments.joined(separator: " ")) failed with status \(status)")
        }
    }
}

private func spawn(_ executable: String, _ arguments: [String]) throws -> pid_t {
    var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) }
    argv.append(nil)
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, nil, nil, argv, environ)
    guard spawned == 0 else { throw TestDatabaseError(message: "cannot start \(executable): error \(spawned)") }
    return pid
}

struct TestDatabaseError: Error, CustomStringConvertible {
    var message: String
    var description: String { "could not start a test PostgreSQL: \(message)" }
}
