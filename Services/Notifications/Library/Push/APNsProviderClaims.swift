import JWTKit

/// The claims of an APNs provider token: the team, and when it was made in whole seconds (as Apple asks).
struct APNsProviderClaims: JWTPayload {
    let iss: String
    let iat: Int

    func verify(using _: some JWTAlgorithm) async throws {}
}
