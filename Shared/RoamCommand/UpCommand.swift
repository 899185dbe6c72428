import Foundation
import Logging
import RoamLocal
import RoamRuntime

#if canImport(Glibc)
import Glibc
#endif

/// `roam up`: builds and starts the whole stack on this machine, PostgreSQL included, and stops it
/// all cleanly on Ctrl-C. Data lives in `.roam/` in the project, so a second run keeps it.
struct UpCommand {
    let projectDirectory: String
    let binDirectory: String
    let environment: [String: String]
    let console: Console

    var stateDirectory: String { "\(projectDirectory)/.roam" }

    enum Storage {
        case postgres(adminURL: String, cluster: PostgresCluster?)
        case memory
    }

    func run() async throws -> Int32 {
        try FileManager.default.createDirectory(atPath: stateDirectory, withIntermediateDirectories: true)
        if environment["ROAM_SKIP_BUILD"] != "true" { try build() }
        // From here on Ctrl-C stops everything in order instead of killing this process.
        let signals = SignalWatcher(signals: [SIGINT, SIGTERM])

        let storage = try startDatabase()
        var processes: [ChildProcess] = []
        var status: Int32 = 0
        do {
            processes = try await startServices(storage: storage)
            let gateway = try startGateway()
            processes.append(gateway)
            try await waitForGateway(gateway)
            let mailPage = startMailPage()
            defer { mailPage?.cancel() }
            printWelcome(storage: storage)
            let reason = await firstOf(signals: signals, processes: processes)
            if let exited = reason {
                console.say("\(exited.name) stopped unexpectedly; stopping everything")
                status = 1
            } else {
                console.say("stopping…")
            }
        } catch {
            console.say("\(error)")
            status = 1
        }
        await stop(processes)
        if case .postgres(_, let cluster?) = storage {
            do { try cluster.stop(); console.say("PostgreSQL stopped") } catch { console.say("could not stop PostgreSQL: \(error)") }
        }
        return status
    }

    /// `swift build` for every executable, in this process group so Ctrl-C stops it too.
    private func build() throws {
        let configuration = binDirectory.contains("/release") ? ["-c", "release"] : []
        for product in StackPlan.services.map(\.executable) + [StackPlan.gatewayExecutable] {
            console.say("building \(product)…")
            try Spawn.run("/usr/bin/env", ["swift", "build", "--product", product] + configuration, ownProcessGroup: false)
        }
    }

    private func startDatabase() throws -> Storage {
        if let url = environment["DATABASE_URL"], !url.isEmpty {
            console.say("using the PostgreSQL server in DATABASE_URL")
            return .postgres(adminURL: url, cluster: nil)
        }
        guard PostgresCluster.isInstalled else {
            console.say(
                """
                !!! PostgreSQL is not installed, so everything runs IN MEMORY and is lost on exit. !!!
                roam: to keep data, install it and run again:
                roam:     sudo apt-get install -y postgresql-15 postgresql-15-postgis-3
                roam: (or set DATABASE_URL to a server you have, or PG_BIN to the folder holding initdb)
                """)
            return .memory
        }
        let port = Int(environment["ROAM_POSTGRES_PORT"] ?? "") ?? 54329
        var cluster = PostgresCluster(directory: "\(stateDirectory)/postgres", port: port)
        if !cluster.ownerCanUse() {
            // Running as root in a folder the postgres user cannot reach: keep the data where it can.
            let fallback = "/var/tmp/roam-postgres-\(UInt32(truncatingIfNeeded: projectDirectory.hashValueStable))"
            console.say("the postgres user cannot use .roam/postgres here; keeping the data in \(fallback)")
            cluster = PostgresCluster(directory: fallback, port: port)
        }
        console.say(
            cluster.isInitialized
                ? "starting PostgreSQL in \(cluster.directory) on port \(port)"
                : "creating a PostgreSQL cluster in \(cluster.directory) on port \(port)")
        do {
            try cluster.start()
        } catch {
            throw LocalError(
                """
                PostgreSQL did not start (\(error)).
                roam: is another `roam up` still running? Stop it, or set ROAM_POSTGRES_PORT. The server's own log
                roam: is \(cluster.directory)/server.log
                """)
        }
        return .postgres(adminURL: cluster.adminURL, cluster: cluster)
    }

