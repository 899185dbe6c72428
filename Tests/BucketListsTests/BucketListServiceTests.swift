import Foundation
import RoamCore
import RoamTesting
import Synchronization
import Testing

@testable import BucketLists

/// The rules of lists and items: who sees what, who may change what, and what is checked.
@Suite struct BucketListServiceTests {
    let graph = FakeSocialGraph()
    let media = InMemoryMediaAttachments()
    let ana = UUID(), bo = UUID(), cy = UUID()

    /// The service on a clock that moves a millisecond each time it is read, from 1,000 s.
    func service(_ store: any BucketListRepository = InMemoryBucketListStore()) -> BucketListService {
        let ticks = Mutex(0.0)
        return BucketListService(
            lists: store, graph: graph, media: media,
            now: {
                BucketListFixtures.time(
                    1_000
                        + ticks.withLock { tick in
                            tick += 0.001; return tick
                        })
            })
    }

    @Test(arguments: StoreKind.allCases)
    func eachVisibilityShowsTheListToItsAudienceAndBlocksHideEverything(_ kind: StoreKind) async throws {
        try await kind.withRepository { store in
            let lists = service(store)
            let open = try await lists.createList(ListDetails(title: "Open"), owner: ana, idempotencyKey: nil)
            let friends = try await lists.createList(ListDetails(title: "Friends", visibility: .followers), owner: ana, idempotencyKey: nil)
            let mine = try await lists.createList(ListDetails(title: "Mine", visibility: .private), owner: ana, idempotencyKey: nil)
            for list in [open, friends, mine] {
                _ = try await lists.addItem(ItemDetails(title: "Something"), to: list.id, owner: ana, idempotencyKey: nil)
            }
            graph.follow(bo, ana)

            func titles(for reader: UUID) async throws -> [String] {
                try await lists.lists(of: ana, for: reader, page: PageRequest()).items.map(\.details.title)
            }
            #expect(try await titles(for: ana) == ["Mine", "Friends", "Open"])
            #expect(try await titles(for: bo) == ["Friends", "Open"], "a follower")
            #expect(try await titles(for: cy) == ["Open"], "a stranger")
            await #expect(throws: RoamError.notFound("list")) { _ = try await lists.list(mine.id, for: bo) }
            await #expect(throws: RoamError.notFound("list")) { _ = try await lists.items(in: friends.id, for: cy, page: PageRequest()) }
            let privateItem = try #require(try await lists.items(in: mine.id, for: ana, page: PageRequest()).items.first)
            await #expect(throws: RoamError.notFound("item")) { _ = try await lists.item(privateItem.id, for: bo) }
            #expect(try await lists.counts(of: ana, for: cy) == ListCounts(lists: 1, items: 1, completed: 0))
            #expect(try await lists.counts(of: ana, for: bo).lists == 2)
            #expect(try await lists.counts(of: ana, for: ana).lists == 3)
            #expect(try await lists.counts(of: ana, for: nil) == ListCounts(lists: 1, items: 1, completed: 0), "someone signed out")

            // Blocked either way: nothing at all, not even the public list or the counts.
            graph.block(ana, cy)
            #expect(try await titles(for: cy).isEmpty)
            await #expect(throws: RoamError.notFound("list")) { _ = try await lists.list(open.id, for: cy) }
            #expect(try await lists.counts(of: ana, for: cy) == ListCounts())
            graph.block(bo, ana)
            #expect(try await titles(for: bo).isEmpty, "blocking the owner hides the owner's lists from the blocker too")
        }
    }

