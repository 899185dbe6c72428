import Foundation
import RoamCore
import RoamTesting
import Synchronization
import Testing

@testable import Feed

/// Comments, likes and reports on other services' subjects (activities and bucket items): the feed asks
/// their owner service whether the reader may see them.
@Suite struct ExternalSubjectTests {
    /// Subjects as bucket lists would answer for them: visible to everyone, or to their owner only.
    final class FakeSubjects: ExternalSubjects {
        let visible = Mutex<[Subject: (owner: UUID, everyone: Bool)]>([:])
        let asked = Mutex(0)

        func owner(of subject: Subject, reader: UUID) async throws -> UUID? {
            asked.withLock { $0 += 1 }
            guard let entry = visible.withLock({ $0[subject] }) else { return nil }
            return entry.everyone || entry.owner == reader ? entry.owner : nil
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aVisibleActivityTakesCommentsLikesAndReportsAndAHiddenItemNone(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let subjects = FakeSubjects()
            let feed = FeedService(store: store, membership: FakeMembership(), external: subjects)
            let (ana, bo) = (UUID(), UUID())
            let activity = Subject(.activity, UUID()), privateItem = Subject(.bucketItem, UUID())
            subjects.visible.withLock {
                $0[activity] = (ana, true); $0[privateItem] = (ana, false)
            }

            let comment = try await feed.comment(on: activity, text: "Went at dawn, worth it", by: bo, idempotencyKey: nil)
            _ = try await feed.reply(to: comment.item.id, text: "Thanks!", by: ana, idempotencyKey: nil)
            let liked = try await feed.like(activity, by: bo)
            #expect(liked.likes == 1 && liked.likedByMe && liked.comments == 2, "the comment and its reply")
            #expect(try await feed.comments(on: activity, reader: ana, page: PageRequest()).items.count == 2)
            let report = try await feed.report(activity, by: bo, reason: .spam, text: "")
            #expect(report.subject == activity)
            #expect(
                await errorReason { _ = try await feed.report(activity, by: ana, reason: .spam, text: "") } == "INVALID_FIELD",
                "its author cannot report it")

            // A stranger may not comment on, like or read the comments of a private list's item.
            #expect(await errorReason { _ = try await feed.comment(on: privateItem, text: "Hi", by: bo, idempotencyKey: nil) } == "NOT_FOUND")
            #expect(await errorReason { _ = try await feed.like(privateItem, by: bo) } == "NOT_FOUND")
            #expect(await errorReason { _ = try await feed.comments(on: privateItem, reader: bo, page: PageRequest()) } == "NOT_FOUND")
            // Its owner may.
            _ = try await feed.comment(on: privateItem, text: "Note to self", by: ana, idempotencyKey: nil)
            #expect(try await feed.like(privateItem, by: ana).likes == 1)
            // A subject bucket lists does not know is not found, and a feed without bucket lists knows none.
            #expect(await errorReason { _ = try await feed.like(Subject(.activity, UUID()), by: bo) } == "NOT_FOUND")
            let alone = FeedService(store: store, membership: FakeMembership())
            #expect(await errorReason { _ = try await alone.like(activity, by: bo) } == "NOT_FOUND")
        }
    }

    @Test func subjectsParseWithTheirKinds() throws {
        let id = UUID()
        #expect(try Subject(field: "subject", "activity/\(id.lowercasedString)") == Subject(.activity, id))
        #expect(try Subject(field: "subject", "bucket_item/\(id.lowercasedString)") == Subject(.bucketItem, id))
        #expect(throws: RoamError.self) { _ = try Subject(field: "subject", "bucketItem/\(id.lowercasedString)") }
        #expect(Subject(.bucketItem, id).description == "bucket_item/\(id.lowercasedString)")
        #expect(try Subject(field: "subject", "walk/\(id.lowercasedString)") == Subject(.walk, id))
    }

    /// Each kind is asked of the service that keeps it, and of no other.
    @Test(arguments: StoreKind.allCases)
    func aWalkIsAskedOfTripsAndAnActivityOfBucketLists(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let (bucketLists, trips) = (FakeSubjects(), FakeSubjects())
            let router = ExternalSubjectRouter([.activity: bucketLists, .bucketItem: bucketLists, .walk: trips])
            let feed = FeedService(store: store, membership: FakeMembership(), external: router)
            let (ana, bo) = (UUID(), UUID())
            let walk = Subject(.walk, UUID()), privateWalk = Subject(.walk, UUID()), activity = Subject(.activity, UUID())
            trips.visible.withLock {
                $0[walk] = (ana, true); $0[privateWalk] = (ana, false)
            }
            bucketLists.visible.withLock { $0[activity] = (ana, true) }
            _ = try await feed.comment(on: walk, text: "Lovely route", by: bo, idempotencyKey: nil)
            #expect(try await feed.like(walk, by: bo).likes == 1)
            _ = try await feed.comment(on: activity, text: "Fun", by: bo, idempotencyKey: nil)
            #expect(await errorReason { _ = try await feed.comment(on: privateWalk, text: "Hi", by: bo, idempotencyKey: nil) } == "NOT_FOUND")
            #expect(trips.asked.withLock { $0 } == 3 && bucketLists.asked.withLock { $0 } == 1)
        }
    }

    /// Counts are numbers only, for other services' subjects only, at most 100 at a time.
    @Test(arguments: StoreKind.allCases)
    func commentCountsAreToldForOtherServicesSubjectsOnly(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let subjects = FakeSubjects()
            let feed = FeedService(store: store, membership: FakeMembership(), external: subjects)
            let (ana, bo) = (UUID(), UUID())
            let activity = Subject(.activity, UUID()), item = Subject(.bucketItem, UUID()), quiet = Subject(.walk, UUID())
            subjects.visible.withLock {
                $0[activity] = (ana, true); $0[item] = (ana, true)
            }
            let comment = try await feed.comment(on: activity, text: "Go early", by: bo, idempotencyKey: nil)
            _ = try await feed.reply(to: comment.item.id, text: "Yes", by: ana, idempotencyKey: nil)
            let gone = try await feed.comment(on: item, text: "Typo", by: bo, idempotencyKey: nil)
            _ = try await feed.comment(on: item, text: "Nice", by: bo, idempotencyKey: nil)
            try await feed.deleteComment(gone.item.id, by: bo)
            #expect(try await feed.commentCounts(of: [activity, item, quiet], reader: bo) == [activity: 2, item: 1, quiet: 0])
            #expect(
                await errorReason { _ = try await feed.commentCounts(of: [Subject.post(UUID())], reader: bo) } == "INVALID_FIELD",
                "a post's count comes with the post, where its audience is checked")
            let many = (0..<101).map { _ in Subject(.activity, UUID()) }
            #expect(await errorReason { _ = try await feed.commentCounts(of: many, reader: bo) } == "INVALID_FIELD")
        }
    }
}
