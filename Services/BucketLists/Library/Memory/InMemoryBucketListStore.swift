import Foundation
import RoamCore
import Synchronization

/// Lists, items and activities in memory, for tests and `STORE=memory`; behaves as the PostgreSQL store
/// does (the contract suite runs against both).
public final class InMemoryBucketListStore: Sendable {
    struct State {
        var lists: [UUID: BucketList] = [:]
        var items: [UUID: Item] = [:]
        /// (owner, key) → the list or item a create with that idempotency key stored first.
        var listKeys: [String: UUID] = [:]
        var itemKeys: [String: UUID] = [:]
        var activities: [UUID: Activity] = [:]
        var activityKeys: [String: UUID] = [:]
        /// "kind/owner/key" → the fingerprint of the request that used the key first.
        var fingerprints = IdempotencyFingerprints()
        /// Activity → voter → vote.
        var votes: [UUID: [UUID: Vote]] = [:]
        /// User → favourite activity → when it was marked.
        var favourites: [UUID: [UUID: Date]] = [:]
        /// The trending ranks, as of the last `rankVoted`.
        var ranks: [UUID: Double] = [:]
        /// Activities voted on since their rank was computed.
        var voted: Set<UUID> = []
    }

    let state = Mutex(State())

    public init() {}
}

extension InMemoryBucketListStore: BucketListRepository {
    public func create(_ list: BucketList, idempotencyKey: String?) async throws -> BucketList {
        try state.withLock { state throws(RoamError) in
            if let key = idempotencyKey.map({ "\(list.ownerID)/\($0)" }) {
                if let first = state.listKeys[key], let stored = state.lists[first] {
                    try state.fingerprints.checkReplay("list/\(key)")
                    return State.counted(stored, in: state)
                }
                state.listKeys[key] = list.id
                state.fingerprints.remember("list/\(key)")
            }
            state.lists[list.id] = list
            return list
        }
    }

    public func list(_ id: UUID) async throws -> BucketList? {
        state.withLock { state in state.lists[id].map { State.counted($0, in: state) } }
    }

    public func lists(of owner: UUID, visibilities: Set<Visibility>, page: PageRequest) async throws -> Page<BucketList> {
        let after = try TimedCursor.decode(page.cursor)
        let rows = state.withLock { state in
            state.lists.values.filter { $0.ownerID == owner && visibilities.contains($0.details.visibility) }
                .map { (list: State.counted($0, in: state), cursor: TimedCursor(time: $0.createdAt, id: $0.id)) }
        }
        .filter { row in after.map { row.cursor < $0 } ?? true }
        .sorted { $1.cursor < $0.cursor }
        return Page(fetched: Array(rows.prefix(page.size + 1)), size: page.size) { $0.cursor.token }.map(\.list)
    }

    public func update(_ id: UUID, owner: UUID, details: ListDetails, at time: Date) async throws -> BucketList? {
        state.withLock { state in
            guard var list = state.lists[id], list.ownerID == owner else { return nil }
            list.details = details
            list.updatedAt = time
            state.lists[id] = list
            return State.counted(list, in: state)
        }
    }

    public func delete(_ id: UUID, owner: UUID) async throws -> (list: BucketList, items: [Item])? {
        state.withLock { state in
            guard let list = state.lists[id], list.ownerID == owner else { return nil }
            let items = state.items.values.filter { $0.listID == id }
            for item in items { state.items[item.id] = nil }
            state.lists[id] = nil
            return (list, items.sorted { $0.position < $1.position })
        }
    }

    public func add(_ item: Item, idempotencyKey: String?) async throws -> Item? {
        try state.withLock { state throws(RoamError) in
            guard let list = state.lists[item.listID], list.ownerID == item.ownerID else { return nil }
            if let key = idempotencyKey.map({ "\(item.ownerID)/\($0)" }) {
                if let first = state.itemKeys[key], let stored = state.items[first] {
                    try state.fingerprints.checkReplay("item/\(key)")
                    return stored
                }
                state.itemKeys[key] = item.id
                state.fingerprints.remember("item/\(key)")
            }
            var added = item
            added.position = state.items.values.filter { $0.listID == item.listID }.count
            state.items[item.id] = added
            return added
        }
    }

    public func item(_ id: UUID) async throws -> Item? {
        state.withLock { $0.items[id] }
    }

