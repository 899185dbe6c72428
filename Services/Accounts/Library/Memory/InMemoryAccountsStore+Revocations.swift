import Foundation

extension InMemoryAccountsStore: RevocationRepository {
    public func revocations(after position: Int64, since: Date, limit: Int) -> [Revocation] {
        Array(revocationLog.filter { $0.position > position && $0.revokedAt >= since }.prefix(limit))
    }

    public func suspendedAccounts(at time: Date) -> [UUID: Date?] {
        var suspended: [UUID: Date?] = [:]
        for user in users.values {
            if let suspension = user.suspension, (suspension.until ?? .distantFuture) > time { suspended[user.id] = suspension.until }
        }
        return suspended
    }

    public func latestPosition() -> Int64 {
        revocationLog.last?.position ?? 0
    }

    public func forget(before time: Date) {
        revocationLog.removeAll { $0.revokedAt < time }
    }

    /// Ends a stored session and records it, as the PostgreSQL trigger does.
    func markRevoked(_ id: UUID) {
        guard let stored = sessions[id], !stored.revoked else { return }
        sessions[id]?.revoked = true
        recordRevocation(user: stored.session.userID, session: id)
    }

    func recordRevocation(user: UUID, session: UUID?, relatedUser: UUID? = nil, suspensionChanged: Bool = false) {
        let position = (revocationLog.last?.position ?? lastForgottenPosition) + 1
        revocationLog.append(
            Revocation(
                position: position, userID: user, sessionID: session, revokedAt: Date(), relatedUserID: relatedUser,
                suspensionChanged: suspensionChanged))
        lastForgottenPosition = max(lastForgottenPosition, position)
    }
}
