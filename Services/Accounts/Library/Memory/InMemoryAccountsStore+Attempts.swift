import Foundation

extension InMemoryAccountsStore: LoginAttemptRepository {
    public func recordFailure(keys: [String], at time: Date) {
        for key in keys { failures[key, default: []].append(time) }
    }

    public func failures(key: String, since: Date) -> (count: Int, oldest: Date?) {
        let recent = (failures[key] ?? []).filter { $0 >= since }
        return (recent.count, recent.min())
    }

    public func clear(key: String) {
        failures[key] = nil
    }
}

extension InMemoryAccountsStore: OneTimeTokenRepository {
    public func issue(digest: [UInt8], userID: UUID, purpose: OneTimeTokenPurpose, expiresAt: Date) {
        oneTimeTokens[digest] = (userID, purpose, expiresAt, false)
    }

    public func consume(digest: [UInt8], purpose: OneTimeTokenPurpose, at time: Date) -> UUID? {
        guard let token = oneTimeTokens[digest], token.purpose == purpose, !token.used, token.expiresAt > time,
              users[token.userID] != nil else { return nil }
        oneTimeTokens[digest]?.used = true
        return token.userID
    }
}