    @Test func onlyTheOwnerChangesAListOrItsItems() async throws {
        let lists = service()
        let list = try await lists.createList(ListDetails(title: "Ana's"), owner: ana, idempotencyKey: nil)
        let item = try await lists.addItem(ItemDetails(title: "Skydive"), to: list.id, owner: ana, idempotencyKey: nil)
        let notFound = RoamError.notFound("list"), noItem = RoamError.notFound("item")
        await #expect(throws: notFound) { _ = try await lists.updateList(list.id, changes: ListChanges.fixture(title: "Bo's"), owner: bo) }
        await #expect(throws: notFound) { _ = try await lists.addItem(ItemDetails(title: "Mine"), to: list.id, owner: bo, idempotencyKey: nil) }
        await #expect(throws: noItem) { _ = try await lists.updateItem(item.id, changes: ItemChanges.fixture(title: "Bo's"), owner: bo) }
        await #expect(throws: noItem) { _ = try await lists.complete(item.id, at: nil, note: "", mediaID: nil, owner: bo) }
        await #expect(throws: noItem) { _ = try await lists.moveItem(item.id, to: nil, position: 0, owner: bo) }
        await #expect(throws: RoamError.notFound("item")) { try await lists.deleteItem(item.id, owner: bo) }
        await #expect(throws: RoamError.notFound("list")) { try await lists.deleteList(list.id, owner: bo) }
        #expect(try await lists.item(item.id, for: ana).details.title == "Skydive", "a stranger's deletes change nothing")
        // Moving into someone else's list is refused as a list that does not exist.
        let bos = try await lists.createList(ListDetails(title: "Bo's"), owner: bo, idempotencyKey: nil)
        await #expect(throws: RoamError.invalidField("list_id", "must be one of your lists")) {
            _ = try await lists.moveItem(item.id, to: bos.id, position: 0, owner: ana)
        }
    }

    @Test func badDetailsAreNamedByTheirFields() async throws {
        let lists = service()
        let list = try await lists.createList(ListDetails(title: "  Trimmed  "), owner: ana, idempotencyKey: nil)
        #expect(list.details.title == "Trimmed")
        let listError = await #expect(throws: RoamError.self) {
            _ = try await lists.createList(
                ListDetails(title: String(repeating: "x", count: 101), description: "bell \u{7}"), owner: ana,
                idempotencyKey: String(repeating: "k", count: 101))
        }
        #expect(Set(listError?.violations.map(\.field) ?? []) == ["title", "description"])
        let blank = await #expect(throws: RoamError.self) {
            _ = try await lists.createList(ListDetails(title: "   "), owner: ana, idempotencyKey: nil)
        }
        #expect(blank?.violations.map(\.field) == ["title"])
        let itemError = await #expect(throws: RoamError.self) {
            let someone = UUID()
            _ = try await lists.addItem(
                ItemDetails(
                    title: "", place: NamedPlace(point: GeoPoint(latitude: 95, longitude: 0), name: ""),
                    mediaIDs: [someone, someone]), to: list.id, owner: ana, idempotencyKey: nil)
        }
        #expect(Set(itemError?.violations.map(\.field) ?? []) == ["title", "place.point.latitude", "place.name", "media_ids"])
        let item = try await lists.addItem(ItemDetails(title: "Learn to sail"), to: list.id, owner: ana, idempotencyKey: nil)
        let future = await #expect(throws: RoamError.self) {
            _ = try await lists.complete(item.id, at: BucketListFixtures.time(1_000 + 3_600), note: "", mediaID: nil, owner: ana)
        }
        #expect(future?.violations.map(\.field) == ["completed_at"])
        let negative = await #expect(throws: RoamError.self) { _ = try await lists.moveItem(item.id, to: nil, position: -1, owner: ana) }
        #expect(negative?.violations.map(\.field) == ["position"])
    }

    @Test func coversAndPhotosAreAttachedThroughMediaAndLetGoWithTheirListOrItem() async throws {
        let lists = service()
        let cover = media.upload(for: ana), photo = media.upload(for: ana), proof = media.upload(for: ana), bosPhoto = media.upload(for: bo)
        let refused = await #expect(throws: RoamError.self) {
            _ = try await lists.createList(ListDetails(title: "Stolen cover", coverMediaID: bosPhoto), owner: ana, idempotencyKey: nil)
        }
        #expect(refused?.violations.map(\.field) == ["cover_media_id"])
        #expect(try await lists.lists(of: ana, for: ana, page: PageRequest()).items.isEmpty, "a refused cover stores no list")
        let list = try await lists.createList(ListDetails(title: "Travel", coverMediaID: cover), owner: ana, idempotencyKey: nil)
        #expect(media.subjects(of: cover) == ["list/\(list.id.lowercasedString)"])
        let item = try await lists.addItem(ItemDetails(title: "Petra", mediaIDs: [photo]), to: list.id, owner: ana, idempotencyKey: nil)
        let done = try await lists.complete(item.id, at: BucketListFixtures.time(500), note: "  Finally  ", mediaID: proof, owner: ana)
        #expect(done.completion == Completion(at: BucketListFixtures.time(500), note: "Finally", mediaID: proof))
        #expect(media.subjects(of: proof) == ["item/\(item.id.lowercasedString)"])
        let reopened = try await lists.reopen(item.id, owner: ana)
        #expect(reopened.completion == nil && media.subjects(of: proof).isEmpty)
        let uncovered = try await lists.updateList(list.id, changes: ListChanges.fixture(coverMediaID: .some(nil)), owner: ana)
        #expect(uncovered.details.coverMediaID == nil && media.subjects(of: cover).isEmpty)
        try await lists.deleteList(list.id, owner: ana)
        #expect(media.subjects(of: photo).isEmpty)
        await #expect(throws: RoamError.notFound("item")) { _ = try await lists.item(item.id, for: ana) }
    }

    @Test func aVisibleItemIsCopiedWithItsSourceAndAHiddenOneIsNot() async throws {
        let lists = service()
        let open = try await lists.createList(ListDetails(title: "Ana's open list"), owner: ana, idempotencyKey: nil)
        let hidden = try await lists.createList(ListDetails(title: "Ana's own", visibility: .private), owner: ana, idempotencyKey: nil)
        let place = NamedPlace(point: GeoPoint(latitude: 27.1751, longitude: 78.0421), name: "Taj Mahal")
        let original = try await lists.addItem(
            ItemDetails(
                title: "See the Taj Mahal at dawn", place: place, targetDate: LocalDate("2027-03-01"),
                mediaIDs: [media.upload(for: ana)]), to: open.id, owner: ana, idempotencyKey: nil)
        let secret = try await lists.addItem(ItemDetails(title: "Secret"), to: hidden.id, owner: ana, idempotencyKey: nil)
        let bos = try await lists.createList(ListDetails(title: "Bo's"), owner: bo, idempotencyKey: nil)
        let copy = try await lists.copyItem(original.id, into: bos.id, reader: bo, idempotencyKey: "copy-1")
        #expect(copy.ownerID == bo && copy.listID == bos.id && copy.source == .item(original.id))
        #expect(copy.details == ItemDetails(title: original.details.title, place: place), "not Ana's photos or her date")
        #expect(try await lists.copyItem(original.id, into: bos.id, reader: bo, idempotencyKey: "copy-1").id == copy.id, "a retry")
        await #expect(throws: RoamError.notFound("item")) { _ = try await lists.copyItem(secret.id, into: bos.id, reader: bo, idempotencyKey: nil) }
        await #expect(throws: RoamError.invalidField("list_id", "must be one of your lists")) {
            _ = try await lists.copyItem(original.id, into: open.id, reader: bo, idempotencyKey: nil)
        }
        #expect(try await lists.visibleItem(secret.id, for: bo) == nil)
        #expect(try await lists.visibleItem(original.id, for: bo)?.ownerID == ana)
    }
}
