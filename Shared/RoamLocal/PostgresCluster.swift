import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A PostgreSQL cluster of its own in a folder (initdb + pg_ctl), on 127.0.0.1 and a private port
/// and socket folder so nothing clashes. `initdb` refuses to run as root, so as root every command
/// runs as the `postgres` user, who then owns the folder.
public struct PostgresCluster: Sendable {
    public let directory: String
    public let port: Int
    public let binaries: String
    /// Speed over durability, for throwaway test clusters only.
    public let unsafeFast: Bool

    public init(directory: String, port: Int, binaries: String? = nil, unsafeFast: Bool = false) {
        self.directory = directory
        self.port = port
        self.binaries = binaries ?? Self.binaryDirectory() ?? "/usr/bin"
        self.unsafeFast = unsafeFast
    }

    /// Where `initdb` and `pg_ctl` are: `PG_BIN`, else the newest Debian install.
    public static func binaryDirectory() -> String? {
        if let configured = ProcessInfo.processInfo.environment["PG_BIN"], !configured.isEmpty {
            return FileManager.default.fileExists(atPath: "\(configured)/initdb") ? configured : nil
        }
        for version in ["17", "16", "15", "14"] where FileManager.default.fileExists(atPath: "/usr/lib/postgresql/\(version)/bin/initdb") {
            return "/usr/lib/postgresql/\(version)/bin"
        }
        return FileManager.default.fileExists(atPath: "/usr/bin/initdb") ? "/usr/bin" : nil
    }

    public static var isInstalled: Bool { binaryDirectory() != nil }

    /// The superuser's URL (trust authentication on loopback only).
    public var adminURL: String { "postgres://roam@127.0.0.1:\(port)/roam?sslmode=disable" }

    public func url(user: String, password: String) -> String {
        "postgres://\(user):\(password)@127.0.0.1:\(port)/roam?sslmode=disable"
    }

    var dataDirectory: String { "\(directory)/data" }
    var asRoot: Bool { getuid() == 0 }

    public var isInitialized: Bool { FileManager.default.fileExists(atPath: "\(dataDirectory)/PG_VERSION") }

    /// Creates the cluster and its `roam` database unless they exist, then starts the server.
    public func start() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if asRoot { try Spawn.run("/bin/chown", ["-R", "postgres:postgres", directory]) }
        let created = !isInitialized
        if created {
            try runAsOwner(
                "\(binaries)/initdb -D \(dataDirectory) -U roam --auth=trust \(unsafeFast ? "--no-sync" : "") --locale=C.UTF-8 -E UTF8 >\(directory)/initdb.log 2>&1"
            )
        }
        let fast = unsafeFast ? "-c fsync=off -c synchronous_commit=off -c full_page_writes=off" : ""
        try runAsOwner(
            """
            \(binaries)/pg_ctl -D \(dataDirectory) -l \(directory)/server.log -w -t 60 \
            -o "-p \(port) -k \(directory) -c listen_addresses=127.0.0.1 -c max_connections=\(unsafeFast ? 1000 : 200) \(fast)" start >/dev/null
            """)
        if created { try runAsOwner("\(binaries)/createdb -h \(directory) -p \(port) -U roam roam") }
    }

    /// Stops the server, letting open transactions finish (`fast` mode: clients are disconnected).
    public func stop() throws {
        try runAsOwner("\(binaries)/pg_ctl -D \(dataDirectory) -m fast -w stop >/dev/null")
    }

    /// The shell command that stops the server at once, for a watchdog.
    public var immediateStopCommand: String {
        let stop = "\(binaries)/pg_ctl -D \(dataDirectory) -m immediate stop"
        return asRoot ? "su postgres -s /bin/sh -c '\(stop)'" : stop
    }

    /// Whether the server's user can write in the cluster's folder (as root, `postgres` needs every
    /// parent folder to be traversable, which a home directory often is not).
    public func ownerCanUse() -> Bool {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            if asRoot { try Spawn.run("/bin/chown", ["postgres:postgres", directory]) }
            try runAsOwner("test -w \(directory) && test -x \(directory)")
            return true
        } catch {
            return false
        }
    }

    private func runAsOwner(_ command: String) throws {
        if asRoot {
            try Spawn.run("/bin/su", ["postgres", "-s", "/bin/sh", "-c", command])
        } else {
            try Spawn.run("/bin/sh", ["-c", command])
        }
    }
}