    private func startServices(storage: Storage) async throws -> [ChildProcess] {
        var databaseURLs: [String: String] = [:]
        if case .postgres(let adminURL, _) = storage {
            var passwords: [String: String] = [:]
            for spec in StackPlan.services {
                passwords[spec.schema] = try Provisioning.password(in: "\(stateDirectory)/db-password-\(spec.schema)")
            }
            var logger = Logger(label: "roam")
            logger.logLevel = .warning
            do {
                try await Provisioning.run(adminURL: adminURL, passwords: passwords, logger: logger)
                for (spec, grant) in zip(StackPlan.services, Provisioning.grants(passwords: passwords)) {
                    databaseURLs[spec.name] = grant.connectionURL(adminURL: adminURL)
                }
            } catch {
                // A server where we may not create roles: every service uses the given login.
                console.say("could not create per-service roles (\(error)); every service logs in as given in DATABASE_URL")
                for spec in StackPlan.services { databaseURLs[spec.name] = adminURL }
            }
        }
        var started: [ChildProcess] = []
        for spec in StackPlan.services {
            var variables = serviceEnvironment()
            variables["GRPC_PORT"] = String(spec.grpcPort)
            variables["METRICS_PORT"] = String(spec.metricsPort)
            if let url = databaseURLs[spec.name] { variables["DATABASE_URL"] = url } else { variables["ROAM_IN_MEMORY"] = "true" }
            let process = try launch(spec.name, spec.executable, variables)
            started.append(process)
            do {
                try await HealthProbe.waitUntilServing(spec, process: process)
            } catch {
                await stop(started)
                throw error
            }
            console.say("\(spec.name) is serving on 127.0.0.1:\(spec.grpcPort)")
        }
        return started
    }

    private func startGateway() throws -> ChildProcess {
        var variables = serviceEnvironment()
        variables["HTTP_PORT"] = variables["HTTP_PORT"] ?? String(StackPlan.gatewayPort)
        return try launch("gateway", StackPlan.gatewayExecutable, variables)
    }

    /// What every process gets: the caller's environment (LOG_LEVEL and the like pass through), where
    /// the other services are, the signing key kept in `.roam`, and `ROAM_ENVIRONMENT=development`.
    private func serviceEnvironment() -> [String: String] {
        var variables = environment
        variables.removeValue(forKey: "DATABASE_URL")
        // A developer's machine: the built-in service secret is fine here, and only here.
        variables[DeploymentKind.variable] = DeploymentKind.development.rawValue
        for spec in StackPlan.services { variables[spec.addressVariable] = "127.0.0.1:\(spec.grpcPort)" }
        variables["EVENT_PURGE_TARGETS"] = variables["EVENT_PURGE_TARGETS"] ?? StackPlan.eventPurgeTargets
        variables["USER_PURGE_TARGETS"] = variables["USER_PURGE_TARGETS"] ?? StackPlan.userPurgeTargets
        variables["TRIP_PURGE_TARGETS"] = variables["TRIP_PURGE_TARGETS"] ?? StackPlan.tripPurgeTargets
        variables["ACCOUNTS_SIGNING_KEY_FILE"] = variables["ACCOUNTS_SIGNING_KEY_FILE"] ?? "\(stateDirectory)/accounts-signing-key"
        variables["MAIL_DIRECTORY"] = variables["MAIL_DIRECTORY"] ?? mailDirectory
        return variables
    }

    private var mailDirectory: String { "\(stateDirectory)/mail" }

