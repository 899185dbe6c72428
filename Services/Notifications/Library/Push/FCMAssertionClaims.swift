import JWTKit

/// The claims of the JWT a service account trades for an OAuth2 access token (RFC 7523).
struct FCMAssertionClaims: JWTPayload {
    let iss: String
    let scope: String
    let aud: String
    let iat: Int
    let exp: Int

    func verify(using _: some JWTAlgorithm) async throws {}
}
