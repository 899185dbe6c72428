import JWTKit

/// The claims of a Roam access token. Users' tokens are signed by accounts with EdDSA; service
/// credentials with the shared service secret (HS256).
public struct AccessTokenClaims: JWTPayload, Equatable {
    public static let audience = "roam"
    public static let userIssuer = "roam-accounts"

    public enum Kind: String, Codable, Sendable {
        case user
        case service
    }

    public var subject: SubjectClaim
    public var issuer: IssuerClaim
    public var audience: AudienceClaim
    public var issuedAt: IssuedAtClaim
    public var expiration: ExpirationClaim
    public var kind: Kind
    public var sessionID: String?
    public var emailVerified: Bool?
    /// `admin`, `moderator`; absent for an account without a role.
    public var roles: [String]?

    enum CodingKeys: String, CodingKey {
        case subject = "sub"
        case issuer = "iss"
        case audience = "aud"
        case issuedAt = "iat"
        case expiration = "exp"
        case kind = "knd"
        case sessionID = "sid"
        case emailVerified = "email_verified"
        case roles
    }

    public init(
        subject: String, issuer: String, issuedAt: Date, expiresAt: Date, kind: Kind,
        sessionID: String? = nil, emailVerified: Bool? = nil, roles: [String]? = nil
    ) {
        self.subject = SubjectClaim(value: subject)
        self.issuer = IssuerClaim(value: issuer)
        self.audience = AudienceClaim(value: Self.audience)
        self.issuedAt = IssuedAtClaim(value: issuedAt)
        self.expiration = ExpirationClaim(value: expiresAt)
        self.kind = kind
        self.sessionID = sessionID
        self.emailVerified = emailVerified
        self.roles = roles
    }

    public func verify(using algorithm: some JWTAlgorithm) async throws {
        try expiration.verifyNotExpired()
        try audience.verifyIntendedAudience(includes: Self.audience)
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