    /// Whether mails go to the log and the mail page (the development default) rather than to `SMTP_URL`.
    private var logsMail: Bool { (environment["MAIL_TRANSPORT"] ?? "log") == "log" }

    /// The page that shows what accounts mailed, while mails go to the log.
    private func startMailPage() -> Task<Void, Never>? {
        guard logsMail else { return nil }
        let folder = environment["MAIL_DIRECTORY"] ?? mailDirectory
        let console = self.console
        return Task {
            do {
                try await MailPage.application(folder: folder).run()
            } catch {
                console.say("the mail page could not start on port \(MailPage.port): \(error)")
            }
        }
    }

    private func launch(_ name: String, _ executable: String, _ variables: [String: String]) throws -> ChildProcess {
        let console = self.console
        return try ChildProcess(name: name, executable: "\(binDirectory)/\(executable)", environment: variables) { line in
            console.line(from: name, line)
        }
    }

    private func waitForGateway(_ gateway: ChildProcess) async throws {
        let port = Int(environment["HTTP_PORT"] ?? "") ?? StackPlan.gatewayPort
        for _ in 0..<240 {
            if gateway.hasExited { throw LocalError("the gateway exited while starting; see its log lines above") }
            if PortProbe.isListening(port: port) { return }
            try await Task.sleep(for: .milliseconds(250))
        }
        throw LocalError("the gateway did not start listening on port \(port)")
    }

    private func printWelcome(storage: Storage) {
        let port = Int(environment["HTTP_PORT"] ?? "") ?? StackPlan.gatewayPort
        var lines = [
            "Roam is running.",
            "  API          http://localhost:\(port)/v1   (try: curl http://localhost:\(port)/readyz)",
            "  OpenAPI      http://localhost:\(port)/openapi.json",
            "  metrics      http://127.0.0.1:\(StackPlan.gatewayMetricsPort)/metrics",
            logsMail
                ? "  mail         http://localhost:\(MailPage.port)   (MAIL_TRANSPORT=log, development: mails are shown there and logged, not sent)"
                : "  mail         sent through SMTP_URL (MAIL_TRANSPORT=smtp)",
        ]
        for spec in StackPlan.services {
            lines.append(
                "  \(spec.name.padding(toLength: 12, withPad: " ", startingAt: 0)) grpc 127.0.0.1:\(spec.grpcPort), metrics http://127.0.0.1:\(spec.metricsPort)/metrics"
            )
        }
        switch storage {
        case .postgres(_, let cluster?): lines.append("  PostgreSQL   127.0.0.1:\(cluster.port) (data in \(cluster.directory))")
        case .postgres: lines.append("  PostgreSQL   the server in DATABASE_URL")
        case .memory: lines.append("  storage      IN MEMORY: nothing is kept after Ctrl-C")
        }
        lines.append("Press Ctrl-C to stop everything.")
        for line in lines { console.say(line) }
    }

    /// Waits for a stop signal (nil) or for a process to exit on its own (that process).
    private func firstOf(signals: SignalWatcher, processes: [ChildProcess]) async -> ChildProcess? {
        while true {
            if signals.received { return nil }
            if let exited = processes.first(where: \.hasExited) { return exited }
            try? await Task.sleep(for: .milliseconds(200))
        }
    }

    /// SIGTERM in reverse start order (the gateway first), each given time to finish its calls.
    private func stop(_ processes: [ChildProcess]) async {
        for process in processes.reversed() {
            process.terminate()
            if let status = await process.exitStatus(within: .seconds(20)) {
                console.say("\(process.name) stopped (status \(status))")
            } else {
                console.say("\(process.name) did not stop in 20 s; killing it")
                process.kill(signal: SIGKILL)
                _ = await process.exitStatus()
            }
        }
    }
}

extension String {
    /// FNV-1a: the same for the same path on every run, unlike `hashValue`.
    var hashValueStable: UInt64 {
        utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}
