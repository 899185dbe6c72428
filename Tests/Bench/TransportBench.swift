import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import RoamLocal
import RoamProto
import RoamTesting

/// `roam-bench transport [streams per connection] [seconds]`: what one call between services costs.
/// h2load (Debian's `nghttp2-client`) sends gRPC calls straight to roam-accounts, as another service
/// would: `grpc.health.v1.Health/Check` (the transport and nothing else) and `GetMyProfile` (a token
/// check and one primary-key read). The server's own CPU time comes from /proc before and after, so
/// the figure is what the server spent per call, whatever h2load and PostgreSQL spent beside it.
enum TransportBench {
    struct Figure {
        var name: String
        var connections: Int
        var streams: Int
        var rate: Double
        var cpuPerCall: Duration
        var failed: Int
    }

    static func run(streams: Int, seconds: Int) async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/h2load") else {
            throw LocalError("h2load is needed: apt-get install nghttp2-client")
        }
        try await GatewayBench.withStack { stack, _, _, token in
            let port = stack.accountsPort
            // h2load counts an HTTP 200 as done whatever gRPC's status says: the call must succeed first.
            try await withGRPCClient(
                transport: .http2NIOPosix(target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext)
            ) { client in
                _ = try await Roam_Accounts_V1_AccountsService.Client(wrapping: client).getMyProfile(
                    .init(), metadata: ["authorization": "Bearer \(token)"])
            }
            say("roam-bench transport: h2load straight at roam-accounts on PostgreSQL, \(seconds) s per figure")
            var figures: [Figure] = []
            for (connections, perConnection) in [(4, 8), (16, streams)] {
                figures.append(
                    try await measure(
                        "Health/Check", path: "/grpc.health.v1.Health/Check", port: port, server: stack.accounts,
                        connections: connections, streams: perConnection, seconds: seconds))
            }
            figures.append(
                try await measure(
                    "GetMyProfile (token + SQL)", path: "/roam.accounts.v1.AccountsService/GetMyProfile", port: port,
                    server: stack.accounts, connections: 16, streams: streams, seconds: seconds,
                    headers: ["authorization: Bearer \(token)"]))
            say("")
            say("| call | h2load | req/s | server CPU per call |")
            say("|---|---|---|---|")
            for figure in figures {
                say(
                    "| \(figure.name) | c\(figure.connections) m\(figure.streams) | \(Int(figure.rate)) | "
                        + "\(figure.cpuPerCall.formatted(.units(allowed: [.microseconds], width: .narrow))) |")
                if figure.failed > 0 { print("warning: \(figure.failed) calls of \(figure.name) failed") }
            }
        }
    }

    /// One figure: h2load for `seconds`, with the server's CPU time read around it.
    static func measure(
        _ name: String, path: String, port: Int, server: LaunchedProcess, connections: Int, streams: Int, seconds: Int,
        headers: [String] = []
    ) async throws -> Figure {
        // An empty protobuf message in gRPC's framing: not compressed, length 0.
        let body = FileManager.default.temporaryDirectory.appendingPathComponent("roam-bench-empty.grpc")
        try Data([0, 0, 0, 0, 0]).write(to: body)
        let before = server.cpuSeconds
        let output = try await Command.output(
            "/usr/bin/h2load",
            ["-c\(connections)", "-m\(streams)", "-t\(min(2, connections))", "-D\(seconds)", "-d", body.path]
                + (["content-type: application/grpc", "te: trailers"] + headers).flatMap { ["-H", $0] }
                + ["http://127.0.0.1:\(port)\(path)"])
        let cpu = server.cpuSeconds - before
        // "finished in 10.00s, 11234.50 req/s, 1.23MB/s" and "requests: … 0 failed, 0 errored, 0 timeout"
        guard let finished = output.split(separator: "\n").first(where: { $0.hasPrefix("finished in") }),
            let rate = finished.split(separator: ",").dropFirst().first.flatMap({ Double($0.split(separator: " ").first ?? "") })
        else { throw LocalError("h2load printed no rate:\n\(output)") }
        let requests = output.split(separator: "\n").first(where: { $0.hasPrefix("requests:") }) ?? ""
        let succeeded =
            requests.split(separator: ",").first(where: { $0.hasSuffix("succeeded") })
            .flatMap { Int($0.split(separator: " ").first ?? "") } ?? 0
        let failed = requests.split(separator: ",").compactMap { part -> Int? in
            let words = part.split(separator: " ")
            return words.count == 2 && ["failed", "errored", "timeout"].contains(words[1]) ? Int(words[0]) : nil
        }.reduce(0, +)
        let calls = max(succeeded, 1)
        return Figure(
            name: name, connections: connections, streams: streams, rate: rate,
            cpuPerCall: .nanoseconds(Int64(cpu / Double(calls) * 1e9)), failed: failed)
    }
}
