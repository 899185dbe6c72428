import Foundation
import RoamLocal
import RoamTesting

/// `roam-bench gateway`: the gateway's read path (`GET /v1/me`: token check, one gRPC call, one SQL
/// lookup) and `/healthz` under wrk, next to `pgbench -S` on the same PostgreSQL in the same run.
enum GatewayBench {
    static func run(connections: Int, seconds: Int) async throws {
        try await TokenBench.run()
        try await withStack { stack, gateway, http, token in
            say("roam-bench gateway: wrk -t2 -c\(connections) -d\(seconds)s on the same 2 cores; processes: roam-gateway, roam-accounts, postgres")
            say("memory idle: gateway \(gateway.residentMegabytes) MB, accounts \(stack.accounts.residentMegabytes) MB")
            let base = http.base.absoluteString
            let me = try await Wrk.run(url: "\(base)/v1/me", connections: connections, seconds: seconds, headers: ["Authorization: Bearer \(token)"])
            let health = try await Wrk.run(url: "\(base)/healthz", connections: connections, seconds: seconds)
            let pgbench = try await PgBench.run(url: stack.adminURL, clients: 16, seconds: seconds)
            let peers = try await PeerBench.run(adminURL: stack.adminURL, connections: connections, seconds: seconds)
            say("memory after load: gateway \(gateway.residentMegabytes) MB, accounts \(stack.accounts.residentMegabytes) MB")
            say("")
            say("| path | req/s | p50 | p99 |")
            say("|---|---|---|---|")
            say("| GET /v1/me (token + gRPC + SQL) | \(Int(me.requestsPerSecond)) | \(me.p50) | \(me.p99) |")
            say("| GET /healthz | \(Int(health.requestsPerSecond)) | \(health.p50) | \(health.p99) |")
            for (name, peer) in peers {
                say("| \(name) | \(peer.map { "\(Int($0.requestsPerSecond))" } ?? "not installed") | \(peer?.p50 ?? "—") | \(peer?.p99 ?? "—") |")
            }
            say("| pgbench -S -M prepared, 16 clients | \(Int(pgbench.tps)) tps | avg \(pgbench.averageLatency) | — |")
            say("")
            say(String(format: "GET /v1/me reaches %.1f %% of pgbench -S's rate", 100 * me.requestsPerSecond / max(pgbench.tps, 1)))
            for (name, peer) in peers {
                if let peer { say(String(format: "Roam's GET /v1/me is %.2f× the \(name)", me.requestsPerSecond / max(peer.requestsPerSecond, 1))) }
            }
            if me.non2xx > 0 { print("warning: \(me.non2xx) responses to /v1/me were not 2xx") }
        }
    }

    /// Every process the gateway needs to be ready (it answers only when all it fronts do), and a signed-in reader.
    static func withStack<Result>(
        _ body: (ProcessStack, LaunchedProcess, HTTPTestClient, String) async throws -> Result
    ) async throws -> Result {
        let stack = try await ProcessStack.startAccounts()
        let unlimited = [
            "RATE_LIMIT_PER_USER": "1000000", "RATE_LIMIT_PER_USER_BURST": "1000000",
            "RATE_LIMIT_PER_ADDRESS": "1000000", "RATE_LIMIT_PER_ADDRESS_BURST": "1000000", "LOG_LEVEL": "error",
        ]
        // The gateway is ready only when every service it fronts is.
        let (events, eventsPort) = try await stack.startEvents()
        let (feed, feedPort) = try await stack.startFeed(eventsPort: eventsPort)
        let (media, mediaPort) = try await stack.startMedia()
        let (trips, tripsPort) = try await stack.startTrips()
        let (budget, budgetPort) = try await stack.startBudget(tripsPort: tripsPort)
        let (bucketLists, bucketListsPort) = try await stack.startBucketLists()
        let (gateway, http) = try await stack.startGateway(
            tripsPort: tripsPort, budgetPort: budgetPort, bucketListsPort: bucketListsPort,
            environment: unlimited.merging([
                "MEDIA_ADDRESS": "127.0.0.1:\(mediaPort)",
                "EVENTS_ADDRESS": "127.0.0.1:\(eventsPort)", "FEED_ADDRESS": "127.0.0.1:\(feedPort)",
            ]) { _, new in new })
        let signUp = try await http.send(
            "POST", "/v1/auth/signup",
            json: [
                "email": "bench@example.com", "username": "bench_reader", "password": "benchmark passphrase", "displayName": "Bench",
            ])
        guard let token = ((try signUp.json()["tokens"]) as? [String: Any])?["accessToken"] as? String else {
            throw LocalError("sign-up failed: \(String(decoding: signUp.body, as: UTF8.self))")
        }
        let result = try await body(stack, gateway, http, token)
        _ = await gateway.stop()
        _ = await budget.stop()
        _ = await bucketLists.stop()
        _ = await trips.stop()
        _ = await feed.stop()
        _ = await media.stop()
        _ = await events.stop()
        _ = await stack.accounts.stop()
        return result
    }
}

