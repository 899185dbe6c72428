import Foundation
import RoamTesting
import Synchronization
import Testing

@testable import RoamRuntime

/// Verifiers follow what accounts publishes: a key prepared for rotation is accepted before it signs
/// anything, and a retired one is refused once the keys are fetched again.
@Suite struct KeyRetirementTests {
    /// What accounts publishes, changed by the test.
    final class Published: PublicKeySource {
        let keys: Mutex<[JSONWebKey]>
        init(_ keys: [JSONWebKey]) { self.keys = Mutex(keys) }
        func publicKeys() async throws -> [JSONWebKey] { keys.withLock { $0 } }
        func publish(_ new: [JSONWebKey]) { keys.withLock { $0 = new } }
    }

    @Test func aRetiredKeyIsForgottenAndAPreparedOneKnownBeforeItSigns() async throws {
        let (old, new) = (await TestTokens(), await TestTokens())
        let published = Published([old.publicKey])
        let verifier = await AccessTokenVerifier(keySource: published, serviceSecret: TestTokens.serviceSecret)
        try await verifier.loadKeys()
        // Verified once, so its answer is cached: a retirement must reach cached answers too.
        let stale = try await old.userToken(UUID())
        _ = try await verifier.verify(stale)

        // Prepared: published beside the old one, and known after the next refresh.
        published.publish([old.publicKey, new.publicKey])
        try await verifier.refreshKeys()
        #expect(verifier.knownKeys.contains(new.keyID) && verifier.knownKeys.contains(old.keyID))
        _ = try await verifier.verify(try await new.userToken(UUID()))

        // Retired: the old key is no longer published, so its tokens are refused.
        published.publish([new.publicKey])
        try await verifier.refreshKeys()
        #expect(!verifier.knownKeys.contains(old.keyID))
        await #expect { try await verifier.verify(stale) } throws: { ($0 as? RoamError)?.reason == "INVALID_TOKEN" }
        _ = try await verifier.verify(try await new.userToken(UUID()))

        // An answer without keys is a broken one: nothing is forgotten.
        published.publish([])
        try await verifier.refreshKeys()
        #expect(verifier.knownKeys.contains(new.keyID))
    }
}
