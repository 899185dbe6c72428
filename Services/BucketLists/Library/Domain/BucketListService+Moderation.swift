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

    /// Takes the list down (its items with it, for everyone but its owner).
    public func takeDown(list id: UUID, reason: String, by moderator: Moderator) async throws -> BucketList {
        try await switchTakedown(ofList: id, to: Takedown(at: now(), reason: reason, by: moderator.name))
    }

    public func restore(list id: UUID, by moderator: Moderator) async throws -> BucketList {
        try await switchTakedown(ofList: id, to: nil)
    }

    public func takeDown(item id: UUID, reason: String, by moderator: Moderator) async throws -> Item {
        try await switchTakedown(ofItem: id, to: Takedown(at: now(), reason: reason, by: moderator.name))
    }

    public func restore(item id: UUID, by moderator: Moderator) async throws -> Item {
        try await switchTakedown(ofItem: id, to: nil)
    }

    private func switchTakedown(ofList id: UUID, to takedown: Takedown?) async throws -> BucketList {
        try await Takedown.switching(
            to: takedown, read: { try await lists.list(id) }, current: \.takedown, write: { try await lists.setTakedown(ofList: id, $0) },
            notFound: Self.listNotFound)
    }

    private func switchTakedown(ofItem id: UUID, to takedown: Takedown?) async throws -> Item {
        try await Takedown.switching(
            to: takedown, read: { try await lists.item(id) }, current: \.takedown, write: { try await lists.setTakedown(ofItem: id, $0) },
            notFound: Self.itemNotFound)
    }
}
