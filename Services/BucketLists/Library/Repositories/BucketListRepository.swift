import Foundation
import RoamCore

/// Where lists and their items live. Writes name the owner: what is not theirs does not exist. Reads
/// for others name the visibilities the reader may see; `Reader` decides them.
public protocol BucketListRepository: Sendable {
    /// Stores `list`; with an idempotency key the owner used before, returns that first list instead.
    func create(_ list: BucketList, idempotencyKey: String?) async throws -> BucketList
    func list(_ id: UUID) async throws -> BucketList?
    /// The owner's lists with one of `visibilities`, newest first, a page at a time.
    func lists(of owner: UUID, visibilities: Set<Visibility>, page: PageRequest) async throws -> Page<BucketList>
    /// Replaces the list's details; nil when the owner has no such list.
    func update(_ id: UUID, owner: UUID, details: ListDetails, at time: Date) async throws -> BucketList?
    /// Deletes the list and its items, and returns them (their photos are let go); nil when the owner
    /// has no such list.
    func delete(_ id: UUID, owner: UUID) async throws -> (list: BucketList, items: [Item])?

    /// Appends `item` to its list (its position is the list's length) when the list is its owner's; with
    /// an idempotency key the owner used before, returns that first item. Nil when there is no such list.
    func add(_ item: Item, idempotencyKey: String?) async throws -> Item?
    func item(_ id: UUID) async throws -> Item?
    /// The list's items in their order, a page at a time.
    func items(in list: UUID, page: PageRequest) async throws -> Page<Item>
    /// Replaces the item's details and completion; nil when the owner has no such item.
    func update(item id: UUID, owner: UUID, details: ItemDetails, completion: Completion?, at time: Date) async throws -> Item?
    /// Moves the item to `position` (clamped to the end) of `list`, one of the owner's lists; the
    /// other items close up and make room. Nil when the owner has no such item or list.
    func move(item id: UUID, owner: UUID, to list: UUID, position: Int, at time: Date) async throws -> Item?
    /// Deletes the item (the items after it close up) and returns it; nil when the owner has no such item.
    func delete(item id: UUID, owner: UUID) async throws -> Item?
    /// Everything the owner completed, most recently completed first, a page at a time.
    func completed(of owner: UUID, page: PageRequest) async throws -> Page<Item>
    /// The owner's lists with one of `visibilities`, their items and the completed ones.
    /// Taken-down lists and items count only for their owner (`includingTakenDown`).
    func counts(of owner: UUID, visibilities: Set<Visibility>, includingTakenDown: Bool) async throws -> ListCounts
    /// Takes the list or item down (nil puts it back); nil when there is none.
    func setTakedown(ofList id: UUID, _ takedown: Takedown?) async throws -> BucketList?
    func setTakedown(ofItem id: UUID, _ takedown: Takedown?) async throws -> Item?
    /// Deletes every list and item of a deleted account, and returns the items and lists (for their
    /// photos). Idempotent.
    func deleteAll(of owner: UUID) async throws -> (lists: [BucketList], items: [Item])
}
