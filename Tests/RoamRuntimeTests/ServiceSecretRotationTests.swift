import Foundation
import RoamTesting
import Testing

@testable import RoamRuntime

/// The service secret changes without downtime: while it rolls out every process accepts two secrets
/// (`ROAM_SERVICE_SECRET_ACCEPTED`), signing with one.
@Suite struct ServiceSecretRotationTests {
    static let old = "the-old-service-secret-0123456789abcdef0123456789"
    static let new = "the-new-service-secret-fedcba9876543210fedcba9876"

    @Test func credentialsOfEitherSecretAreAcceptedAndNoOther() async throws {
        // Step 1 of a rotation: signing with the old secret, accepting the new one.
        let rolling = await AccessTokenVerifier(keySource: nil, serviceSecret: Self.old, acceptedServiceSecret: Self.new)
        for secret in [Self.old, Self.new] {
            let token = try await ServiceCredential(serviceName: "feed", secret: secret).token()
            #expect(try await rolling.verify(token) == .service(name: "feed"))
        }
        let forged = try await ServiceCredential(serviceName: "feed", secret: "someone-elses-secret-0123456789abcdefghij").token()
        await #expect { try await rolling.verify(forged) } throws: { ($0 as? RoamError)?.kind == .unauthenticated }
        // Step 3: the old secret dropped, its credentials refused.
        let done = await AccessTokenVerifier(keySource: nil, serviceSecret: Self.new)
        let stale = try await ServiceCredential(serviceName: "feed", secret: Self.old).token()
        await #expect { try await done.verify(stale) } throws: { ($0 as? RoamError)?.kind == .unauthenticated }
    }

    @Test func mediaLinksOfEitherSecretAreAccepted() {
        let media = UUID()
        let now = Date()
        let checker = MediaLinkSigner(serviceSecret: Self.new, acceptedServiceSecret: Self.old)
        for signer in [MediaLinkSigner(serviceSecret: Self.old), MediaLinkSigner(serviceSecret: Self.new)] {
            let expires = signer.expiry(at: now)
            #expect(
                checker.accepts(
                    signature: signer.signature(media: media, variant: "preview", expires: expires), media: media,
                    variant: "preview", expires: expires, at: now))
        }
        let other = MediaLinkSigner(serviceSecret: "someone-elses-secret-0123456789abcdefghij")
        let expires = other.expiry(at: now)
        #expect(
            !checker.accepts(
                signature: other.signature(media: media, variant: "preview", expires: expires), media: media,
                variant: "preview", expires: expires, at: now))
    }

    @Test func theAcceptedSecretFollowsTheSecretsRules() {
        for value in ["short", PublishedSecrets.developmentServiceSecret] {
            #expect {
                try ServiceSettings(
                    name: "t", defaultGRPCPort: 1, defaultMetricsPort: 2,
                    environment: Environment(["ROAM_SERVICE_SECRET": Self.new, "ROAM_SERVICE_SECRET_ACCEPTED": value]))
            } throws: { ($0 as? ConfigurationError)?.variable == "ROAM_SERVICE_SECRET_ACCEPTED" }
        }
    }
}
