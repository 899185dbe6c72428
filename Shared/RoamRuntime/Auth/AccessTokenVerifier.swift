import Foundation
import JWTKit
import Logging
import Synchronization

/// Verifies access tokens locally: signature against the accounts public keys (fetched from a key
/// source and refreshed when a token names a key id this process has not seen), expiry and audience.
public final class AccessTokenVerifier: Sendable {
    public static let serviceKeyID = "roam-service"

    private let keys: JWTKeyCollection
    /// The other service secret accepted during a rotation (`ROAM_SERVICE_SECRET_ACCEPTED`), under the same key id.
    private let acceptedServiceKeys: JWTKeyCollection?
    private let keySource: (any PublicKeySource)?
    private let refresh: KeyRefreshGate
    private let verified = VerifiedTokenCache()
    /// Sessions and accounts whose tokens are refused although signed and unexpired; a
    /// `RevocationFollower` keeps it up to date.
    public let revoked = RevokedSessions()
    /// The key ids this process can check. JWTKit falls back to its first key for an id it does not
    /// know, so an unknown id must be noticed here, or a token signed with a new key reads as forged.
    private let knownKeyIDs = Mutex<Set<String>>([serviceKeyID])

    /// - Parameters:
    ///   - keySource: where user-token public keys come from; nil when they are added directly.
    ///   - serviceSecret: the shared secret service credentials are signed with.
    ///   - acceptedServiceSecret: another secret whose credentials are accepted too, while a rotation rolls out.
    public init(keySource: (any PublicKeySource)?, serviceSecret: String, acceptedServiceSecret: String? = nil) async {
        keys = JWTKeyCollection()
        self.keySource = keySource
        refresh = KeyRefreshGate(minimumInterval: .seconds(30))
        await keys.add(hmac: HMACKey(from: serviceSecret), digestAlgorithm: .sha256, kid: JWKIdentifier(string: Self.serviceKeyID))
        if let acceptedServiceSecret {
            let accepted = JWTKeyCollection()
            await accepted.add(hmac: HMACKey(from: acceptedServiceSecret), digestAlgorithm: .sha256, kid: JWKIdentifier(string: Self.serviceKeyID))
            acceptedServiceKeys = accepted
        } else {
            acceptedServiceKeys = nil
        }
    }

    /// Adds the public keys user tokens may be signed with.
    public func add(_ jwks: [JSONWebKey]) async throws {
        for key in jwks {
            let publicKey = try EdDSA.PublicKey(x: key.x, curve: .ed25519)
            await keys.add(eddsa: publicKey, kid: JWKIdentifier(string: key.kid))
            knownKeyIDs.withLock { _ = $0.insert(key.kid) }
        }
    }

    /// Fetches the keys from the key source now, e.g. at start-up.
    public func loadKeys() async throws {
        guard let keySource else { return }
        try await add(keySource.publicKeys())
    }

    /// Fetches the published keys and forgets every key it knew that is no longer published: a retired
    /// signing key's tokens are refused from then on (`PublicKeyRefresher` calls it periodically).
    public func refreshKeys() async throws {
        guard let keySource else { return }
        let published = try await keySource.publicKeys()
        // An answer without keys is a broken one, not a retirement of every key.
        guard !published.isEmpty else { return }
        try await add(published)
        knownKeyIDs.withLock { $0 = Set(published.map(\.kid)).union([Self.serviceKeyID]) }
    }

    /// The key ids tokens may be signed with now.
    public var knownKeys: Set<String> { knownKeyIDs.withLock { $0 } }

    public func verify(_ token: String) async throws(RoamError) -> Caller {
        let caller = try await signedCaller(token)
        if case .user(let user) = caller, let refusal = revoked.refusal(user: user.id, session: user.sessionID) { throw refusal }
        return caller
    }

