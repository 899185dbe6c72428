import Foundation
import JWTKit
import RoamRuntime

/// Signs access tokens as EdDSA JWTs with the key id in the header.
public struct JWTAccessTokenSigner: AccessTokenSigner {
    private let keys: JWTKeyCollection
    private let keyID: JWKIdentifier

    public init(signingKey: SigningKey) async {
        keys = JWTKeyCollection()
        keyID = JWKIdentifier(string: signingKey.keyID)
        await keys.add(eddsa: EdDSA.PrivateKey(backing: signingKey.privateKey), kid: keyID)
    }

    public func accessToken(for user: User, sessionID: UUID, issuedAt: Date, expiresAt: Date) async throws -> String {
        let claims = AccessTokenClaims(
            subject: user.id.uuidString.lowercased(), issuer: AccessTokenClaims.userIssuer,
            issuedAt: issuedAt, expiresAt: expiresAt, kind: .user,
            sessionID: sessionID.uuidString.lowercased(), emailVerified: user.emailVerified,
            roles: user.roles.isEmpty ? nil : user.roles.sorted().map(\.rawValue))
        return try await keys.sign(claims, kid: keyID)
    }
}
