// roam-bench: measures the accounts service over real HTTP/2 on loopback against a real PostgreSQL.
// Prints log-in and get-profile latency (p50/p99) and throughput, local token verifications per second,
// and this process's resident memory idle and under load. Build in release for figures worth quoting:
//   swift run -c release roam-bench [concurrency] [seconds]
import Accounts
import Crypto
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import Logging
import RoamProto
import RoamRuntime
import RoamTesting

let arguments = CommandLine.arguments.dropFirst().compactMap(Int.init)
let concurrency = arguments.first ?? 16
let seconds = arguments.dropFirst().first ?? 5

try await TestDatabase.withClient { postgres in
    var logger = Logger(label: "bench")
    logger.logLevel = .error
    try await AccountsMigrations.migrator.migrate(postgres, logger: logger)
    let signingKey = SigningKey(privateKey: Curve25519.Signing.PrivateKey())
    let accounts = try await Repositories(database: Database(client: postgres)).service(
        hasher: PasswordHasher(), signer: JWTAccessTokenSigner(signingKey: signingKey),
        mailer: LoggingMailSender(logger: logger), policy: AccountPolicy())
    let verifier = await AccessTokenVerifier(keySource: LocalPublicKeySource(keys: [signingKey.publicJWK]),
                                             serviceSecret: ServiceSettings.developmentServiceSecret)
    try await verifier.loadKeys()
    let health = HealthService(serviceNames: [])
    health.setAll(.serving)
    let server = GRPCServer(
        transport: .http2NIOPosix(address: .ipv4(host: "127.0.0.1", port: 0), transportSecurity: .plaintext),
        services: [AccountsGRPCService(accounts: accounts, publicKeys: [signingKey.publicJWK]), health],
        interceptors: ServiceHost.interceptors(health: health, verifier: verifier,
                                               anonymousMethods: AccountsGRPCService.anonymousMethods, logger: logger))
    try await withThrowingDiscardingTaskGroup { group in
        group.addTask { try await server.serve() }
        guard let port = try await server.listeningAddress?.ipv4?.port else { throw BenchError(message: "the server did not start listening") }
        try await withGRPCClient(transport: .http2NIOPosix(target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext)) { grpc in
            let client = Roam_Accounts_V1_AccountsService.Client(wrapping: grpc)
            try await runBenchmarks(client: client, verifier: verifier)
        }
        server.beginGracefulShutdown()
    }
}

func runBenchmarks(client: Roam_Accounts_V1_AccountsService.Client<HTTP2ClientTransport.Posix>, verifier: AccessTokenVerifier) async throws {
    print("roam-bench: accounts over HTTP/2 on loopback, real PostgreSQL, \(concurrency) concurrent callers, \(seconds) s per figure")
    print("resident memory idle: \(residentMegabytes()) MB")
    let name = "bench_\(UUID().uuidString.prefix(8).lowercased())"
    let signedUp = try await client.signUp(.with {
        $0.email = "\(name)@example.com"; $0.username = name; $0.password = "benchmark passphrase"; $0.displayName = "Bench"
    })
    let token = signedUp.tokens.accessToken

    let login = try await measure {
        _ = try await client.logIn(.with { $0.identifier = name; $0.password = "benchmark passphrase" })
    }
    print("log-in (Argon2id 19 MiB, t=2):   \(login)")
    let profile = try await measure {
        _ = try await client.getMyProfile(.init(), metadata: ["authorization": "Bearer \(token)"])
    }
    print("get-my-profile (token + SQL):   \(profile)")
    print("resident memory after load: \(residentMegabytes()) MB")

    let started = ContinuousClock.now
    var verified = 0
    while ContinuousClock.now - started < .seconds(2) {
        _ = try await verifier.verify(token)
        verified += 1
    }
    print("token verifications (one task): \(Int(Double(verified) / 2)) /s")
}

/// Runs `call` from `concurrency` tasks for `seconds` and summarises the latencies.
func measure(_ call: @escaping @Sendable () async throws -> Void) async throws -> String {
    let deadline = ContinuousClock.now + .seconds(seconds)
    let latencies = try await withThrowingTaskGroup(of: [Duration].self) { group in
        for _ in 0..<concurrency {
            group.addTask {
                var local: [Duration] = []
                while ContinuousClock.now < deadline {
                    let start = ContinuousClock.now
                    try await call()
                    local.append(ContinuousClock.now - start)
                }
                return local
            }
        }
        return try await group.reduce(into: []) { $0 += $1 }.sorted()
    }
    guard !latencies.isEmpty else { return "no calls completed" }
    func milliseconds(_ d: Duration) -> String { String(format: "%.2f ms", Double(d.components.attoseconds) / 1e15 + Double(d.components.seconds) * 1000) }
    let p50 = latencies[latencies.count / 2]
    let p99 = latencies[min(latencies.count - 1, latencies.count * 99 / 100)]
    return "\(Int(Double(latencies.count) / Double(seconds))) req/s, p50 \(milliseconds(p50)), p99 \(milliseconds(p99)) (\(latencies.count) calls)"
}

func residentMegabytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
          let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return -1 }
    return kilobytes / 1024
}

struct BenchError: Error, CustomStringConvertible {
    var message: String
    var description: String { "roam-bench: \(message)" }
}
