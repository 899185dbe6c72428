import Foundation
import RoamRuntime

/// Likes and the counts readers see. Counts are exact under any number of concurrent likes, and a
/// hot subject must not make likes of other subjects wait.
public protocol EngagementRepository: Sendable {
    /// Returns false when the user already liked it, or it no longer exists. A new like queues what
    /// `notice` makes of the subject's like count with it.
    func like(_ subject: Subject, by user: UUID, at time: Date, telling notice: LikeNotice?) async throws -> Bool
    /// Returns false when the user had not liked it.
    func unlike(_ subject: Subject, by user: UUID) async throws -> Bool
    /// Takes back every like the user gave, keeping each count exact. Returns how many went.
    func unlikeAll(by user: UUID) async throws -> Int
    /// Who liked the subject, most recent first, leaving out `hidden` users.
    func likers(of subject: Subject, hiding hidden: Set<UUID>, page: PageRequest) async throws -> Page<Like>
    /// The posts the user liked, most recently liked first, leaving out those by `hiddenAuthors`.
    func likedPosts(by user: UUID, hiding hiddenAuthors: Set<UUID>, page: PageRequest) async throws -> Page<Post>
    /// Counts of the subjects (all of one kind), with the viewer's own likes and saves.
    func engagement(of kind: Subject.Kind, ids: [UUID], viewer: UUID) async throws -> [UUID: Engagement]
}

extension EngagementRepository {
    /// A like nobody is told of.
    public func like(_ subject: Subject, by user: UUID, at time: Date) async throws -> Bool {
        try await like(subject, by: user, at: time, telling: nil)
    }
}
