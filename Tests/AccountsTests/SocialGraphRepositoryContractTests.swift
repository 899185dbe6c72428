import AccountsTesting
import Foundation
import RoamRuntime
import RoamTesting
import Testing

@testable import Accounts

@Suite struct SocialGraphRepositoryContractTests {
    @Test(arguments: StoreKind.allCases)
    func followingIsIdempotentAndCountsStayExact(store: StoreKind) async throws {
        try await store.withRepositories { repositories in
            let alice = Fixtures.user("alice")
            let bob = Fixtures.user("bob")
            try await repositories.users.create(alice)
            try await repositories.users.create(bob)
            #expect(try await repositories.graph.follow(follower: alice.id, followee: bob.id, at: Date()))
            #expect(try await !repositories.graph.follow(follower: alice.id, followee: bob.id, at: Date()))
            #expect(try await repositories.users.user(id: bob.id)?.followerCount == 1)
            #expect(try await repositories.users.user(id: alice.id)?.followingCount == 1)
            #expect(try await repositories.graph.unfollow(follower: alice.id, followee: bob.id))
            #expect(try await !repositories.graph.unfollow(follower: alice.id, followee: bob.id))
            #expect(try await repositories.users.user(id: bob.id)?.followerCount == 0)
        }
    }

    /// A new follow queues its news with it, in one step; a follow that was there already queues none,
    /// and the followed account's deletion takes what waits for it.
    @Test(arguments: StoreKind.allCases)
    func aNewFollowQueuesItsNoticeWithIt(store: StoreKind) async throws {
        try await store.withOwnRepositories { repositories in
            let (alice, bob) = (Fixtures.user("alice"), Fixtures.user("bob"))
            try await repositories.users.create(alice)
            try await repositories.users.create(bob)
            let notice = Publication(
                userID: bob.id, kind: "new_follower", key: "new_follower:\(alice.id)", data: ["actorId": "\(alice.id)"], threadID: "followers",
                at: Date())
            #expect(try await repositories.graph.follow(follower: alice.id, followee: bob.id, at: Date(), telling: notice))
            #expect(try await !repositories.graph.follow(follower: alice.id, followee: bob.id, at: Date(), telling: notice))
            #expect(try await !repositories.graph.follow(follower: alice.id, followee: UUID(), at: Date(), telling: notice), "no such user")
            let queued = try await repositories.publications.claim(at: Date().addingTimeInterval(60), lease: .seconds(1), limit: 10)
            #expect(queued.map(\.publication.key) == [notice.key])
            try await repositories.users.delete(userID: bob.id, at: Date(), purgeFrom: Date())
            #expect(try await repositories.publications.pendingCount() == 0)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func concurrentFollowersAreAllCounted(store: StoreKind) async throws {
        try await store.withRepositories { repositories in
            let star = Fixtures.user("star")
            try await repositories.users.create(star)
            var fans: [User] = []
            for _ in 0..<12 {
                let fan = Fixtures.user("fan")
                try await repositories.users.create(fan)
                fans.append(fan)
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                // Every fan follows twice at once; only the first of each pair counts.
                for fan in fans + fans {
                    group.addTask { _ = try await repositories.graph.follow(follower: fan.id, followee: star.id, at: Date()) }
                }
                try await group.waitForAll()
            }
            #expect(try await repositories.users.user(id: star.id)?.followerCount == 12)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func followersArePagedNewestFirst(store: StoreKind) async throws {
        try await store.withRepositories { repositories in
            let star = Fixtures.user("star")
            try await repositories.users.create(star)
            var fans: [User] = []
            let start = Date()
            for index in 0..<5 {
                let fan = Fixtures.user("fan")
                try await repositories.users.create(fan)
                _ = try await repositories.graph.follow(follower: fan.id, followee: star.id, at: start.addingTimeInterval(Double(index)))
                fans.append(fan)
            }
            let first = try await repositories.graph.followers(of: star.id, page: PageRequest(size: 2))
            let second = try await repositories.graph.followers(of: star.id, page: PageRequest(size: 2, cursor: first.nextCursor))
            let third = try await repositories.graph.followers(of: star.id, page: PageRequest(size: 2, cursor: second.nextCursor))
            #expect((first.items + second.items + third.items).map(\.id) == fans.reversed().map(\.id))
            #expect(third.nextCursor == nil)
            let following = try await repositories.graph.following(of: fans[0].id, page: PageRequest(size: 10))
            #expect(following.items.map(\.id) == [star.id])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func blockingRemovesFollowsBothWays(store: StoreKind) async throws {
        try await store.withRepositories { repositories in
            let alice = Fixtures.user("alice")
            let bob = Fixtures.user("bob")
            try await repositories.users.create(alice)
            try await repositories.users.create(bob)
            _ = try await repositories.graph.follow(follower: alice.id, followee: bob.id, at: Date())
            _ = try await repositories.graph.follow(follower: bob.id, followee: alice.id, at: Date())
            try await repositories.graph.block(blocker: alice.id, blocked: bob.id, at: Date())
            try await repositories.graph.block(blocker: alice.id, blocked: bob.id, at: Date())
            #expect(try await !repositories.graph.isFollowing(follower: alice.id, followee: bob.id))
            #expect(try await !repositories.graph.isFollowing(follower: bob.id, followee: alice.id))
            #expect(try await repositories.users.user(id: alice.id)?.followerCount == 0)
            #expect(try await repositories.users.user(id: bob.id)?.followerCount == 0)
            #expect(try await repositories.graph.eitherBlocks(bob.id, alice.id))
            #expect(try await repositories.graph.blocks(blocker: alice.id, blocked: bob.id))
            #expect(try await !repositories.graph.blocks(blocker: bob.id, blocked: alice.id))
            #expect(try await !repositories.graph.unblock(blocker: bob.id, blocked: alice.id), "bob blocks nobody")
            #expect(try await repositories.graph.unblock(blocker: alice.id, blocked: bob.id))
            #expect(try await !repositories.graph.eitherBlocks(alice.id, bob.id))
            #expect(try await !repositories.graph.unblock(blocker: alice.id, blocked: bob.id), "unblocked already")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func loginFailuresAreCountedPerKeyWithinTheWindow(store: StoreKind) async throws {
        try await store.withRepositories { repositories in
            let key = "account:\(UUID().uuidString)"
            let now = Fixtures.wholeSeconds(Date())
            try await repositories.attempts.recordFailure(keys: [key, "address:x\(UUID().uuidString)"], at: now.addingTimeInterval(-1000))
            try await repositories.attempts.recordFailure(keys: [key], at: now.addingTimeInterval(-10))
            try await repositories.attempts.recordFailure(keys: [key], at: now)
            let recent = try await repositories.attempts.failures(key: key, since: now.addingTimeInterval(-60))
            #expect(recent.count == 2)
            #expect(recent.latest == now)
            try await repositories.attempts.clear(key: key)
            #expect(try await repositories.attempts.failures(key: key, since: .distantPast).count == 0)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func oneTimeTokensWorkOnceForTheirPurposeUntilTheyExpire(store: StoreKind) async throws {
        try await store.withRepositories { repositories in
            let user = Fixtures.user()
            try await repositories.users.create(user)
            let now = Date()
            let digest = Fixtures.digest()
            try await repositories.oneTimeTokens.issue(
                digest: digest, userID: user.id, purpose: .verifyEmail, expiresAt: now.addingTimeInterval(60),
                mailing: Fixtures.mail(.verifyEmail, for: user))
            #expect(try await AccountMails(repositories).last(.verifyEmail, to: user.email)?.fields == ["link": "https://example.com/"])
            #expect(try await repositories.oneTimeTokens.consume(digest: digest, purpose: .resetPassword, at: now) == nil)
            #expect(try await repositories.oneTimeTokens.consume(digest: digest, purpose: .verifyEmail, at: now) == user.id)
            #expect(try await repositories.oneTimeTokens.consume(digest: digest, purpose: .verifyEmail, at: now) == nil)
            let expiring = Fixtures.digest()
            try await repositories.oneTimeTokens.issue(
                digest: expiring, userID: user.id, purpose: .resetPassword, expiresAt: now, mailing: Fixtures.mail(.resetPassword, for: user))
            #expect(try await repositories.oneTimeTokens.consume(digest: expiring, purpose: .resetPassword, at: now.addingTimeInterval(1)) == nil)
        }
    }
}
