import Foundation

extension InMemoryAccountsStore: IdentityRepository {
    public func identity(issuer: String, subject: String) -> LinkedIdentity? {
        identities[IdentityKey(issuer: issuer, subject: subject)]
    }

    public func identities(of userID: UUID) -> [LinkedIdentity] {
        identities.values.filter { $0.userID == userID }.sorted { $0.linkedAt < $1.linkedAt }
    }

    public func createAccount(_ user: User, with identity: LinkedIdentity) throws {
        if identities[IdentityKey(issuer: identity.issuer, subject: identity.subject)] != nil { throw AccountsError.identityTaken }
        try create(user)
        identities[IdentityKey(issuer: identity.issuer, subject: identity.subject)] = identity
    }

    public func link(_ identity: LinkedIdentity) throws {
        let key = IdentityKey(issuer: identity.issuer, subject: identity.subject)
        if let existing = identities[key] {
            guard existing.userID == identity.userID else { throw AccountsError.identityTaken }
            return
        }
        if identities.values.contains(where: { $0.userID == identity.userID && $0.provider == identity.provider }) {
            throw AccountsError.providerAlreadyLinked
        }
        guard users[identity.userID] != nil else { throw AccountsError.userNotFound }
        identities[key] = identity
    }

    public func unlink(provider: String, from userID: UUID) -> UnlinkOutcome {
        let own = identities.filter { $0.value.userID == userID }
        guard let linked = own.first(where: { $0.value.provider == provider }) else { return .notLinked }
        guard users[userID]?.passwordHash != nil || own.count > 1 else { return .lastWayToSignIn }
        identities[linked.key] = nil
        return .unlinked
    }
}

extension InMemoryAccountsStore: NonceRepository {
    public func use(_ digest: [UInt8], until expiresAt: Date, at time: Date) -> Bool {
        usedNonces = usedNonces.filter { $0.value > time.addingTimeInterval(-3600) }
        guard usedNonces[digest] == nil else { return false }
        usedNonces[digest] = expiresAt
        return true
    }
}
