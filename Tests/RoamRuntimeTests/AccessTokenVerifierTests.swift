import Foundation
import JWTKit
import RoamTesting
import Synchronization
import Testing

@testable import RoamRuntime

@Suite struct AccessTokenVerifierTests {
    @Test func aValidUserTokenNamesTheUser() async throws {
        let tokens = await TestTokens()
        let verifier = try await tokens.verifier()
        let user = UUID()
        let caller = try await verifier.verify(tokens.userToken(user, emailVerified: true))
        guard case .user(let authenticated) = caller else { Issue.record("expected a user, got \(caller)"); return }
        #expect(authenticated.id == user)
        #expect(authenticated.emailVerified)
    }

    @Test func expiredTokensAreRejectedAsExpired() async throws {
        let tokens = await TestTokens()
        let verifier = try await tokens.verifier()
        let token = try await tokens.userToken(UUID(), now: Date().addingTimeInterval(-3600))
        await #expect { try await verifier.verify(token) } throws: { ($0 as? RoamError)?.reason == "TOKEN_EXPIRED" }
    }

    @Test func tokensFromAnotherKeyAreRejected() async throws {
        let verifier = try await TestTokens().verifier()
        let stranger = await TestTokens()
        let token = try await stranger.userToken(UUID())
        await #expect { try await verifier.verify(token) } throws: { ($0 as? RoamError)?.kind == .unauthenticated }
    }

    @Test func garbageIsRejected() async throws {
        let verifier = try await TestTokens().verifier()
        for token in ["", "a.b.c", "not a token", "eyJhbGciOiJub25lIn0.e30."] {
            await #expect { try await verifier.verify(token) } throws: { ($0 as? RoamError)?.kind == .unauthenticated }
        }
    }

    @Test func serviceCredentialsAreRecognised() async throws {
        let tokens = await TestTokens()
        let verifier = try await tokens.verifier()
        #expect(try await verifier.verify(tokens.serviceToken("events")) == .service(name: "events"))
    }

    @Test func theServiceSecretCannotMintUserTokens() async throws {
        let tokens = await TestTokens()
        let verifier = try await tokens.verifier()
        // A service-signed token that claims to be a user must not pass as that user.
        let forged = try await ServiceCredentialForger.userClaimSignedWithServiceKey()
        await #expect { try await verifier.verify(forged) } throws: { ($0 as? RoamError)?.kind == .unauthenticated }
    }

    /// A process whose keys are not loaded yet (just started) and is sent many valid tokens at once
    /// fetches the keys once, and every caller is let in; none hears 401 for a valid token.
    @Test func concurrentCallersShareOneKeyFetch() async throws {
        let tokens = await TestTokens()
        let source = CountingKeySource(keys: [tokens.publicKey])
        let verifier = await AccessTokenVerifier(keySource: source, serviceSecret: TestTokens.serviceSecret)
        let token = try await tokens.userToken(UUID())
        let admitted = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<20 { group.addTask { (try? await verifier.verify(token)) != nil } }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(admitted == 20)
        #expect(source.fetches == 1)
    }

    /// While accounts cannot be asked, a token naming a key this process has not seen may be valid: 503.
    @Test func aTokenThatCannotBeCheckedForWantOfKeysIsUnavailableNotInvalid() async throws {
        let tokens = await TestTokens()
        let verifier = await AccessTokenVerifier(keySource: CountingKeySource(keys: nil), serviceSecret: TestTokens.serviceSecret)
        let token = try await tokens.userToken(UUID())
        for _ in 0..<3 {
            await #expect { try await verifier.verify(token) } throws: { ($0 as? RoamError)?.reason == "UNAVAILABLE" }
        }
    }
}

enum ServiceCredentialForger {
    static func userClaimSignedWithServiceKey() async throws -> String {
        let keys = JWTKeyCollection()
        await keys.add(
            hmac: HMACKey(from: TestTokens.serviceSecret), digestAlgorithm: .sha256,
            kid: JWKIdentifier(string: AccessTokenVerifier.serviceKeyID))
        let claims = AccessTokenClaims(
            subject: UUID().uuidString, issuer: AccessTokenClaims.userIssuer, issuedAt: Date(),
            expiresAt: Date().addingTimeInterval(600), kind: .user)
        return try await keys.sign(claims, kid: JWKIdentifier(string: AccessTokenVerifier.serviceKeyID))
    }

}

/// Hands out `keys` after a pause, counting the fetches; nil keys fail as an unreachable accounts would.
final class CountingKeySource: PublicKeySource {
    private let keys: [JSONWebKey]?
    private let count = Mutex(0)

    init(keys: [JSONWebKey]?) {
        self.keys = keys
    }

    var fetches: Int { count.withLock { $0 } }

    func publicKeys() async throws -> [JSONWebKey] {
        count.withLock { $0 += 1 }
        try await Task.sleep(for: .milliseconds(50))
        guard let keys else { throw RoamError.unavailable }
        return keys
    }
}
