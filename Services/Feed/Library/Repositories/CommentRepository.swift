import Foundation
import RoamRuntime

/// Where comments and replies live. Adding or removing one keeps its subject's comment count exact.
public protocol CommentRepository: Sendable {
    /// Stores the comment, and queues `notice` with it. When the author used `idempotencyKey` before,
    /// returns that comment instead and queues nothing.
    func addComment(_ comment: Comment, idempotencyKey: String?, telling notice: Publication?) async throws -> Comment
    func comment(id: UUID) async throws -> Comment?
    /// The subject's comments and replies, oldest first, tombstones included.
    func comments(on subject: Subject, page: PageRequest) async throws -> Page<Comment>
    func updateComment(id: UUID, text: String, at time: Date) async throws -> Comment?
    /// Removes the comment and its likes; one that still has replies becomes a tombstone instead.
    /// Returns whether there was a live comment.
    func deleteComment(id: UUID) async throws -> Bool
    /// Takes the comment down (or, with nil, puts it back), its subject's count following: a taken-down
    /// comment is not counted, and deleting it later does not count it out twice. Nil when there is no
    /// live comment.
    func setTakedown(ofComment id: UUID, _ takedown: Takedown?) async throws -> Comment?
    /// The ids of the author's live comments and replies.
    func commentIDs(by author: UUID) async throws -> [UUID]
}

extension CommentRepository {
    /// A comment nobody is told of.
    public func addComment(_ comment: Comment, idempotencyKey: String?) async throws -> Comment {
        try await addComment(comment, idempotencyKey: idempotencyKey, telling: nil)
    }
}
