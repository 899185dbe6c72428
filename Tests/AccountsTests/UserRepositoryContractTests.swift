import Foundation
import Logging
import RoamRuntime
import RoamTesting
import Testing

@testable import Accounts

/// One suite, both stores: the in-memory repositories must behave like the PostgreSQL ones.
@Suite struct UserRepositoryContractTests {
    @Test(arguments: StoreKind.allCases)
    func createdUsersCanBeFoundByIdEmailAndUsername(store: StoreKind) async throws {
        try await store.withRepositories { repositories in
            let user = Fixtures.user()
            try await repositories.users.create(user)
            #expect(try await repositories.users.user(id: user.id) == user)
            #expect(try await repositories.users.user(email: user.email) == user)
            #expect(try await repositories.users.user(username: user.username) == user)
            #expect(try await repositories.users.user(username: "nobody_\(UUID().uuidString.prefix(6))") == nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func duplicateEmailsAndUsernamesNameTheField(store: StoreKind) async throws {
        try await store.withRepositories { repositories in
            let user = Fixtures.user()
            try await repositories.users.create(user)
            var sameEmail = Fixtures.user()
            sameEmail.email = user.email
            await #expect { try await repositories.users.create(sameEmail) } throws: { ($0 as? RoamError)?.reason == "EMAIL_TAKEN" }
            var sameUsername = Fixtures.user()
            sameUsername.username = user.username
            await #expect { try await repositories.users.create(sameUsername) } throws: { ($0 as? RoamError)?.reason == "USERNAME_TAKEN" }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func profileUpdatesChangeOnlyTheGivenFields(store: StoreKind) async throws {
        try await store.withRepositories { repositories in
            let user = Fixtures.user()
            try await repositories.users.create(user)
            let avatar = UUID()
            let updated = try await repositories.users.updateProfile(
                userID: user.id, ProfileChanges.fixture(bio: "Hiker", avatarMediaID: .some(avatar)))
            #expect(updated?.profile == ProfileDetails(displayName: user.profile.displayName, bio: "Hiker", avatarMediaID: avatar))
            let cleared = try await repositories.users.updateProfile(userID: user.id, ProfileChanges.fixture(avatarMediaID: .some(nil)))
            #expect(cleared?.profile.avatarMediaID == nil)
            #expect(cleared?.profile.bio == "Hiker")
            let named = try await repositories.users.updateProfile(userID: user.id, ProfileChanges.fixture(givenName: "Ana", familyName: "Pereira"))
            #expect(named?.profile.givenName == "Ana" && named?.profile.familyName == "Pereira" && named?.profile.bio == "Hiker")
            let unnamed = try await repositories.users.updateProfile(userID: user.id, ProfileChanges.fixture(familyName: ""))
            #expect(unnamed?.profile.givenName == "Ana" && unnamed?.profile.familyName == "")
            #expect(try await repositories.users.user(id: user.id)?.profile.givenName == "Ana", "kept")
            let swedish = try await repositories.users.updateProfile(userID: user.id, ProfileChanges.fixture(language: "sv-SE"))
            #expect(swedish?.profile.language == "sv-SE" && swedish?.profile.givenName == "Ana")
            #expect(try await repositories.users.user(id: user.id)?.profile.language == "sv-SE")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func searchPagesThroughPrefixMatchesInUsernameOrder(store: StoreKind) async throws {
        try await store.withRepositories { repositories in
            let prefix = "srch\(UUID().uuidString.prefix(6).lowercased())"
            for name in ["\(prefix)_c", "\(prefix)_a", "\(prefix).b", "\(prefix)_d"] {
                var user = Fixtures.user()
                user.username = name
                try await repositories.users.create(user)
            }
            let first = try await repositories.users.search(prefix: prefix, page: PageRequest(size: 3))
            #expect(first.items.map(\.username) == ["\(prefix).b", "\(prefix)_a", "\(prefix)_c"])
            let second = try await repositories.users.search(prefix: prefix, page: PageRequest(size: 3, cursor: first.nextCursor))
            #expect(second.items.map(\.username) == ["\(prefix)_d"])
            #expect(second.nextCursor == nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func deletingAUserForgetsThemFixesCountersAndRecordsAnOutboxEvent(store: StoreKind) async throws {
        try await store.withRepositories { repositories in
            let leaving = Fixtures.user("leaving")
            let friend = Fixtures.user("friend")
            try await repositories.users.create(leaving)
            try await repositories.users.create(friend)
            _ = try await repositories.graph.follow(follower: leaving.id, followee: friend.id, at: Date())
            _ = try await repositories.graph.follow(follower: friend.id, followee: leaving.id, at: Date())
            try await repositories.sessions.create(Fixtures.session(for: leaving), refreshTokenDigest: Fixtures.digest())

            try await repositories.users.delete(userID: leaving.id, at: Date())

            #expect(try await repositories.users.user(id: leaving.id) == nil)
            let friendAfter = try #require(try await repositories.users.user(id: friend.id))
            #expect(friendAfter.followerCount == 0)
            #expect(friendAfter.followingCount == 0)
            #expect(try await repositories.sessions.sessions(userID: leaving.id, at: Date()).isEmpty)
            let entries = try await repositories.outbox.due(at: Date().addingTimeInterval(60), limit: 10_000)
            #expect(entries.contains { $0.topic == .userDeleted && $0.subjectID == leaving.id })
        }
    }

    /// The purge waits until every process has refused the account's tokens (`USER_PURGE_DELAY`).
    @Test(arguments: StoreKind.allCases)
    func theOtherServicesAreToldFromTheGivenInstant(store: StoreKind) async throws {
        try await store.withRepositories { repositories in
            let leaving = Fixtures.user("leaving")
            try await repositories.users.create(leaving)
            let now = Fixtures.wholeSeconds(Date())
            try await repositories.users.delete(userID: leaving.id, at: now, purgeFrom: now.addingTimeInterval(7))
            let early = try await repositories.outbox.due(at: now.addingTimeInterval(6), limit: 10_000)
            #expect(!early.contains { $0.subjectID == leaving.id })
            let due = try await repositories.outbox.due(at: now.addingTimeInterval(7), limit: 10_000)
            #expect(due.contains { $0.topic == .userDeleted && $0.subjectID == leaving.id })
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aDeletedAccountReachesEveryPurgeTargetEvenOneThatWasDown(store: StoreKind) async throws {
        try await store.withRepositories { repositories in
            let leaving = Fixtures.user("leaving")
            try await repositories.users.create(leaving)
            let clock = TestClock()
            try await repositories.users.delete(userID: leaving.id, at: clock.now)
            let feed = FlakyPurgeTarget(name: "feed", failures: 1)
            let delivery = OutboxDelivery(
                outbox: ScopedOutbox(store: repositories.outbox, subject: leaving.id), targets: [feed],
                logger: Logger(label: "test"), now: { clock.now })
            #expect(try await delivery.deliverDue() == 0)
            #expect(feed.purged.isEmpty)
            clock.advance(by: 1)
            #expect(try await delivery.deliverDue() == 1)
            #expect(feed.purged == [leaving.id])
            clock.advance(by: 600)
            #expect(try await delivery.deliverDue() == 0)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func changingThePasswordRevokesOtherSessions(store: StoreKind) async throws {
        try await store.withRepositories { repositories in
            let user = Fixtures.user()
            try await repositories.users.create(user)
            let kept = Fixtures.session(for: user)
            let other = Fixtures.session(for: user)
            try await repositories.sessions.create(kept, refreshTokenDigest: Fixtures.digest())
            try await repositories.sessions.create(other, refreshTokenDigest: Fixtures.digest())
            try await repositories.users.setPasswordHash(userID: user.id, "$argon2id$new", keepingSession: kept.id)
            #expect(try await repositories.users.user(id: user.id)?.passwordHash == "$argon2id$new")
            #expect(try await repositories.sessions.sessions(userID: user.id, at: Date()).map(\.id) == [kept.id])
        }
    }
}
