import Foundation
import RoamRuntime

extension InMemoryAccountsStore: UserRepository {
    public func create(_ user: User) throws {
        if !user.email.isEmpty, users.values.contains(where: { $0.email == user.email }) { throw AccountsError.emailTaken }
        if users.values.contains(where: { $0.username == user.username }) { throw AccountsError.usernameTaken }
        users[user.id] = user
    }

    public func user(id: UUID) -> User? { users[id] }

    public func user(email: String) -> User? {
        email.isEmpty ? nil : users.values.first { $0.email == email }
    }

    public func user(username: String) -> User? { users.values.first { $0.username == username } }

    public func users(awaitingEmail email: String, limit: Int) -> [User] {
        Array(users.values.filter { $0.pendingEmail == email }.sorted { $0.createdAt > $1.createdAt }.prefix(limit))
    }

    public func users(ids: [UUID]) -> [User] {
        ids.compactMap { users[$0] }
    }

    public func updateProfile(userID: UUID, _ changes: ProfileChanges) -> User? {
        guard var user = users[userID] else { return nil }
        user.profile = changes.applied(to: user.profile)
        users[userID] = user
        return user
    }

    public func changeEmail(userID: UUID, to email: String, notifying notice: Mail?) throws -> User? {
        guard users[userID] != nil else { return nil }
        if users.values.contains(where: { $0.email == email && $0.id != userID }) { throw AccountsError.emailTaken }
        users[userID]?.email = email
        users[userID]?.emailVerified = true
        users[userID]?.emailChangedAt = Date()
        if let notice { mailQueue.enqueue(notice.queued) }
        return users[userID]
    }

    public func changeUsername(userID: UUID, to username: String, at time: Date, ifUnchangedSince cutoff: Date) throws -> User? {
        guard let user = users[userID], (user.usernameChangedAt ?? .distantPast) <= cutoff else { return nil }
        if users.values.contains(where: { $0.username == username && $0.id != userID }) { throw AccountsError.usernameTaken }
        users[userID]?.username = username
        users[userID]?.usernameChangedAt = time
        return users[userID]
    }

    public func acceptTerms(userID: UUID, _ acceptance: TermsAcceptance) {
        users[userID]?.acceptedTerms = acceptance
    }

    public func markEmailVerified(userID: UUID) {
        users[userID]?.emailVerified = true
    }

    public func setPasswordHash(userID: UUID, _ hash: String, keepingSession: UUID?) {
        guard users[userID] != nil else { return }
        users[userID]?.passwordHash = hash
        _ = revokeAll(userID: userID, except: keepingSession)
    }

    public func delete(userID: UUID, at time: Date, purgeFrom: Date) {
        guard users.removeValue(forKey: userID) != nil else { return }
        _ = revokeAll(userID: userID, except: nil)
        recordRevocation(user: userID, session: nil)
        for follow in follows.keys where follow.follower == userID || follow.followee == userID {
            _ = unfollow(follower: follow.follower, followee: follow.followee)
        }
        blocks = blocks.filter { $0.follower != userID && $0.followee != userID }
        identities = identities.filter { $0.value.userID != userID }
        knownDevices = knownDevices.filter { $0.value.userID != userID }
        mailQueue.forget(userID: userID)
        publicationQueue.forget(user: userID)
        outboxEntries.add(OutboxEntry(id: .v7(at: time), topic: .userDeleted, subjectID: userID, createdAt: time, notBefore: purgeFrom))
    }

    public func search(prefix: String, page: PageRequest) throws -> Page<User> {
        let now = Date()
        return try users(
            matching: { ($0.username.hasPrefix(prefix) || $0.profile.displayName.lowercased().hasPrefix(prefix)) && $0.suspension(at: now) == nil },
            page: page)
    }

    public func find(prefix: String, page: PageRequest) throws -> Page<User> {
        let prefix = prefix.lowercased()
        return try users(
            matching: { user in
                [user.username, user.profile.displayName.lowercased(), user.email, user.pendingEmail ?? ""].contains { $0.hasPrefix(prefix) }
            }, page: page)
    }

    public func suspend(userID: UUID, _ suspension: Suspension, notifying notice: Mail?) -> AccountChange? {
        change(userID: userID, endingSessions: true, notifying: notice) { $0.suspension = suspension }
    }

    public func liftSuspension(userID: UUID, notifying notice: Mail?) -> AccountChange? {
        change(userID: userID, endingSessions: false, notifying: notice) { $0.suspension = nil }
    }

    public func setRole(_ role: Role, granted: Bool, userID: UUID) -> AccountChange? {
        change(userID: userID, endingSessions: !granted, notifying: nil) { user in
            if granted { user.roles.insert(role) } else { user.roles.remove(role) }
        }
    }

    private func change(userID: UUID, endingSessions: Bool, notifying notice: Mail?, _ update: (inout User) -> Void) -> AccountChange? {
        guard let before = users[userID] else { return nil }
        var after = before
        update(&after)
        users[userID] = after
        // As the PostgreSQL trigger records it.
        if before.suspension?.suspendedAt != after.suspension?.suspendedAt || before.suspension?.until != after.suspension?.until {
            recordRevocation(user: userID, session: nil, suspensionChanged: true)
        }
        let ended = endingSessions ? revokeAll(userID: userID, except: nil) : 0
        if let notice { mailQueue.enqueue(notice.queued) }
        return AccountChange(before: before, after: after, sessionsEnded: ended)
    }

    private func users(matching predicate: (User) -> Bool, page: PageRequest) throws -> Page<User> {
        let after = try page.cursor.map { token throws(RoamError) in try PageCursor.decode(token, count: 1)[0] }
        let matches = users.values
            .filter(predicate)
            .filter { after == nil || $0.username > after! }
            .sorted { $0.username < $1.username }
        let items = Array(matches.prefix(page.size))
        let next = matches.count > page.size ? items.last.map { PageCursor.encode([$0.username]) } : nil
        return Page(items: items, nextCursor: next)
    }
}
