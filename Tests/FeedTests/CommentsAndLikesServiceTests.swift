import Foundation
import RoamRuntime
import RoamTesting
import Testing

@testable import Feed

/// Who may comment, reply, edit, delete and like, on the in-memory store with membership faked.
@Suite struct CommentsAndLikesServiceTests {
    let membership = FakeMembership()
    let feed: FeedService

    init() {
        feed = FeedService(store: InMemoryFeedStore(), membership: membership)
    }

    @Test func onlyThoseWhoMayReadAnEventPostCommentOrLikeIt() async throws {
        let (host, member, outsider) = (UUID(), UUID(), UUID())
        let event = membership.event(host: host, members: [member])
        let post = try await feed.create(PostDraft.fixture(audience: .event(event), text: "Hi"), author: host, idempotencyKey: nil)
        let comment = try await feed.comment(on: .post(post.id), text: "Hello!", by: member, idempotencyKey: nil)
        #expect(comment.subject == .post(post.id) && comment.eventID == event)

        #expect(await errorReason { _ = try await feed.comment(on: .post(post.id), text: "Hi", by: outsider, idempotencyKey: nil) } == "NOT_FOUND")
        #expect(await errorReason { _ = try await feed.reply(to: comment.id, text: "Hi", by: outsider, idempotencyKey: nil) } == "NOT_FOUND")
        #expect(await errorReason { _ = try await feed.comments(on: .post(post.id), reader: outsider, page: PageRequest()) } == "NOT_FOUND")
        #expect(await errorReason { _ = try await feed.like(.post(post.id), by: outsider) } == "NOT_FOUND")
        #expect(await errorReason { _ = try await feed.like(.comment(comment.id), by: outsider) } == "NOT_FOUND")

        // A member who is removed loses the thread at once.
        membership.remove(member, from: event)
        #expect(await errorReason { _ = try await feed.like(.post(post.id), by: member) } == "NOT_FOUND")
    }

    @Test func repliesNestAndCountsFollowLikes() async throws {
        let story = try await feed.create(Fixtures.storyDraft(), author: UUID(), idempotencyKey: nil)
        let (ana, ben) = (UUID(), UUID())
        let comment = try await feed.comment(on: .post(story.id), text: "Lovely", by: ana, idempotencyKey: nil)
        let reply = try await feed.reply(to: comment.id, text: "Agreed", by: ben, idempotencyKey: nil)
        let answer = try await feed.reply(to: reply.id, text: "Thanks", by: ana, idempotencyKey: nil)
        #expect(reply.parentID == comment.id && answer.parentID == reply.id && answer.subject == .post(story.id))

        #expect(try await feed.like(.post(story.id), by: ana) == Engagement(likes: 1, comments: 3, likedByMe: true))
        #expect(try await feed.like(.post(story.id), by: ana).likes == 1)
        #expect(try await feed.like(.comment(reply.id), by: ana) == Engagement(likes: 1, likedByMe: true))
        let thread = try await feed.comments(on: .post(story.id), reader: ben, page: PageRequest())
        #expect(thread.items.map(\.id) == [comment.id, reply.id, answer.id])
        #expect(thread.items.map(\.engagement.likes) == [0, 1, 0])
        #expect(thread.items.map(\.engagement.likedByMe) == [false, false, false])
        #expect(try await feed.unlike(.post(story.id), by: ana) == Engagement(likes: 0, comments: 3, likedByMe: false))
        #expect(try await feed.post(story.id, reader: ben).engagement.comments == 3)
    }

