import Foundation
import RoamRuntime
import RoamTesting
import Testing

@testable import Feed

/// Reports of posts and comments: who may report, who reads them, and that they go with their subject.
@Suite struct ContentReportTests {
    @Test(arguments: StoreKind.allCases)
    func reportsReachTheHostOrTheModerationListAndGoWithTheirSubject(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let membership = FakeMembership()
            let feed = FeedService(store: store, membership: membership)
            let (host, ana, ben, outsider) = (UUID(), UUID(), UUID(), UUID())
            let event = membership.event(host: host, members: [ana, ben])
            let post = try await feed.create(PostDraft.fixture(audience: .event(event), text: "Buy now!!!"), author: ana, idempotencyKey: nil)
            let comment = try await feed.comment(on: .post(post.id), text: "Rude words", by: ana, idempotencyKey: nil)
            let story = try await feed.create(Fixtures.storyDraft(), author: ana, idempotencyKey: nil)

            let first = try await feed.report(.post(post.id), by: ben, reason: .spam, text: " ads ")
            #expect(first.text == "ads" && first.eventID == event)
            _ = try await feed.report(.comment(comment.id), by: ben, reason: .harassment, text: "")
            _ = try await feed.report(.post(story.id), by: ben, reason: .other, text: "")
            #expect(await errorReason { _ = try await feed.report(.post(post.id), by: ben, reason: .spam, text: "") } == "ALREADY_REPORTED")
            #expect(await errorReason { _ = try await feed.report(.post(post.id), by: outsider, reason: .spam, text: "") } == "NOT_FOUND")
            #expect(await errorFields { _ = try await feed.report(.post(post.id), by: ana, reason: .spam, text: "") } == ["subject"])
            #expect(
                await errorFields {
                    _ = try await feed.report(.post(story.id), by: host, reason: .spam, text: String(repeating: "x", count: 1001))
                } == ["text"])

            let hostsList = try await feed.eventReports(event, host: host, page: PageRequest(size: 1))
            let rest = try await feed.eventReports(event, host: host, page: PageRequest(size: 1, cursor: hostsList.nextCursor))
            #expect(Set((hostsList.items + rest.items).map(\.subject)) == [.post(post.id), .comment(comment.id)])
            #expect(await errorReason { _ = try await feed.eventReports(event, host: ben, page: PageRequest()) } == "PERMISSION_DENIED")
            // The moderation list is every test's in a shared database: this test looks at its reporter's.
            #expect(
                try await feed.moderationReports(page: PageRequest(size: 100)).items.filter { $0.reporterID == ben }.map(\.subject)
                    == [.post(story.id)])

            // Deleting the post takes its reports and its comment's with it; purging the reporter the rest.
            try await feed.delete(post.id, by: ana)
            #expect(try await feed.eventReports(event, host: host, page: PageRequest()).items.isEmpty)
            try await feed.purgeUser(ben)
            #expect(try await feed.moderationReports(page: PageRequest(size: 100)).items.filter { $0.reporterID == ben }.isEmpty)
        }
    }
}
