import Foundation
import RoamCore
import RoamTesting
import Testing

@testable import BucketLists

/// A moderator's takedown of an activity, a list or an item: gone for everyone but its owner, who sees
/// why; out of search, trending, favourites, listings and counts; back when restored.
@Suite struct BucketListsTakedownTests {
    let graph = FakeSocialGraph()
    let media = InMemoryMediaAttachments()
    let store = InMemoryBucketListStore()
    let ana = UUID(), bo = UUID()
    let moderator = Moderator(userID: UUID(), roles: [.moderator], name: "user:mod")
    static let here = GeoPoint(latitude: 21.2793, longitude: -157.8292)

    var lists: BucketListService { BucketListService(lists: store, graph: graph, media: media) }
    var activities: ActivityService { ActivityService(activities: store, lists: lists, graph: graph, media: media) }

    @Test func aTakenDownActivityIsGoneForAllButItsAuthor() async throws {
        let surf = try await activities.create(
            ActivityDetails(name: "Surf lesson", place: NamedPlace(point: Self.here, name: "Waikiki")), author: ana, idempotencyKey: nil
        ).activity
        _ = try await activities.favourite(surf.id, by: bo)
        let down = try await activities.takeDown(activity: surf.id, reason: "Scam", by: moderator)
        #expect(down.takedown?.reason == "Scam" && down.takedown?.by == "user:mod")

        #expect(await errorReason { _ = try await activities.activity(surf.id, for: bo) } == "NOT_FOUND")
        #expect(await errorReason { _ = try await activities.vote(.up, on: surf.id, by: bo) } == "NOT_FOUND")
        let near = ActivityQuery(area: .circle(center: Self.here, meters: 1_000))
        #expect(try await activities.search(near, for: bo, page: PageRequest()).items.isEmpty)
        #expect(try await activities.trending(near: Self.here, limit: 10, for: bo).activities.isEmpty)
        #expect(try await activities.favourites(of: bo, page: PageRequest()).items.isEmpty)
        #expect(try await activities.activity(surf.id, for: ana).activity.takedown?.reason == "Scam", "its author sees why")
        #expect(try await activities.search(near, for: ana, page: PageRequest()).items.map(\.activity.id) == [surf.id])
        #expect(try await activities.takeDown(activity: surf.id, reason: "Again", by: moderator).takedown?.reason == "Scam")

        _ = try await activities.restore(activity: surf.id, by: moderator)
        #expect(try await activities.activity(surf.id, for: bo).activity.takedown == nil)
        #expect(try await activities.favourites(of: bo, page: PageRequest()).items.map(\.activity.id) == [surf.id])
    }

    @Test func aTakenDownListTakesItsItemsAndCountsWithIt() async throws {
        let list = try await lists.createList(ListDetails(title: "Hawaii", visibility: .public), owner: ana, idempotencyKey: nil)
        let item = try await lists.addItem(ItemDetails(title: "Volcano"), to: list.id, owner: ana, idempotencyKey: nil)
        #expect(try await lists.counts(of: ana, for: bo) == ListCounts(lists: 1, items: 1, completed: 0))

        _ = try await lists.takeDown(list: list.id, reason: "Hate", by: moderator)
        #expect(await errorReason { _ = try await lists.list(list.id, for: bo) } == "NOT_FOUND")
        #expect(await errorReason { _ = try await lists.item(item.id, for: bo) } == "NOT_FOUND")
        #expect(await errorReason { _ = try await lists.items(in: list.id, for: bo, page: PageRequest()) } == "NOT_FOUND")
        #expect(try await lists.lists(of: ana, for: bo, page: PageRequest()).items.isEmpty)
        #expect(try await lists.counts(of: ana, for: bo) == ListCounts())
        #expect(try await lists.list(list.id, for: ana).takedown?.reason == "Hate", "its owner sees why")
        #expect(try await lists.counts(of: ana, for: ana).lists == 1)

        _ = try await lists.restore(list: list.id, by: moderator)
        #expect(try await lists.item(item.id, for: bo).id == item.id)
    }

    @Test func aTakenDownItemLeavesItsListAndCountsForOthers() async throws {
        let list = try await lists.createList(ListDetails(title: "Hawaii", visibility: .public), owner: ana, idempotencyKey: nil)
        let kept = try await lists.addItem(ItemDetails(title: "Volcano"), to: list.id, owner: ana, idempotencyKey: nil)
        let abusive = try await lists.addItem(ItemDetails(title: "Insult"), to: list.id, owner: ana, idempotencyKey: nil)
        _ = try await lists.takeDown(item: abusive.id, reason: "Insults", by: moderator)
        #expect(await errorReason { _ = try await lists.item(abusive.id, for: bo) } == "NOT_FOUND")
        #expect(await errorReason { _ = try await lists.copyItem(abusive.id, into: UUID(), reader: bo, idempotencyKey: nil) } == "NOT_FOUND")
        #expect(try await lists.items(in: list.id, for: bo, page: PageRequest()).items.map(\.id) == [kept.id])
        #expect(try await lists.list(list.id, for: bo).itemCount == 1)
        #expect(try await lists.counts(of: ana, for: bo).items == 1)
        #expect(try await lists.item(abusive.id, for: ana).takedown?.reason == "Insults")
        #expect(try await lists.items(in: list.id, for: ana, page: PageRequest()).items.count == 2)
    }

    /// A user describing content to report it sees only what they may read; a moderator sees it whole.
    @Test func describingForAReportNeedsWhatTheReporterMayRead() async throws {
        let list = try await lists.createList(ListDetails(title: "Secret", visibility: .private), owner: ana, idempotencyKey: nil)
        let reader = Caller.user(AuthenticatedUser(id: bo, sessionID: nil, emailVerified: true))
        #expect(await errorReason { _ = try await lists.moderatedList(list.id, caller: reader) } == "NOT_FOUND")
        let mod = Caller.user(AuthenticatedUser(id: UUID(), sessionID: nil, emailVerified: true, roles: [.moderator]))
        #expect(try await lists.moderatedList(list.id, caller: mod).id == list.id)
    }
}