    /// A taken-down comment: a tombstone to others (no author, no text), refused to reply to or like,
    /// not counted; its author still reads it with the reason; restoring brings it all back.
    @Test func aTakenDownCommentIsGoneForAllButItsAuthor() async throws {
        let story = try await feed.create(Fixtures.storyDraft(), author: UUID(), idempotencyKey: nil)
        let (ana, ben) = (UUID(), UUID())
        let comment = try await feed.comment(on: .post(story.id), text: "Insult", by: ana, idempotencyKey: nil)
        let moderator = Moderator(userID: UUID(), roles: [.moderator], name: "user:mod")
        let down = try await feed.takeDown(comment: comment.id, reason: "Insults", by: moderator)
        #expect(down.takedown?.reason == "Insults" && down.takedown?.by == "user:mod")

        let seenByBen = try await feed.comments(on: .post(story.id), reader: ben, page: PageRequest()).items
        #expect(seenByBen.map(\.id) == [comment.id])
        let tombstone = try #require(seenByBen.first?.item)
        #expect(tombstone.authorID == nil && tombstone.text == "" && tombstone.isDeleted && tombstone.takedown == nil)
        let seenByAna = try await feed.comments(on: .post(story.id), reader: ana, page: PageRequest()).items
        #expect(seenByAna.first?.item.text == "Insult" && seenByAna.first?.item.takedown?.reason == "Insults")
        #expect(await errorReason { _ = try await feed.reply(to: comment.id, text: "?", by: ben, idempotencyKey: nil) } == "NOT_FOUND")
        #expect(await errorReason { _ = try await feed.like(.comment(comment.id), by: ben) } == "NOT_FOUND")
        #expect(try await feed.post(story.id, reader: ben).engagement.comments == 0)
        #expect(
            try await feed.takeDown(comment: comment.id, reason: "Again", by: moderator).takedown?.reason == "Insults", "the first takedown stays")

        #expect(try await feed.restore(comment: comment.id, by: moderator).takedown == nil)
        #expect(try await feed.post(story.id, reader: ben).engagement.comments == 1)
        #expect(try await feed.comments(on: .post(story.id), reader: ben, page: PageRequest()).items.first?.item.text == "Insult")
        let plain = Caller.user(AuthenticatedUser(id: ben, sessionID: nil, emailVerified: true))
        #expect(try await feed.moderatedComment(comment.id, caller: plain).id == comment.id, "a reader describes what they can see, to report it")
    }

    @Test func authorsEditTheirOwnAndTheHostOrAuthorDeletes() async throws {
        let (host, ana, ben) = (UUID(), UUID(), UUID())
        let event = membership.event(host: host, members: [ana, ben])
        let post = try await feed.create(PostDraft.fixture(audience: .event(event), text: "Hi"), author: host, idempotencyKey: nil)
        let comment = try await feed.comment(on: .post(post.id), text: "Mine", by: ana, idempotencyKey: nil)
        #expect(await errorReason { _ = try await feed.editComment(comment.id, text: "Yours", by: ben) } == "PERMISSION_DENIED")
        #expect(try await feed.editComment(comment.id, text: "Still mine", by: ana).text == "Still mine")
        #expect(await errorReason { try await feed.deleteComment(comment.id, by: ben) } == "NOT_FOUND", "nothing of ben's to delete")
        try await feed.deleteComment(comment.id, by: host)
        #expect(await errorReason { try await feed.deleteComment(comment.id, by: host) } == "NOT_FOUND", "gone already")
        #expect(try await feed.comments(on: .post(post.id), reader: ana, page: PageRequest()).items.isEmpty)
        #expect(await errorReason { _ = try await feed.reply(to: comment.id, text: "Hello?", by: ben, idempotencyKey: nil) } == "NOT_FOUND")
    }

    @Test func badCommentsNameTheirFields() async throws {
        let story = try await feed.create(Fixtures.storyDraft(), author: UUID(), idempotencyKey: nil)
        let ana = UUID()
        #expect(await errorFields { _ = try await feed.comment(on: .post(story.id), text: "  ", by: ana, idempotencyKey: nil) } == ["text"])
        #expect(
            await errorFields {
                _ = try await feed.comment(on: .post(story.id), text: String(repeating: "x", count: 2001), by: ana, idempotencyKey: nil)
            } == ["text"])
        #expect(await errorFields { _ = try await feed.comment(on: .post(story.id), text: "a\u{0}b", by: ana, idempotencyKey: nil) } == ["text"])
        let comment = try await feed.comment(on: .post(story.id), text: "ok", by: ana, idempotencyKey: nil)
        #expect(await errorFields { _ = try await feed.comment(on: .comment(comment.id), text: "ok", by: ana, idempotencyKey: nil) } == ["subject"])
        #expect(throws: RoamError.self) { try Subject(field: "subject", "route/\(UUID())") }
        #expect(try Subject(field: "subject", "comment/\(comment.id)") == .comment(comment.id))
    }
}
