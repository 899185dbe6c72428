import Foundation
import RoamCore
import RoamRuntime
import RoamTesting
import Testing

@testable import Feed

/// A comment's and a like's news are queued with them, in one step, and never for a retried comment or
/// a like given twice; a like's news carries the count it brought. Both stores alike.
@Suite struct NoticeRepositoryContractTests {
    @Test(arguments: StoreKind.allCases)
    func noticesAreQueuedWithTheirChangesOnlyWhenTheyHappen(_ kind: StoreKind) async throws {
        try await kind.withOwnStore { store in
            let owner = UUID()
            let story = try await store.create(Fixtures.story(by: owner), idempotencyKey: nil)
            let comment = Fixtures.comment(on: story)
            let told = Publication(
                userID: owner, kind: "comment", key: "comment:\(comment.id.lowercasedString)", data: [:], threadID: "post", at: comment.createdAt)
            _ = try await store.addComment(comment, idempotencyKey: "k", telling: told)
            var retried = Fixtures.comment(on: story, by: comment.authorID!)
            retried.text = comment.text
            _ = try await store.addComment(retried, idempotencyKey: "k", telling: told)

            let (ada, bo) = (UUID(), UUID())
            func notice(_ liker: UUID) -> LikeNotice {
                LikeNotice(owner: owner, subject: .post(story.id), subjectKind: "story", liker: liker, at: Fixtures.now())
            }
            #expect(try await store.like(.post(story.id), by: ada, at: Fixtures.now(), telling: notice(ada)))
            #expect(try await !store.like(.post(story.id), by: ada, at: Fixtures.now(), telling: notice(ada)))
            #expect(try await store.like(.post(story.id), by: bo, at: Fixtures.now(), telling: notice(bo)))
            #expect(try await !store.like(.post(UUID()), by: bo, at: Fixtures.now(), telling: notice(bo)), "no such post")

            let queued = try await store.publications.claim(at: Date().addingTimeInterval(60), lease: .seconds(60), limit: 100)
                .map(\.publication).filter { $0.userID == owner }
            #expect(queued.filter { $0.kind == "comment" }.count == 1, "a retried comment is told once")
            let likes = queued.filter { $0.kind == "likes" }.sorted { ($0.data["count"] ?? "") < ($1.data["count"] ?? "") }
            #expect(likes.map { $0.data["actorId"] } == [ada.lowercasedString, bo.lowercasedString])
            #expect(likes.map { $0.data["count"] } == ["1", "2"])
            try await store.forgetNotices(to: owner)
            #expect(try await store.publications.pendingCount() == 0)
        }
    }
}