    public func items(in list: UUID, page: PageRequest) async throws -> Page<Item> {
        let after = try PositionCursor.decode(page.cursor)
        let rows = state.withLock { state in state.items.values.filter { $0.listID == list } }
            .map { (item: $0, cursor: PositionCursor(position: $0.position, id: $0.id)) }
            .filter { row in after.map { $0 < row.cursor } ?? true }
            .sorted { $0.cursor < $1.cursor }
        return Page(fetched: Array(rows.prefix(page.size + 1)), size: page.size) { $0.cursor.token }.map(\.item)
    }

    public func update(item id: UUID, owner: UUID, details: ItemDetails, completion: Completion?, at time: Date) async throws -> Item? {
        state.withLock { state in
            guard var item = state.items[id], item.ownerID == owner else { return nil }
            item.details = details
            item.completion = completion
            item.updatedAt = time
            state.items[id] = item
            return item
        }
    }

    public func move(item id: UUID, owner: UUID, to list: UUID, position: Int, at time: Date) async throws -> Item? {
        state.withLock { state in
            guard var item = state.items[id], item.ownerID == owner, let target = state.lists[list], target.ownerID == owner else { return nil }
            State.closeUp(after: item, in: &state)
            let others = state.items.values.filter { $0.listID == list && $0.id != id }
            let place = min(position, others.count)
            for other in others where other.position >= place { state.items[other.id]?.position += 1 }
            item.listID = list
            item.position = place
            item.updatedAt = time
            state.items[id] = item
            return item
        }
    }

    public func delete(item id: UUID, owner: UUID) async throws -> Item? {
        state.withLock { state in
            guard let item = state.items[id], item.ownerID == owner else { return nil }
            state.items[id] = nil
            State.closeUp(after: item, in: &state)
            return item
        }
    }

    public func completed(of owner: UUID, page: PageRequest) async throws -> Page<Item> {
        let after = try TimedCursor.decode(page.cursor)
        let rows = state.withLock { state in state.items.values.filter { $0.ownerID == owner && $0.completion != nil } }
            .map { (item: $0, cursor: TimedCursor(time: $0.completion!.at, id: $0.id)) }
            .filter { row in after.map { row.cursor < $0 } ?? true }
            .sorted { $1.cursor < $0.cursor }
        return Page(fetched: Array(rows.prefix(page.size + 1)), size: page.size) { $0.cursor.token }.map(\.item)
    }

    public func counts(of owner: UUID, visibilities: Set<Visibility>, includingTakenDown: Bool) async throws -> ListCounts {
        state.withLock { state in
            let lists = Set(
                state.lists.values.filter {
                    $0.ownerID == owner && visibilities.contains($0.details.visibility) && (includingTakenDown || $0.takedown == nil)
                }.map(\.id))
            let items = state.items.values.filter { lists.contains($0.listID) && (includingTakenDown || $0.takedown == nil) }
            return ListCounts(lists: lists.count, items: items.count, completed: items.filter { $0.completion != nil }.count)
        }
    }

    public func setTakedown(ofList id: UUID, _ takedown: Takedown?) async throws -> BucketList? {
        state.withLock { state in
            state.lists[id]?.takedown = takedown
            return state.lists[id].map { State.counted($0, in: state) }
        }
    }

    public func setTakedown(ofItem id: UUID, _ takedown: Takedown?) async throws -> Item? {
        state.withLock { state in
            state.items[id]?.takedown = takedown
            return state.items[id]
        }
    }

    public func deleteAll(of owner: UUID) async throws -> (lists: [BucketList], items: [Item]) {
        state.withLock { state in
            let lists = state.lists.values.filter { $0.ownerID == owner }
            let items = state.items.values.filter { $0.ownerID == owner }
            for list in lists { state.lists[list.id] = nil }
            for item in items { state.items[item.id] = nil }
            state.listKeys = state.listKeys.filter { !$0.key.hasPrefix("\(owner)/") }
            state.itemKeys = state.itemKeys.filter { !$0.key.hasPrefix("\(owner)/") }
            return (Array(lists), Array(items))
        }
    }
}

extension InMemoryBucketListStore.State {
    /// The list with its counts as they are now.
    static func counted(_ list: BucketList, in state: Self) -> BucketList {
        var counted = list
        // A taken-down item is not counted.
        let items = state.items.values.filter { $0.listID == list.id && $0.takedown == nil }
        counted.itemCount = items.count
        counted.completedCount = items.filter { $0.completion != nil }.count
        return counted
    }

    /// The items after `item` in its list move up one.
    static func closeUp(after item: Item, in state: inout Self) {
        for other in state.items.values where other.listID == item.listID && other.position > item.position && other.id != item.id {
            state.items[other.id]?.position -= 1
        }
    }
}
