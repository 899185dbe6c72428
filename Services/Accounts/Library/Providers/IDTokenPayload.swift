import Foundation
import JWTKit

/// The claims of an OpenID Connect ID token that Roam reads.
struct IDTokenPayload: JWTIdentityToken {
    enum CodingKeys: String, CodingKey {
        case issuer = "iss"
        case subject = "sub"
        case audience = "aud"
        case expires = "exp"
        case issuedAt = "iat"
        case nonce, email, name
        case emailVerified = "email_verified"
    }

    var issuer: IssuerClaim
    var subject: SubjectClaim
    var audience: AudienceClaim
    var expires: ExpirationClaim
    var issuedAt: IssuedAtClaim?
    var nonce: String?
    var email: String?
    /// Apple writes it as a string ("true").
    var emailVerified: BoolClaim?
    var name: String?

    /// Thirty seconds of leeway for clocks that disagree a little.
    static let clockSkew: TimeInterval = 30

    func verify(using _: some JWTAlgorithm) async throws {
        try expires.verifyNotExpired(currentDate: Date().addingTimeInterval(-Self.clockSkew))
        // A token from the future was made with a clock (or a key) nobody should trust.
        if let issuedAt, issuedAt.value > Date().addingTimeInterval(Self.clockSkew) {
            throw JWTError.claimVerificationFailure(failedClaim: issuedAt, reason: "issued in the future")
        }
    }
}
