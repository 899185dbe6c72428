import Foundation
import RoamCore

/// A post's images are attached through media to the post and, in an event, to the event too, so the
/// event's purge takes what was uploaded for it.
extension FeedService {
    func mediaSubjects(of post: Post) -> [String] {
        ["post/\(post.id.lowercasedString)"] + (post.audience.eventID.map { ["event/\($0.lowercasedString)"] } ?? [])
    }

    /// Attaches the post's images, refused (`MEDIA_NOT_YOURS`) unless they are all the author's.
    func attachMedia(of post: Post) async throws {
        guard let media, !post.mediaIDs.isEmpty else { return }
        for subject in mediaSubjects(of: post) {
            try await media.attach(post.mediaIDs, to: subject, for: post.authorID, field: "media_ids")
        }
    }

    /// Lets go of the post's images (by the author's token: only the owner can).
    func detachMedia(of post: Post) async {
        guard let media, !post.mediaIDs.isEmpty else { return }
        for subject in mediaSubjects(of: post) { try? await media.detach(post.mediaIDs, from: subject, for: post.authorID) }
    }

    /// Moves the post's attachments to `newIDs`: the new ones first (a refusal changes nothing).
    func replaceMedia(of post: Post, with newIDs: [UUID]) async throws {
        guard let media else { return }
        for subject in mediaSubjects(of: post) {
            try await media.replace(post.mediaIDs, with: newIDs, on: subject, for: post.authorID, field: "media_ids")
        }
    }
}
