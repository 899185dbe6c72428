import Foundation
import JWTKit

/// The bearer token APNs takes: an ES256 JWT of the team's key, made again every 50 minutes (Apple
/// refuses one older than an hour, and one made more often than every 20 minutes) or when Apple says
/// it expired.
actor APNsProviderToken {
    static let lifetime: TimeInterval = 50 * 60

    private let keys = JWTKeyCollection()
    private let keyID: JWKIdentifier
    private let teamID: String
    private var current: (token: String, madeAt: Date)?

    init(settings: APNsSettings) async {
        keyID = JWKIdentifier(string: settings.keyID)
        teamID = settings.teamID
        await keys.add(ecdsa: settings.key, kid: keyID)
    }

    func token(now: Date = Date()) async throws -> String {
        if let current, now.timeIntervalSince(current.madeAt) < Self.lifetime { return current.token }
        let token = try await keys.sign(APNsProviderClaims(iss: teamID, iat: Int(now.timeIntervalSince1970)), kid: keyID)
        current = (token, now)
        return token
    }

    /// Apple said the token expired (`ExpiredProviderToken`): the next push makes a new one.
    func expire(_ token: String) {
        if current?.token == token { current = nil }
    }
}
