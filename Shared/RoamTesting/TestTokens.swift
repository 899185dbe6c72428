import Crypto
import Foundation
import JWTKit
import RoamCore
import RoamRuntime

/// Mints access tokens the way accounts does, for tests of services that only verify them.
public struct TestTokens: Sendable {
    public static let serviceSecret = "test-service-secret-that-is-long-enough-0123456789"

    public let signingKey: Curve25519.Signing.PrivateKey
    public let keyID: String
    private let keys: JWTKeyCollection

    public init() async {
        signingKey = Curve25519.Signing.PrivateKey()
        keyID = "test-\(UUID().uuidString.prefix(8))"
        keys = JWTKeyCollection()
        await keys.add(eddsa: EdDSA.PrivateKey(backing: signingKey), kid: JWKIdentifier(string: keyID))
    }

    public var publicKey: JSONWebKey {
        JSONWebKey(x: signingKey.publicKey.rawRepresentation.base64URLEncodedString, kid: keyID)
    }

    /// A verifier that trusts these test keys and the test service secret.
    public func verifier() async throws -> AccessTokenVerifier {
        let verifier = await AccessTokenVerifier(keySource: nil, serviceSecret: Self.serviceSecret)
        try await verifier.add([publicKey])
        return verifier
    }

    public func userToken(
        _ userID: UUID, sessionID: UUID = UUID(), emailVerified: Bool = true,
        expiresIn: TimeInterval = 900, now: Date = Date(), roles: Set<Role> = []
    ) async throws -> String {
        let claims = AccessTokenClaims(
            subject: userID.uuidString.lowercased(), issuer: AccessTokenClaims.userIssuer,
            issuedAt: now, expiresAt: now.addingTimeInterval(expiresIn), kind: .user,
            sessionID: sessionID.uuidString.lowercased(), emailVerified: emailVerified,
            roles: roles.isEmpty ? nil : roles.map(\.rawValue).sorted())
        return try await keys.sign(claims, kid: JWKIdentifier(string: keyID))
    }

    public func serviceToken(_ name: String = "test") async throws -> String {
        try await ServiceCredential(serviceName: name, secret: Self.serviceSecret).token()
    }
}
