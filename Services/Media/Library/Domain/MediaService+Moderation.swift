import Foundation
import RoamCore

/// What moderators do with photos and videos: look at one whatever its state, take it down (no signed
/// link reads it, so every post, story, banner and avatar showing it goes blank), restore it.
extension MediaService {
    /// The item for a moderator, its owner, or someone reporting it. Others see photos only through
    /// what they are attached to (a post, a banner, an avatar), so a reporter may describe an attached
    /// item that is up; media cannot tell who may see which subject, and answers no more than that it exists.
    public func moderatedItem(_ id: UUID, caller: Caller) async throws -> MediaItem {
        guard let item = try await repository.item(id) else { throw MediaError.mediaNotFound }
        guard case .user(let user) = caller, !user.roles.canModerate, item.ownerID != user.id else { return item }
        guard item.takedown == nil, !(try await repository.subjects(of: id)).isEmpty else { throw MediaError.mediaNotFound }
        return item
    }

    public func takeDown(item id: UUID, reason: String, by moderator: Moderator) async throws -> MediaItem {
        try await switchTakedown(ofItem: id, to: Takedown(at: now(), reason: reason, by: moderator.name))
    }

    public func restore(item id: UUID, by moderator: Moderator) async throws -> MediaItem {
        try await switchTakedown(ofItem: id, to: nil)
    }

    private func switchTakedown(ofItem id: UUID, to takedown: Takedown?) async throws -> MediaItem {
        try await Takedown.switching(
            to: takedown, read: { try await repository.item(id) }, current: \.takedown,
            write: { try await repository.setTakedown(ofItem: id, $0) }, notFound: MediaError.mediaNotFound)
    }
}
