import Foundation
import JWTKit
import Synchronization

/// Mints the short-lived tokens a service presents when it acts on its own rather than for a user.
///
/// One token serves every call for the first half of its lifetime. A fresh token per call cost the
/// caller a signature and the callee a verification per call, and filled the callee's cache of
/// verified tokens with tokens never seen again, pushing out its users' tokens.
public final class ServiceCredential: Sendable {
    public let serviceName: String
    private let keys: JWTKeyCollection
    private let lifetime: Duration
    private let minted = Mutex<(token: String, at: Date)?>(nil)

    public init(serviceName: String, secret: String, lifetime: Duration = .seconds(300)) async {
        self.serviceName = serviceName
        self.lifetime = lifetime
        keys = JWTKeyCollection()
        await keys.add(
            hmac: HMACKey(from: secret), digestAlgorithm: .sha256,
            kid: JWKIdentifier(string: AccessTokenVerifier.serviceKeyID))
    }

    /// A token valid for at least half its lifetime from `now`.
    public func token(now: Date = Date()) async throws -> String {
        let reusable = minted.withLock { minted -> String? in
            guard let minted, minted.at <= now, now.timeIntervalSince(minted.at) < Self.seconds(lifetime) / 2 else { return nil }
            return minted.token
        }
        if let reusable { return reusable }
        let token = try await mint(now: now)
        minted.withLock { $0 = (token, now) }
        return token
    }

    private func mint(now: Date) async throws -> String {
        let claims = AccessTokenClaims(
            subject: serviceName, issuer: "roam-\(serviceName)", issuedAt: now,
            expiresAt: now.addingTimeInterval(Self.seconds(lifetime)),
            kind: .service)
        return try await keys.sign(claims, kid: JWKIdentifier(string: AccessTokenVerifier.serviceKeyID))
    }

    /// Runs `body` as this service: `context` (the caller's request id and deadline, by default) with
    /// the service's own token in place of the caller's.
    public func acting<Result: Sendable>(
        in context: CallContext = CallContext.current,
        _ body: @Sendable () async throws -> Result
    ) async throws -> Result {
        var context = context
        context.bearerToken = try await token()
        return try await CallContext.$current.withValue(context) { try await body() }
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        TimeInterval(duration.components.seconds) + TimeInterval(duration.components.attoseconds) / 1e18
    }
}
