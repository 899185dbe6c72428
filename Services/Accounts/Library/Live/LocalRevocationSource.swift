import RoamRuntime

/// The accounts process's own verifier follows its feed directly, without a call to itself.
public struct LocalRevocationSource: RevocationSource {
    let feed: RevocationFeed

    public func follow(after position: Int64, _ receive: @escaping @Sendable (RevocationBatch) async throws -> Void) async throws {
        try await feed.follow(after: position) { revocations, position, suspended in
            // A relation or suspension change is no revocation: taken for one (no session), it would refuse the whole account.
            let entries = revocations.filter(\.revokesTokens).map { revocation in
                RevocationBatch.Entry(userID: revocation.userID, sessionID: revocation.sessionID, forgetAfter: feed.forgetAfter(revocation.revokedAt))
            }
            let changes = revocations.compactMap { change in
                change.relatedUserID.map { RevocationBatch.RelationChange(users: [change.userID, $0], at: change.revokedAt) }
            }
            try await receive(RevocationBatch(entries: entries, position: position, relationChanges: changes, suspendedAccounts: suspended))
        }
    }
}
