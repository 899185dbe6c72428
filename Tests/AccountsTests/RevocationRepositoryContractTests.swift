import Foundation
import RoamRuntime
import RoamTesting
import Testing

@testable import Accounts

/// Every way a session ends, and an account's deletion, is recorded for the revocation feed, in the
/// order it happened, by the store itself (PostgreSQL's triggers, the in-memory store's bookkeeping).
@Suite struct RevocationRepositoryContractTests {
    /// This user's revocations after `position`, as the feed would send them.
    static func recorded(_ repositories: Repositories, after position: Int64, user: UUID) async throws -> [Revocation] {
        try await repositories.revocations.revocations(after: position, since: Date().addingTimeInterval(-600), limit: 10_000)
            .filter { $0.userID == user }
    }

    @Test(arguments: StoreKind.allCases)
    func everyEndedSessionIsRecordedInOrder(store: StoreKind) async throws {
        try await store.withRepositories { repositories in
            let user = Fixtures.user()
            try await repositories.users.create(user)
            var sessions: [Session] = []
            var digests: [[UInt8]] = []
            for _ in 0..<5 {
                let session = Fixtures.session(for: user)
                let digest = Fixtures.digest()
                try await repositories.sessions.create(session, refreshTokenDigest: digest)
                sessions.append(session)
                digests.append(digest)
            }
            let start = try await repositories.revocations.latestPosition()
            #expect(try await Self.recorded(repositories, after: start, user: user.id).isEmpty, "creating sessions revokes nothing")

            // Log-out, revoking one, a reused refresh token, then a password change ending the others but one.
            #expect(try await repositories.sessions.revoke(refreshTokenDigest: digests[0]))
            #expect(try await repositories.sessions.revoke(sessionID: sessions[1].id, userID: user.id))
            let now = Date()
            _ = try await repositories.sessions.rotate(
                refreshTokenDigest: digests[2], to: Fixtures.digest(), at: now, newExpiry: now.addingTimeInterval(600))
            _ = try await repositories.sessions.rotate(
                refreshTokenDigest: digests[2], to: Fixtures.digest(), at: now, newExpiry: now.addingTimeInterval(600))
            try await repositories.users.setPasswordHash(userID: user.id, "new-hash", keepingSession: sessions[4].id)
            // Revoking an ended session again records nothing more.
            #expect(try await !repositories.sessions.revoke(sessionID: sessions[1].id, userID: user.id))

            let recorded = try await Self.recorded(repositories, after: start, user: user.id)
            #expect(recorded.map(\.sessionID) == sessions[0...3].map(\.id))
            #expect(recorded.map(\.position) == recorded.map(\.position).sorted() && Set(recorded.map(\.position)).count == 4)
            #expect(try await repositories.revocations.latestPosition() >= recorded.last!.position)

            // Deleting the account ends the last session and the account itself.
            try await repositories.users.delete(userID: user.id, at: Date())
            let deleted = try await Self.recorded(repositories, after: recorded.last!.position, user: user.id)
            #expect(Set(deleted.map(\.sessionID)) == [sessions[4].id, nil] && deleted.count == 2)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func followsAndBlocksGoOnTheFeedAsRelationChangesNotRevocations(store: StoreKind) async throws {
        try await store.withRepositories { repositories in
            let (ana, bo) = (Fixtures.user(), Fixtures.user())
            try await repositories.users.create(ana)
            try await repositories.users.create(bo)
            let start = try await repositories.revocations.latestPosition()
            #expect(try await repositories.graph.follow(follower: ana.id, followee: bo.id, at: Date()))
            #expect(try await !repositories.graph.follow(follower: ana.id, followee: bo.id, at: Date()), "already following: no change")
            #expect(try await repositories.graph.unfollow(follower: ana.id, followee: bo.id))
            try await repositories.graph.block(blocker: bo.id, blocked: ana.id, at: Date())
            #expect(try await repositories.graph.unblock(blocker: bo.id, blocked: ana.id))
            let recorded = try await repositories.revocations.revocations(after: start, since: Date().addingTimeInterval(-600), limit: 10_000)
                .filter { [ana.id, bo.id].contains($0.userID) }
            #expect(recorded.map { [$0.userID, $0.relatedUserID] } == [[ana.id, bo.id], [ana.id, bo.id], [bo.id, ana.id], [bo.id, ana.id]])
            #expect(recorded.allSatisfy { $0.sessionID == nil } && recorded.map(\.position) == recorded.map(\.position).sorted())
        }
    }

    /// A suspension made, changed or lifted goes on the feed as a suspension change (no revocation: its
    /// sessions' own revocations come beside it), and the accounts suspended now are listed with their ends.
    @Test(arguments: StoreKind.allCases)
    func suspensionChangesGoOnTheFeedAndTheSuspendedAreListed(store: StoreKind) async throws {
        try await store.withRepositories { repositories in
            let (ana, bo, cy) = (Fixtures.user(), Fixtures.user(), Fixtures.user())
            for user in [ana, bo, cy] { try await repositories.users.create(user) }
            let start = try await repositories.revocations.latestPosition()
            let now = Date()
            let until = Date(timeIntervalSince1970: (now.timeIntervalSince1970 + 3600).rounded())
            _ = try await repositories.users.suspend(
                userID: ana.id, Suspension(suspendedAt: now, until: until, reason: "Spam", suspendedBy: "operator:ops"), notifying: nil)
            _ = try await repositories.users.suspend(
                userID: bo.id, Suspension(suspendedAt: now, until: nil, reason: "Spam", suspendedBy: "operator:ops"), notifying: nil)
            // An account whose suspension has ended is not listed.
            _ = try await repositories.users.suspend(
                userID: cy.id,
                Suspension(
                    suspendedAt: now.addingTimeInterval(-7200), until: now.addingTimeInterval(-60), reason: "Old",
                    suspendedBy: "operator:ops"), notifying: nil)
            let listed = try await repositories.revocations.suspendedAccounts(at: now).filter { [ana.id, bo.id, cy.id].contains($0.key) }
            #expect(listed.count == 2 && listed[ana.id] == .some(until) && listed[bo.id] == .some(nil), "\(listed)")
            _ = try await repositories.users.liftSuspension(userID: bo.id, notifying: nil)
            // Changing nothing of the suspension records nothing.
            _ = try await repositories.users.setRole(.moderator, granted: true, userID: ana.id)
            #expect(try await repositories.revocations.suspendedAccounts(at: now)[bo.id] == nil)

            let recorded = try await repositories.revocations.revocations(after: start, since: now.addingTimeInterval(-600), limit: 10_000)
                .filter { [ana.id, bo.id, cy.id].contains($0.userID) && $0.suspensionChanged }
            #expect(recorded.map(\.userID) == [ana.id, bo.id, cy.id, bo.id])
            #expect(recorded.allSatisfy { $0.sessionID == nil && $0.relatedUserID == nil && !$0.revokesTokens })
        }
    }

    @Test(arguments: StoreKind.allCases)
    func oldRevocationsAreSkippedAndForgotten(store: StoreKind) async throws {
        // A database of its own: forgetting reaches every user's revocations.
        try await store.withOwnRepositories { repositories in
            let user = Fixtures.user()
            try await repositories.users.create(user)
            let session = Fixtures.session(for: user)
            try await repositories.sessions.create(session, refreshTokenDigest: Fixtures.digest())
            let start = try await repositories.revocations.latestPosition()
            #expect(try await repositories.sessions.revoke(sessionID: session.id, userID: user.id))
            let made = try #require(try await Self.recorded(repositories, after: start, user: user.id).first)
            // A follower asking only for what is recent enough does not get it once it is old.
            let later = made.revokedAt.addingTimeInterval(3600)
            #expect(try await repositories.revocations.revocations(after: start, since: later, limit: 100).filter { $0.userID == user.id }.isEmpty)
            try await repositories.revocations.forget(before: made.revokedAt.addingTimeInterval(1))
            #expect(try await Self.recorded(repositories, after: start, user: user.id).isEmpty)
        }
    }
}
