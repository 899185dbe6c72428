import Foundation
import RoamCore

/// What moderators do with lists and items: look at one whatever its state, take it down, restore it.
/// A user describing one (to report it) sees only what they may read.
extension BucketListService {
    public func moderatedList(_ id: UUID, caller: Caller) async throws -> BucketList {
        if case .user(let user) = caller, !user.roles.canModerate { return try await list(id, for: user.id) }
        guard let list = try await lists.list(id) else { throw Self.listNotFound }
        return list
    }

    public func moderatedItem(_ id: UUID, caller: Caller) async throws -> Item {
        if case .user(let user) = caller, !user.roles.canModerate { return try await item(id, for: user.id) }
        guard let item = try await lists.item(id) else { throw Self.itemNotFound }
        return item
    }

    /// Takes the list down (its items with it, for everyone but its owner); one already down keeps its first takedown.
    public func takeDown(list id: UUID, reason: String, by moderator: Moderator) async throws -> BucketList {
        guard let list = try await lists.list(id) else { throw Self.listNotFound }
        guard list.takedown == nil else { return list }
        guard let down = try await lists.setTakedown(ofList: id, Takedown(at: now(), reason: reason, by: moderator.name)) else {
            throw Self.listNotFound
        }
        return down
    }

    public func restore(list id: UUID, by moderator: Moderator) async throws -> BucketList {
        guard let list = try await lists.list(id) else { throw Self.listNotFound }
        guard list.takedown != nil else { return list }
        guard let restored = try await lists.setTakedown(ofList: id, nil) else { throw Self.listNotFound }
        return restored
    }

    public func takeDown(item id: UUID, reason: String, by moderator: Moderator) async throws -> Item {
        guard let item = try await lists.item(id) else { throw Self.itemNotFound }
        guard item.takedown == nil else { return item }
        guard let down = try await lists.setTakedown(ofItem: id, Takedown(at: now(), reason: reason, by: moderator.name)) else {
            throw Self.itemNotFound
        }
        return down
    }

    public func restore(item id: UUID, by moderator: Moderator) async throws -> Item {
        guard let item = try await lists.item(id) else { throw Self.itemNotFound }
        guard item.takedown != nil else { return item }
        guard let restored = try await lists.setTakedown(ofItem: id, nil) else { throw Self.itemNotFound }
        return restored
    }
}
