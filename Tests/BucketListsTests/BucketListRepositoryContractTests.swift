import Foundation
import RoamCore
import RoamTesting
import Testing

@testable import BucketLists

/// What both list stores do, run against each.
@Suite struct BucketListRepositoryContractTests {
    @Test(arguments: StoreKind.allCases)
    func aListReadsBackWithItsCountsAndAKeyAnswersItsFirstList(_ kind: StoreKind) async throws {
        try await kind.withRepository { store in
            let owner = UUID()
            var list = BucketListFixtures.list(owner: owner)
            list.details.description = "Things to do"
            list.details.coverMediaID = UUID()
            let stored = try await store.create(list, idempotencyKey: "list-1")
            #expect(stored == list)
            let retried = try await store.create(BucketListFixtures.list(owner: owner, title: "Another"), idempotencyKey: "list-1")
            #expect(retried.id == list.id && retried.details.title == "Before I'm thirty")
            #expect(
                try await store.create(BucketListFixtures.list(title: "Someone else's"), idempotencyKey: "list-1").details.title == "Someone else's",
                "keys are per owner")
            let lights = try #require(try await store.add(BucketListFixtures.item(in: list), idempotencyKey: nil))
            _ = try await store.add(BucketListFixtures.item(in: list, title: "Run a marathon"), idempotencyKey: nil)
            _ = try await store.update(
                item: lights.id, owner: owner, details: lights.details, completion: Completion(at: BucketListFixtures.time(60)),
                at: BucketListFixtures.time(60))
            let counted = try #require(try await store.list(list.id))
            #expect(counted.itemCount == 2 && counted.completedCount == 1)
            #expect(try await store.update(list.id, owner: UUID(), details: ListDetails(title: "Mine now"), at: BucketListFixtures.time(1)) == nil)
            let renamed = try await store.update(
                list.id, owner: owner, details: ListDetails(title: "Before forty", visibility: .private),
                at: BucketListFixtures.time(2))
            #expect(renamed?.details.title == "Before forty" && renamed?.details.visibility == .private && renamed?.itemCount == 2)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func listsPageNewestFirstWithinTheVisibilitiesAsked(_ kind: StoreKind) async throws {
        try await kind.withRepository { store in
            let owner = UUID()
            let visibilities: [Visibility] = [.public, .followers, .private, .public, .public]
            for (index, visibility) in visibilities.enumerated() {
                _ = try await store.create(
                    BucketListFixtures.list(owner: owner, title: "List \(index)", visibility: visibility, at: Double(index)),
                    idempotencyKey: nil)
            }
            let first = try await store.lists(of: owner, visibilities: [.public, .followers], page: PageRequest(size: 2))
            #expect(first.items.map(\.details.title) == ["List 4", "List 3"])
            let second = try await store.lists(of: owner, visibilities: [.public, .followers], page: PageRequest(size: 2, cursor: first.nextCursor))
            #expect(second.items.map(\.details.title) == ["List 1", "List 0"] && second.nextCursor == nil)
            #expect(try await store.lists(of: owner, visibilities: Set(Visibility.allCases), page: PageRequest()).items.count == 5)
            #expect(try await store.counts(of: owner, visibilities: [.public], includingTakenDown: true).lists == 3)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func itemsKeepTheOrderTheOwnerSetsThroughMovesAndDeletes(_ kind: StoreKind) async throws {
        try await kind.withRepository { store in
            let owner = UUID()
            let list = try await store.create(BucketListFixtures.list(owner: owner), idempotencyKey: nil)
            let other = try await store.create(BucketListFixtures.list(owner: owner, title: "Someday"), idempotencyKey: nil)
            var ids: [UUID] = []
            for title in ["A", "B", "C", "D"] {
                ids.append(try #require(try await store.add(BucketListFixtures.item(in: list, title: title), idempotencyKey: nil)).id)
            }
            func titles(_ list: BucketList) async throws -> [String] {
                try await store.items(in: list.id, page: PageRequest()).items.map(\.details.title)
            }
            #expect(try await titles(list) == ["A", "B", "C", "D"])
            #expect(try await store.move(item: ids[3], owner: owner, to: list.id, position: 0, at: BucketListFixtures.time(1))?.position == 0)
            #expect(try await titles(list) == ["D", "A", "B", "C"])
            #expect(
                try await store.move(item: ids[3], owner: owner, to: list.id, position: 99, at: BucketListFixtures.time(2))?.position == 3,
                "past the end is the end")
            #expect(try await titles(list) == ["A", "B", "C", "D"])
            let moved = try await store.move(item: ids[1], owner: owner, to: other.id, position: 0, at: BucketListFixtures.time(3))
            #expect(moved?.listID == other.id && moved?.position == 0)
            #expect(try await titles(list) == ["A", "C", "D"])
            #expect(try await titles(other) == ["B"])
            #expect(try await store.move(item: ids[0], owner: UUID(), to: list.id, position: 1, at: BucketListFixtures.time(4)) == nil)
            #expect(try await store.delete(item: ids[2], owner: owner)?.details.title == "C")
            #expect(try await store.delete(item: ids[2], owner: owner) == nil)
            let positions = try await store.items(in: list.id, page: PageRequest()).items.map(\.position)
            #expect(positions == [0, 1], "the items after a deleted one close up")
            // Pages follow the order.
            let page = try await store.items(in: list.id, page: PageRequest(size: 1))
            let rest = try await store.items(in: list.id, page: PageRequest(size: 1, cursor: page.nextCursor))
            #expect(page.items.map(\.details.title) + rest.items.map(\.details.title) == ["A", "D"] && rest.nextCursor == nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func concurrentAddsAndMovesKeepPositionsDense(_ kind: StoreKind) async throws {
        try await kind.withRepository { store in
            let owner = UUID()
            let list = try await store.create(BucketListFixtures.list(owner: owner), idempotencyKey: nil)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<30 {
                    group.addTask { _ = try await store.add(BucketListFixtures.item(in: list, title: "Item \(index)"), idempotencyKey: nil) }
                }
                try await group.waitForAll()
            }
            let items = try await store.items(in: list.id, page: PageRequest(size: 100)).items
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, item) in items.enumerated() {
                    group.addTask {
                        _ = try await store.move(item: item.id, owner: owner, to: list.id, position: (index * 7) % 30, at: BucketListFixtures.time())
                    }
                }
                try await group.waitForAll()
            }
            let after = try await store.items(in: list.id, page: PageRequest(size: 100)).items
            #expect(after.map(\.position) == Array(0..<30) && Set(after.map(\.id)).count == 30)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func anItemReadsBackWithItsPlaceCompletionAndSource(_ kind: StoreKind) async throws {
        try await kind.withRepository { store in
            let owner = UUID()
            let list = try await store.create(BucketListFixtures.list(owner: owner), idempotencyKey: nil)
            var item = BucketListFixtures.item(in: list, place: NamedPlace(point: GeoPoint(latitude: 69.6492, longitude: 18.9553), name: "Tromsø"))
            item.details.targetDate = LocalDate("2027-02-01")
            item.details.mediaIDs = [UUID(), UUID()]
            item.details.description = "Dress warmly"
            let source = UUID()
            item = Item(
                id: item.id, listID: item.listID, ownerID: owner, details: item.details, source: .item(source), createdAt: item.createdAt,
                updatedAt: item.updatedAt)
            let added = try #require(try await store.add(item, idempotencyKey: "item-1"))
            #expect(added == item)
            #expect(try await store.add(BucketListFixtures.item(in: list, title: "Other"), idempotencyKey: "item-1")?.id == item.id)
            #expect(try await store.add(BucketListFixtures.item(in: BucketListFixtures.list()), idempotencyKey: nil) == nil, "no such list")
            let completion = Completion(at: BucketListFixtures.time(30), note: "Green and purple", mediaID: UUID())
            let done = try await store.update(
                item: item.id, owner: owner, details: item.details, completion: completion, at: BucketListFixtures.time(31))
            #expect(done?.completion == completion && done?.updatedAt == BucketListFixtures.time(31))
            #expect(try await store.item(item.id) == done)
            #expect(
                try await store.update(item: item.id, owner: UUID(), details: item.details, completion: nil, at: BucketListFixtures.time(32)) == nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func completedItemsComeMostRecentFirstAcrossLists(_ kind: StoreKind) async throws {
        try await kind.withRepository { store in
            let owner = UUID()
            let first = try await store.create(BucketListFixtures.list(owner: owner), idempotencyKey: nil)
            let second = try await store.create(BucketListFixtures.list(owner: owner, title: "Travel"), idempotencyKey: nil)
            var done: [UUID] = []
            for (index, list) in [first, second, first].enumerated() {
                let item = try #require(try await store.add(BucketListFixtures.item(in: list, title: "Item \(index)"), idempotencyKey: nil))
                _ = try await store.update(
                    item: item.id, owner: owner, details: item.details,
                    completion: Completion(at: BucketListFixtures.time(Double(index) * 100)), at: BucketListFixtures.time())
                done.append(item.id)
            }
            _ = try await store.add(BucketListFixtures.item(in: second, title: "Still open"), idempotencyKey: nil)
            let page = try await store.completed(of: owner, page: PageRequest(size: 2))
            let rest = try await store.completed(of: owner, page: PageRequest(size: 2, cursor: page.nextCursor))
            #expect((page.items + rest.items).map(\.id) == done.reversed() && rest.nextCursor == nil)
            #expect(
                try await store.counts(of: owner, visibilities: [.public], includingTakenDown: true) == ListCounts(lists: 2, items: 4, completed: 3))
        }
    }

    /// Takedowns are kept and put back; a taken-down item or list is counted only for its owner.
    @Test(arguments: StoreKind.allCases)
    func takedownsAreKeptAndCountedOnlyForTheOwner(_ kind: StoreKind) async throws {
        try await kind.withRepository { store in
            let owner = UUID()
            let list = try await store.create(BucketListFixtures.list(owner: owner), idempotencyKey: nil)
            let other = try await store.create(BucketListFixtures.list(owner: owner, title: "Travel"), idempotencyKey: nil)
            let kept = try #require(try await store.add(BucketListFixtures.item(in: list, title: "Kept"), idempotencyKey: nil))
            let downItem = try #require(try await store.add(BucketListFixtures.item(in: list, title: "Down"), idempotencyKey: nil))
            _ = try #require(try await store.add(BucketListFixtures.item(in: other, title: "In a list taken down"), idempotencyKey: nil))
            let takedown = Takedown(at: BucketListFixtures.time(), reason: "insults", by: "user:mod")
            #expect(try await store.setTakedown(ofItem: downItem.id, takedown)?.takedown == takedown)
            #expect(try await store.setTakedown(ofList: other.id, takedown)?.takedown == takedown)
            #expect(try await store.item(downItem.id)?.takedown == takedown)
            #expect(try await store.list(other.id)?.takedown == takedown)
            #expect(try await store.item(kept.id)?.takedown == nil)
            #expect(try await store.list(list.id)?.itemCount == 1, "a taken-down item is not counted in its list")
            #expect(
                try await store.counts(of: owner, visibilities: [.public], includingTakenDown: false) == ListCounts(lists: 1, items: 1, completed: 0))
            #expect(
                try await store.counts(of: owner, visibilities: [.public], includingTakenDown: true) == ListCounts(lists: 2, items: 3, completed: 0))
            #expect(try await store.setTakedown(ofList: other.id, nil)?.takedown == nil)
            #expect(try await store.setTakedown(ofItem: UUID(), takedown) == nil)
            #expect(try await store.setTakedown(ofList: UUID(), takedown) == nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func deletingAListOrAnOwnerTakesTheirItems(_ kind: StoreKind) async throws {
        try await kind.withRepository { store in
            let owner = UUID()
            let list = try await store.create(BucketListFixtures.list(owner: owner), idempotencyKey: nil)
            let kept = try await store.create(BucketListFixtures.list(owner: owner, title: "Kept"), idempotencyKey: nil)
            let item = try #require(try await store.add(BucketListFixtures.item(in: list), idempotencyKey: nil))
            _ = try await store.add(BucketListFixtures.item(in: kept), idempotencyKey: nil)
            #expect(try await store.delete(list.id, owner: UUID()) == nil)
            let removed = try #require(try await store.delete(list.id, owner: owner))
            #expect(removed.list.id == list.id && removed.items.map(\.id) == [item.id])
            #expect(try await store.list(list.id) == nil)
            #expect(try await store.item(item.id) == nil)
            #expect(try await store.delete(list.id, owner: owner) == nil)
            let all = try await store.deleteAll(of: owner)
            #expect(all.lists.map(\.id) == [kept.id] && all.items.count == 1)
            #expect(try await store.counts(of: owner, visibilities: Set(Visibility.allCases), includingTakenDown: true) == ListCounts())
            #expect(try await store.deleteAll(of: owner).lists.isEmpty, "again: nothing left, no error")
        }
    }
}
