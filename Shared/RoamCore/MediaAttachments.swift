import Foundation

/// The media service's attachments, as the services that show media use them: every media id a
/// service accepts (post images, event banners, avatars) is attached to its subject (`post/<id>`,
/// `event/<id>`, `avatar/<user id>`) through media, which refuses ids the owner does not own.
public protocol MediaAttachments: Sendable {
    /// Attaches `owner`'s media to `subject`, or none of it (`MEDIA_NOT_YOURS`, naming `field`).
    func attach(_ ids: [UUID], to subject: String, for owner: UUID, field: String) async throws
    /// Detaches media from `subject`; harmless when not attached.
    func detach(_ ids: [UUID], from subject: String, for owner: UUID) async throws
}

extension MediaAttachments {
    /// Moves `subject` from the media in `old` to those in `new`: attaches what is new first (so a
    /// refusal changes nothing), then detaches what is gone.
    public func replace(_ old: [UUID], with new: [UUID], on subject: String, for owner: UUID, field: String) async throws {
        let added = new.filter { !old.contains($0) }
        let removed = old.filter { !new.contains($0) }
        if !added.isEmpty { try await attach(added, to: subject, for: owner, field: field) }
        if !removed.isEmpty { try await detach(removed, from: subject, for: owner) }
    }
}
