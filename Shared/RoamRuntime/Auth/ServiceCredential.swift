import Foundation
import JWTKit

/// Mints the short-lived tokens a service presents when it acts on its own rather than for a user.
public struct ServiceCredential: Sendable {
    public let serviceName: String
    private let keys: JWTKeyCollection
    private let lifetime: Duration

    public init(serviceName: String, secret: String, lifetime: Duration = .seconds(300)) async {
        self.serviceName = serviceName
        self.lifetime = lifetime
        keys = JWTKeyCollection()
        await keys.add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256,
                       kid: JWKIdentifier(string: AccessTokenVerifier.serviceKeyID))
    }

    public func token(now: Date = Date()) async throws -> String {
        let claims = AccessTokenClaims(subject: serviceName, issuer: "roam-\(serviceName)", issuedAt: now,
                                       expiresAt: now.addingTimeInterval(TimeInterval(lifetime.components.seconds)),
                                       kind: .service)
        return try await keys.sign(claims, kid: JWKIdentifier(string: AccessTokenVerifier.serviceKeyID))
    }

    /// Runs `body` as this service: `context` (the caller's request id and deadline, by default) with
    /// the service's own token in place of the caller's.
    public func acting<Result: Sendable>(in context: RequestContext = RequestContext.current,
                                         _ body: @Sendable () async throws -> Result) async throws -> Result {
        var context = context
        context.bearerToken = try await token()
        return try await RequestContext.$current.withValue(context) { try await body() }
    }
}