/// Runs wrk (Debian package `wrk`) and reads its summary.
enum Wrk {
    struct Result {
        var requestsPerSecond: Double
        var p50: String
        var p99: String
        var non2xx: Int
    }

    /// wrk's `12.34ms`, `1.02s` or `850.00us`.
    static func duration(_ text: String) -> Duration? {
        for (unit, scale) in [("us", 1e-6), ("ms", 1e-3), ("s", 1.0), ("m", 60.0)] where text.hasSuffix(unit) {
            guard let value = Double(text.dropLast(unit.count)) else { return nil }
            return .nanoseconds(Int64(value * scale * 1e9))
        }
        return nil
    }

    static func run(url: String, connections: Int, seconds: Int, headers: [String] = []) async throws -> Result {
        let output = try await Command.output(
            "/usr/bin/wrk",
            ["-t\(min(2, connections))", "-c\(connections)", "-d\(seconds)s", "--latency"]
                + headers.flatMap { ["-H", $0] } + [url])
        func value(after label: String) -> String? {
            output.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(label) }
                .flatMap { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.map(String.init) }
        }
        guard let rate = value(after: "Requests/sec:").flatMap(Double.init) else { throw LocalError("wrk printed no rate:\n\(output)") }
        let non2xx = value(after: "Non-2xx or 3xx responses:").flatMap(Int.init) ?? 0
        return Result(requestsPerSecond: rate, p50: value(after: "50%") ?? "?", p99: value(after: "99%") ?? "?", non2xx: non2xx)
    }
}

/// Runs `pgbench -S` (select-only, prepared statements) on a scale-10 table set it creates.
enum PgBench {
    struct Result {
        var tps: Double
        var averageLatency: String
    }

    static func run(url: String, clients: Int, seconds: Int) async throws -> Result {
        let pgbench = "\(PostgresCluster.binaryDirectory() ?? "/usr/bin")/pgbench"
        _ = try await Command.output(pgbench, ["-i", "-s", "10", "-q", url])
        let output = try await Command.output(pgbench, ["-S", "-M", "prepared", "-c", "\(clients)", "-j", "2", "-T", "\(seconds)", url])
        let lines = output.split(separator: "\n")
        guard let tpsLine = lines.first(where: { $0.hasPrefix("tps = ") }),
            let tps = Double(tpsLine.dropFirst("tps = ".count).prefix { $0.isNumber || $0 == "." })
        else {
            throw LocalError("pgbench printed no tps:\n\(output)")
        }
        let latency = lines.first { $0.hasPrefix("latency average = ") }.map { String($0.dropFirst("latency average = ".count)) } ?? "?"
        return Result(tps: tps, averageLatency: latency)
    }
}

/// Runs a command to completion and returns what it printed.
enum Command {
    static func output(_ executable: String, _ arguments: [String]) async throws -> String {
        let lines = LineSink()
        let process = try ChildProcess(
            name: executable, executable: executable, arguments: arguments,
            environment: ProcessInfo.processInfo.environment
        ) { lines.append($0) }
        let status = await process.exitStatus()
        // The reader thread may still be delivering the last lines.
        try await Task.sleep(for: .milliseconds(100))
        guard status == 0 else { throw LocalError("\(executable) failed (\(status)):\n\(lines.text)") }
        return lines.text
    }
}

/// Prints at once, so a slow or killed run still shows what it measured.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
