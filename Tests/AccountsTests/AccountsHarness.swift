import AccountsTesting
import Crypto
import Foundation
import GRPCCore
import GRPCInProcessTransport
import GRPCProtobuf
import Logging
import RoamProto
import RoamRuntime
import RoamTesting
import Synchronization

@testable import Accounts

typealias AccountsClient = Roam_Accounts_V1_AccountsService.Client<InProcessTransport.Client>
typealias AccountsAdminClient = Roam_Accounts_V1_AccountsAdminService.Client<InProcessTransport.Client>

/// The accounts gRPC service on in-memory (or PostgreSQL) repositories, behind the real interceptors.
enum AccountsHarness {
    static let fastHasher = PasswordHasher(parameters: Argon2id(memoryKiB: 64, iterations: 1, parallelism: 1))

    static func run(
        store: StoreKind = .memory, policy: AccountPolicy = AccountPolicy(), providers: [IdentityProvider] = [],
        keyRefetchCooldown: Duration = .zero, now: @escaping @Sendable () -> Date = Date.init,
        _ body: @Sendable (AccountsClient, AccountMails) async throws -> Void
    ) async throws {
        try await runWithAdmin(
            store: store, policy: policy, providers: providers, keyRefetchCooldown: keyRefetchCooldown, now: now
        ) { client, _, mails in
            try await body(client, mails)
        }
    }

    /// The same, with the operators' and moderators' service beside it.
    static func runWithAdmin(
        store: StoreKind = .memory, policy: AccountPolicy = AccountPolicy(), providers: [IdentityProvider] = [],
        keyRefetchCooldown: Duration = .zero, now: @escaping @Sendable () -> Date = Date.init,
        _ body: @Sendable (AccountsClient, AccountsAdminClient, AccountMails) async throws -> Void
    ) async throws {
        try await store.withRepositories { repositories in
            let signingKey = SigningKey(privateKey: Curve25519.Signing.PrivateKey())
            let mailer = AccountMails(repositories)
            let accounts = try await repositories.service(
                hasher: fastHasher, signer: JWTAccessTokenSigner(signingKey: signingKey),
                policy: policy, providers: providers,
                idTokens: JWKSIDTokenVerifier(refetchCooldown: keyRefetchCooldown, logger: Logger(label: "test")),
                now: now)
            let verifier = await AccessTokenVerifier(
                keySource: LocalPublicKeySource(keys: [signingKey.publicJWK]),
                serviceSecret: TestTokens.serviceSecret)
            try await verifier.loadKeys()
            let services: [any RegistrableRPCService] = [
                AccountsGRPCService(accounts: accounts, publicKeys: [signingKey.publicJWK]),
                AccountsAdminGRPCService(accounts: accounts, now: now),
            ]
            try await InProcessService.run(services, verifier: verifier, anonymousMethods: AccountsGRPCService.anonymousMethods) { client, _ in
                try await body(AccountsClient(wrapping: client), AccountsAdminClient(wrapping: client), mailer)
            }
        }
    }

    static func signUp(
        _ client: AccountsClient, name: String = "walker", password: String = "correct horse battery"
    ) async throws
        -> Roam_Accounts_V1_SignUpResponse
    {
        let username = "\(name)_\(UUID().uuidString.prefix(6).lowercased())"
        return try await client.signUp(
            .with {
                $0.email = "\(username)@example.com"
                $0.username = username
                $0.password = password
                $0.displayName = name.capitalized
            })
    }

    /// The RPC error a call ends with, or nil when it succeeds.
    static func refusal(_ body: () async throws -> some Any) async -> RPCError? {
        do {
            _ = try await body()
            return nil
        } catch {
            return error as? RPCError
        }
    }

    static func bearer(_ token: String) -> Metadata {
        ["authorization": "Bearer \(token)"]
    }
}

extension RPCError {
    /// The field names of the BadRequest detail, if any.
    var violatedFields: [String] {
        (try? unpackGoogleRPCStatus())?.details.compactMap(\.badRequest).flatMap { $0.violations.map(\.field) } ?? []
    }

    var reason: String? {
        (try? unpackGoogleRPCStatus())?.details.compactMap(\.errorInfo).first?.reason
    }
}