    /// The caller a token names, by its signature and expiry alone.
    private func signedCaller(_ token: String) async throws(RoamError) -> Caller {
        // A cached answer stands only while its key is still published.
        if let cached = verified.caller(for: token), knownKeyIDs.withLock({ $0.contains(cached.keyID) }) { return cached.caller }
        let (claims, keyID) = try await verifiedClaims(token)
        let caller: Caller
        switch claims.kind {
        case .service:
            caller = .service(name: claims.subject.value)
        case .user:
            guard claims.issuer.value == AccessTokenClaims.userIssuer, let id = UUID(uuidString: claims.subject.value) else {
                throw RoamError(.unauthenticated, reason: "INVALID_TOKEN", message: "the access token is not a user token")
            }
            caller = .user(
                AuthenticatedUser(
                    id: id, sessionID: claims.sessionID.flatMap(UUID.init(uuidString:)),
                    emailVerified: claims.emailVerified ?? false,
                    // A role this build does not know grants nothing.
                    roles: Set((claims.roles ?? []).compactMap(Role.init(rawValue:)))))
        }
        verified.remember(caller, for: token, until: claims.expiration.value, keyID: keyID)
        return caller
    }

    /// The token's claims, and the id of the key that signed it.
    private func verifiedClaims(_ token: String) async throws(RoamError) -> (AccessTokenClaims, keyID: String) {
        do {
            guard let keyID = try Self.keyID(of: token) else { throw Self.invalid(JWTError.missingKIDHeader) }
            if !knownKeyIDs.withLock({ $0.contains(keyID) }) {
                // A new signing key may have been rolled out since the keys were fetched, or they are
                // not fetched yet (just started).
                guard let keySource else { throw Self.invalid(JWTError.unknownKID(JWKIdentifier(string: keyID))) }
                // Concurrent callers share one fetch; while accounts cannot be asked, the token may
                // be valid: 503, not 401.
                let outcome: KeyRefreshGate.Outcome
                do {
                    outcome = try await refresh.refresh { try await self.add(keySource.publicKeys()) }
                } catch {
                    throw RoamError.unavailable
                }
                guard outcome == .fetched, knownKeyIDs.withLock({ $0.contains(keyID) }) else {
                    throw Self.invalid(JWTError.unknownKID(JWKIdentifier(string: keyID)))
                }
            }
            return (try await verifyOnce(token, keyID: keyID), keyID)
        } catch let error as RoamError {
            throw error
        } catch {
            throw Self.invalid(error)
        }
    }

    private func verifyOnce(_ token: String, keyID: String) async throws -> AccessTokenClaims {
        // A service-kind claim is only trusted from the service key, and a user claim only from an
        // accounts key: otherwise a leaked service secret could mint user tokens or vice versa.
        let claims: AccessTokenClaims
        do {
            claims = try await keys.verify(token, as: AccessTokenClaims.self)
        } catch let error as JWTError where error.errorType == .signatureVerificationFailed && keyID == Self.serviceKeyID {
            // Signed with the other secret of a rotation, or forged.
            guard let acceptedServiceKeys else { throw error }
            claims = try await acceptedServiceKeys.verify(token, as: AccessTokenClaims.self)
        }
        let signedByServiceKey = keyID == Self.serviceKeyID
        guard signedByServiceKey == (claims.kind == .service) else {
            throw RoamError(.unauthenticated, reason: "INVALID_TOKEN", message: "the access token is signed with the wrong key")
        }
        return claims
    }

    private static func keyID(of token: String) throws -> String? {
        guard let encodedHeader = token.split(separator: ".").first,
            let data = Data(base64URLEncoded: String(encodedHeader)),
            let header = try? JSONDecoder().decode([String: JSONValue].self, from: data)
        else {
            throw RoamError(.unauthenticated, reason: "INVALID_TOKEN", message: "the access token is malformed")
        }
        if case .string(let kid) = header["kid"] { return kid }
        return nil
    }

    private static func invalid(_ error: any Error) -> RoamError {
        if let jwtError = error as? JWTError, jwtError.errorType == .claimVerificationFailure,
            jwtError.failedClaim is ExpirationClaim
        {
            return RoamError(.unauthenticated, reason: "TOKEN_EXPIRED", message: "the access token has expired")
        }
        return RoamError(.unauthenticated, reason: "INVALID_TOKEN", message: "the access token is invalid")
    }
}
