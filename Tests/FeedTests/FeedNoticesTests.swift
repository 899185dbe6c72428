import Foundation
import RoamCore
import RoamRuntime
import RoamTesting
import Testing

@testable import Feed

/// What the feed tells the notifications service: a comment to the subject's owner, a reply to the
/// answered comment's author, likes to be gathered per subject; never one's own doing, never from
/// someone the owner blocked, and a retried create is not told twice. Each is queued by the store with
/// its change (the contract suites show PostgreSQL does the same in the change's transaction).
@Suite struct FeedNoticesTests {
    static let rossio = Place(latitude: 38.7139, longitude: -9.1394, name: "Rossio")

    @Test func commentsRepliesAndLikesAreToldToWhoseTheyAre() async throws {
        let (store, graph) = (InMemoryFeedStore(), FakeSocialGraph())
        let feed = FeedService(store: store, membership: FakeMembership(), graph: graph)
        let (ada, bo, cy) = (UUID(), UUID(), UUID())
        let story = try await feed.create(PostDraft.fixture(audience: .place(Self.rossio), text: "Tiles"), author: ada, idempotencyKey: nil)
        let comment = try await feed.comment(on: .post(story.id), text: "Lovely!", by: bo, idempotencyKey: "k1")
        _ = try await feed.comment(on: .post(story.id), text: "Lovely!", by: bo, idempotencyKey: "k1")
        _ = try await feed.reply(to: comment.item.id, text: "Thanks", by: ada, idempotencyKey: nil)
        _ = try await feed.comment(on: .post(story.id), text: "Mine", by: ada, idempotencyKey: nil)
        _ = try await feed.like(.post(story.id), by: bo)
        _ = try await feed.like(.post(story.id), by: ada)
        // Blocked by Ada, Cy cannot see the story at all, so there is nothing to like or tell.
        graph.block(ada, cy)
        await #expect(throws: RoamError.self) { _ = try await feed.like(.post(story.id), by: cy) }

        let told = try await store.publications.claim(at: Date().addingTimeInterval(60), lease: .seconds(60), limit: 100).map(\.publication)
        #expect(told.map(\.kind).sorted() == ["comment", "likes", "reply"], "\(told.map(\.kind))")
        let commented = try #require(told.first { $0.kind == "comment" })
        let replied = try #require(told.first { $0.kind == "reply" })
        let liked = try #require(told.first { $0.kind == "likes" })
        #expect(commented.userID == ada && commented.data["actorId"] == bo.lowercasedString && commented.data["subjectKind"] == "story")
        #expect(commented.data["text"] == "Lovely!" && commented.key == "comment:\(comment.item.id.lowercasedString)" && commented.group == nil)
        #expect(
            replied.userID == bo && replied.data["parentId"] == comment.item.id.lowercasedString && replied.data["actorId"] == ada.lowercasedString)
        #expect(liked.userID == ada && liked.group == "likes:post/\(story.id.lowercasedString)" && liked.data["count"] == "1")
        #expect(liked.key == "like:post/\(story.id.lowercasedString):\(bo.lowercasedString)")
    }
}
