import Crypto
import Foundation
import JWTKit
import Logging
import RoamCore

/// Verifies ID tokens with the keys each provider publishes (through `ProviderKeyCache`).
public struct JWKSIDTokenVerifier: IDTokenVerifier {
    private let cache: ProviderKeyCache

    public init(refetchCooldown: Duration = .seconds(30), logger: Logger) {
        cache = ProviderKeyCache(refetchCooldown: refetchCooldown, logger: logger)
    }

    public func verify(_ idToken: String, from provider: IdentityProvider, nonce: String) async throws -> ProviderClaims {
        let payload = try await verifiedPayload(idToken, from: provider)
        guard provider.issuers.contains(payload.issuer.value) else {
            throw Self.refusal("was issued by \(payload.issuer.value), not \(provider.name)")
        }
        guard let tokenNonce = payload.nonce, tokenNonce == nonce || tokenNonce == Self.sha256Hex(nonce) else {
            throw Self.refusal("does not carry the nonce sent with it")
        }
        return ProviderClaims(
            issuer: payload.issuer.value, subject: payload.subject.value, email: payload.email,
            emailVerified: payload.emailVerified?.value ?? false, name: payload.name, nonce: tokenNonce,
            nonceForms: [tokenNonce, Self.sha256Hex(tokenNonce)],
            expiresAt: payload.expires.value)
    }

    private func verifiedPayload(_ idToken: String, from provider: IdentityProvider) async throws -> IDTokenPayload {
        guard let keyID = Self.keyID(of: idToken) else { throw Self.refusal("cannot be read (no key id in its header)") }
        var keys = try await cache.keys(for: provider)
        if !keys.ids.contains(keyID) {
            // A key the provider has just started using: fetch the set again (at most once per cooldown).
            guard let fresh = try await cache.keysAfterUnknownKey(for: provider), fresh.ids.contains(keyID) else {
                throw Self.refusal("is signed with an unknown key")
            }
            keys = fresh
        }
        do {
            return try await keys.collection.verify(idToken, as: IDTokenPayload.self, expectedAudiences: provider.clientIDs)
        } catch {
            throw Self.refusal(error)
        }
    }

    /// The `kid` of a compact JWS's header, read before anything is trusted.
    static func keyID(of token: String) -> String? {
        guard let header = token.split(separator: ".", omittingEmptySubsequences: false).first else { return nil }
        var base64 = header.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        struct Header: Decodable { var kid: String? }
        return Data(base64Encoded: base64).flatMap { try? JSONDecoder().decode(Header.self, from: $0) }?.kid
    }

    /// A refusal that says which check failed, for the app's developer; never which account exists.
    private static func refusal(_ error: any Error) -> RoamError {
        guard let error = error as? JWTError else { return refusal("cannot be read") }
        return switch error.errorType {
        case .claimVerificationFailure:
            refusal(
                error.failedClaim is ExpirationClaim
                    ? "has expired"
                    : error.failedClaim is IssuedAtClaim ? "was issued in the future" : "was not issued to this app (audience)")
        case .signatureVerificationFailed: refusal("has a signature that does not match the provider's keys")
        case .unknownKID: refusal("is signed with an unknown key")
        default: refusal("cannot be read")
        }
    }

    private static func refusal(_ description: String) -> RoamError {
        RoamError(
            .unauthenticated, reason: "INVALID_ID_TOKEN", message: "the provider's ID token \(description)",
            violations: [.init(field: "id_token", description: description)])
    }

    static func sha256Hex(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
