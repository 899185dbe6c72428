import Foundation
import RoamCore

/// Likes on posts and comments: one per user, for anyone who may read the subject.
extension FeedService {
    /// Likes the subject (liking twice is harmless) and returns its counts.
    public func like(_ subject: Subject, by user: UUID) async throws -> Engagement {
        _ = try await readableSubject(subject, reader: user)
        _ = try await store.like(subject, by: user, at: now())
        return try await engagement(of: subject, viewer: user)
    }

    /// Takes the like back (harmless when there was none) and returns the subject's counts.
    public func unlike(_ subject: Subject, by user: UUID) async throws -> Engagement {
        _ = try await readableSubject(subject, reader: user)
        _ = try await store.unlike(subject, by: user)
        return try await engagement(of: subject, viewer: user)
    }

    func engagement(of subject: Subject, viewer: UUID) async throws -> Engagement {
        try await store.engagement(of: subject.kind, ids: [subject.id], viewer: viewer)[subject.id] ?? Engagement()
    }
}
