import Foundation

extension InMemoryAccountsStore: LoginAttemptRepository {
    public func recordFailure(keys: [String], at time: Date) {
        for key in keys { failures[key, default: []].append(time) }
    }

    public func failures(keys: [String], since: Date) -> [String: (count: Int, latest: Date?)] {
        var found: [String: (count: Int, latest: Date?)] = [:]
        for key in keys {
            let recent = (failures[key] ?? []).filter { $0 >= since }
            if !recent.isEmpty { found[key] = (recent.count, recent.max()) }
        }
        return found
    }

    public func clear(key: String) {
        failures[key] = nil
    }
}

extension InMemoryAccountsStore: OneTimeTokenRepository {
    public func issue(digest: [UInt8], userID: UUID, purpose: OneTimeTokenPurpose, detail: String, expiresAt: Date, mailing mail: Mail) {
        oneTimeTokens[digest] = StoredToken(token: UsedToken(userID: userID, purpose: purpose, detail: detail), expiresAt: expiresAt)
        mailQueue.enqueue(mail.queued)
    }

    public func consume(digest: [UInt8], purposes: Set<OneTimeTokenPurpose>, at time: Date) -> UsedToken? {
        guard let stored = oneTimeTokens[digest], purposes.contains(stored.token.purpose), !stored.used, stored.expiresAt > time,
            users[stored.token.userID] != nil
        else { return nil }
        oneTimeTokens[digest]?.used = true
        return stored.token
    }

    public func peek(digest: [UInt8], purposes: Set<OneTimeTokenPurpose>, at time: Date) -> UsedToken? {
        guard let stored = oneTimeTokens[digest], purposes.contains(stored.token.purpose), !stored.used, stored.expiresAt > time,
            users[stored.token.userID] != nil
        else { return nil }
        return stored.token
    }
}
