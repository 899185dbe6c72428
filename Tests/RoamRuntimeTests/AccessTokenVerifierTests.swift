import Foundation
@testable import RoamRuntime
import RoamTesting
import Testing

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
}

import JWTKit

enum ServiceCredentialForger {
    static func userClaimSignedWithServiceKey() async throws -> String {
        let keys = JWTKeyCollection()
        await keys.add(hmac: HMACKey(from: TestTokens.serviceSecret), digestAlgorithm: .sha256,
                       kid: JWKIdentifier(string: AccessTokenVerifier.serviceKeyID))
        let claims = AccessTokenClaims(subject: UUID().uuidString, issuer: AccessTokenClaims.userIssuer, issuedAt: Date(),
                                       expiresAt: Date().addingTimeInterval(600), kind: .user)
        return try await keys.sign(claims, kid: JWKIdentifier(string: AccessTokenVerifier.serviceKeyID))
    }
}
