import Foundation
import RoamRuntime
import RoamTesting
import Testing

@testable import Feed

/// Comments and replies behave the same in memory and in PostgreSQL.
@Suite struct CommentRepositoryContractTests {
    @Test(arguments: StoreKind.allCases)
    func threadsListOldestFirstWithParentsAndExactCounts(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let post = try await store.create(Fixtures.post(in: UUID()), idempotencyKey: nil)
            let first = try await store.addComment(Fixtures.comment(on: post), idempotencyKey: nil)
            let second = try await store.addComment(Fixtures.comment(on: post, second: 1), idempotencyKey: nil)
            let reply = try await store.addComment(Fixtures.comment(on: post, replyingTo: first, second: 2), idempotencyKey: nil)
            let replyToReply = try await store.addComment(Fixtures.comment(on: post, replyingTo: reply, second: 3), idempotencyKey: nil)

            let page1 = try await store.comments(on: .post(post.id), page: PageRequest(size: 3))
            let page2 = try await store.comments(on: .post(post.id), page: PageRequest(size: 3, cursor: page1.nextCursor))
            #expect((page1.items + page2.items).map(\.id) == [first.id, second.id, reply.id, replyToReply.id])
            #expect((page1.items + page2.items).map(\.parentID) == [nil, nil, first.id, reply.id])
            #expect(page2.nextCursor == nil)
            #expect(try await store.engagement(of: .post, ids: [post.id], viewer: UUID())[post.id]?.comments == 4)
        }
    }

    /// A taken-down comment is not counted; restoring counts it again; deleting it while down (or a
    /// second takedown) does not count it out twice.
    @Test(arguments: StoreKind.allCases)
    func aTakenDownCommentIsCountedOutOnce(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let post = try await store.create(Fixtures.post(in: UUID()), idempotencyKey: nil)
            let kept = try await store.addComment(Fixtures.comment(on: post), idempotencyKey: nil)
            let abusive = try await store.addComment(Fixtures.comment(on: post, second: 1), idempotencyKey: nil)
            func count() async throws -> Int? { try await store.engagement(of: .post, ids: [post.id], viewer: UUID())[post.id]?.comments }
            let takedown = Takedown(at: Fixtures.now(), reason: "insults", by: "user:mod")
            #expect(try await store.setTakedown(ofComment: abusive.id, takedown)?.takedown == takedown)
            #expect(try await count() == 1)
            #expect(try await store.comment(id: abusive.id)?.takedown == takedown)
            #expect(try await store.setTakedown(ofComment: abusive.id, takedown) != nil)
            #expect(try await count() == 1, "a second takedown counts nothing out")
            #expect(try await store.setTakedown(ofComment: abusive.id, nil)?.takedown == nil)
            #expect(try await count() == 2)
            _ = try await store.setTakedown(ofComment: abusive.id, takedown)
            #expect(try await store.deleteComment(id: abusive.id))
            #expect(try await count() == 1, "deleting a taken-down comment counts it out only once")
            #expect(try await store.setTakedown(ofComment: abusive.id, takedown) == nil, "a deleted comment cannot be taken down")
            #expect(try await store.comments(on: .post(post.id), page: PageRequest()).items.map(\.id) == [kept.id])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func retriedCommentsAreStoredOnce(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let post = try await store.create(Fixtures.post(in: UUID()), idempotencyKey: nil)
            let comment = Fixtures.comment(on: post)
            #expect(try await store.addComment(comment, idempotencyKey: "c1") == comment)
            var retry = Fixtures.comment(on: post, by: try #require(comment.authorID), second: 1)
            retry.text = "different"
            #expect(try await store.addComment(retry, idempotencyKey: "c1") == comment)
            #expect(try await store.comments(on: .post(post.id), page: PageRequest()).items == [comment])
            #expect(try await store.engagement(of: .post, ids: [post.id], viewer: UUID())[post.id]?.comments == 1)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func commentsNeedALivePostAndParent(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let post = try await store.create(Fixtures.post(in: UUID()), idempotencyKey: nil)
            let missingPost = Fixtures.post(in: UUID())
            #expect(await errorReason { _ = try await store.addComment(Fixtures.comment(on: missingPost), idempotencyKey: nil) } == "NOT_FOUND")
            let orphan = Feed.Comment(id: .v7(), subject: .post(post.id), parentID: UUID(), authorID: UUID(), text: "?", createdAt: Fixtures.now())
            #expect(await errorReason { _ = try await store.addComment(orphan, idempotencyKey: nil) } == "NOT_FOUND")
            #expect(try await store.comments(on: .post(post.id), page: PageRequest()).items.isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func deletingKeepsATombstoneOnlyWhileRepliesRemain(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let post = try await store.create(Fixtures.post(in: UUID()), idempotencyKey: nil)
            let parent = try await store.addComment(Fixtures.comment(on: post), idempotencyKey: nil)
            let reply = try await store.addComment(Fixtures.comment(on: post, replyingTo: parent, second: 1), idempotencyKey: nil)
            _ = try await store.like(.comment(parent.id), by: UUID(), at: Fixtures.now())

            #expect(try await store.deleteComment(id: parent.id))
            #expect(try await !store.deleteComment(id: parent.id))
            let tombstone = try #require(try await store.comment(id: parent.id))
            #expect(tombstone.isDeleted && tombstone.authorID == nil && tombstone.text.isEmpty)
            #expect(try await store.updateComment(id: parent.id, text: "back", at: Fixtures.now()) == nil)
            #expect(try await !store.like(.comment(parent.id), by: UUID(), at: Fixtures.now()))
            #expect(try await store.engagement(of: .comment, ids: [parent.id], viewer: UUID())[parent.id]?.likes ?? 0 == 0)
            #expect(try await store.engagement(of: .post, ids: [post.id], viewer: UUID())[post.id]?.comments == 1)

            // The last reply going takes the tombstone with it.
            #expect(try await store.deleteComment(id: reply.id))
            #expect(try await store.comment(id: parent.id) == nil)
            #expect(try await store.comments(on: .post(post.id), page: PageRequest()).items.isEmpty)
            #expect(try await store.engagement(of: .post, ids: [post.id], viewer: UUID())[post.id]?.comments ?? 0 == 0)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func editingChangesTextAndMarksTheTime(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let post = try await store.create(Fixtures.post(in: UUID()), idempotencyKey: nil)
            let comment = try await store.addComment(Fixtures.comment(on: post), idempotencyKey: nil)
            let edited = try await store.updateComment(id: comment.id, text: "Edited", at: Fixtures.now())
            #expect(edited?.text == "Edited" && edited?.editedAt != nil)
            #expect(try await store.comment(id: comment.id) == edited)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func deletingAPostOrPurgingItsEventTakesItsThreadLikesAndCounts(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let event = UUID()
            let posts = [
                try await store.create(Fixtures.post(in: event), idempotencyKey: nil),
                try await store.create(Fixtures.post(in: event), idempotencyKey: nil),
            ]
            let liker = UUID()
            var comments: [Feed.Comment] = []
            for post in posts {
                let comment = try await store.addComment(Fixtures.comment(on: post), idempotencyKey: "same key")
                comments.append(try await store.addComment(Fixtures.comment(on: post, replyingTo: comment, second: 1), idempotencyKey: nil))
                _ = try await store.like(.post(post.id), by: liker, at: Fixtures.now())
                _ = try await store.like(.comment(comment.id), by: liker, at: Fixtures.now())
            }
            #expect(try await store.delete(id: posts[0].id))
            #expect(try await store.comment(id: comments[0].id) == nil)
            #expect(try await store.comments(on: .post(posts[0].id), page: PageRequest()).items.isEmpty)
            #expect(try await store.engagement(of: .post, ids: [posts[0].id], viewer: liker).isEmpty)

            #expect(try await store.deletePosts(inEvent: event) == 1)
            #expect(try await store.comment(id: comments[1].id) == nil)
            #expect(try await store.engagement(of: .post, ids: posts.map(\.id), viewer: liker).isEmpty)
            #expect(try await store.engagement(of: .comment, ids: comments.map(\.id), viewer: liker).isEmpty)
            // The same idempotency key names a new comment once the old one is gone.
            let story = try await store.create(Fixtures.story(), idempotencyKey: nil)
            let fresh = Fixtures.comment(on: story, by: try #require(comments[0].authorID))
            #expect(try await store.addComment(fresh, idempotencyKey: "fresh") == fresh)
        }
    }
}
