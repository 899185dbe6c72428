import Foundation
import RoamRuntime
import RoamTesting
import Testing

@testable import Feed

/// Likes and counts behave the same in memory and in PostgreSQL.
@Suite struct EngagementRepositoryContractTests {
    @Test(arguments: StoreKind.allCases)
    func oneLikePerUserAndUnlikeTakesItBack(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let post = try await store.create(Fixtures.post(in: UUID()), idempotencyKey: nil)
            let (ana, ben) = (UUID(), UUID())
            #expect(try await store.like(.post(post.id), by: ana, at: Fixtures.now()))
            #expect(try await !store.like(.post(post.id), by: ana, at: Fixtures.now()))
            #expect(try await store.like(.post(post.id), by: ben, at: Fixtures.now()))
            #expect(try await store.engagement(of: .post, ids: [post.id], viewer: ana)[post.id] == Engagement(likes: 2, likedByMe: true))
            #expect(try await store.unlike(.post(post.id), by: ana))
            #expect(try await !store.unlike(.post(post.id), by: ana))
            #expect(try await store.engagement(of: .post, ids: [post.id], viewer: ana)[post.id] == Engagement(likes: 1, likedByMe: false))
            #expect(try await store.engagement(of: .post, ids: [post.id], viewer: ben)[post.id] == Engagement(likes: 1, likedByMe: true))
        }
    }

    @Test(arguments: StoreKind.allCases)
    func likesNeedALiveSubject(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let likedMissingPost = try await store.like(.post(UUID()), by: UUID(), at: Fixtures.now())
            let likedMissingComment = try await store.like(.comment(UUID()), by: UUID(), at: Fixtures.now())
            #expect(!likedMissingPost && !likedMissingComment)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func countsAreExactUnderConcurrentLikesAndUnlikes(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let (hot, other) = (
                try await store.create(Fixtures.post(in: UUID()), idempotencyKey: nil),
                try await store.create(Fixtures.post(in: UUID()), idempotencyKey: nil)
            )
            let users = (0..<1000).map { _ in UUID() }
            // Every user likes the hot post (some twice); a fifth also like, then unlike, the other one.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, user) in users.enumerated() {
                    group.addTask {
                        _ = try await store.like(.post(hot.id), by: user, at: Fixtures.now())
                        if index % 10 == 0 { _ = try await store.like(.post(hot.id), by: user, at: Fixtures.now()) }
                        if index % 5 == 0 {
                            _ = try await store.like(.post(other.id), by: user, at: Fixtures.now())
                            _ = try await store.unlike(.post(other.id), by: user)
                        }
                    }
                }
                try await group.waitForAll()
            }
            let counts = try await store.engagement(of: .post, ids: [hot.id, other.id], viewer: users[0])
            #expect(counts[hot.id]?.likes == 1000)
            #expect(counts[hot.id]?.likedByMe == true)
            #expect(counts[other.id]?.likes ?? 0 == 0)
        }
    }
}
