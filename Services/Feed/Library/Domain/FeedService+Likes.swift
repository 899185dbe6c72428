import Foundation
import RoamCore

/// Likes on posts and comments: one per user, for anyone who may read the subject.
extension FeedService {
    /// Likes the subject (liking twice is harmless) and returns its counts.
    public func like(_ subject: Subject, by user: UUID) async throws -> Engagement {
        let (event, target) = try await readableTarget(subject, reader: user)
        let time = now()
        let notice = if let target { await likeNotice(of: subject, to: target, by: user, at: time) } else { LikeNotice?.none }
        let liked = try await store.like(subject, by: user, at: time, telling: notice)
        if liked, let event { await announcer.publish(.likes(subject), in: event) }
        return try await engagement(of: subject, viewer: user)
    }

    /// Takes the like back and returns the subject's counts; with no like to take back, not found (as
    /// a repeated delete is).
    public func unlike(_ subject: Subject, by user: UUID) async throws -> Engagement {
        let event = try await readableSubject(subject, reader: user)
        guard try await store.unlike(subject, by: user) else { throw RoamError.notFound("like") }
        if let event { await announcer.publish(.likes(subject), in: event) }
        return try await engagement(of: subject, viewer: user)
    }

    /// Who liked a subject the reader may see, most recent first; users who block the reader, or whom
    /// the reader blocks, are left out.
    public func likers(of subject: Subject, reader: UUID, page: PageRequest) async throws -> Page<Like> {
        _ = try await readableSubject(subject, reader: reader)
        let hidden = try await graph.relations(of: reader).hidden
        return try await store.likers(of: subject, hiding: hidden, page: page)
    }

    /// The posts the user liked, most recently liked first; those they may no longer see (a blocked
    /// author, a followers post of someone they stopped following, an event they are no longer in) are
    /// left out.
    public func likedPosts(by user: UUID, page: PageRequest) async throws -> Page<Engaged<Post>> {
        let relations = try await graph.relations(of: user)
        let listed = try await store.likedPosts(by: user, hiding: relations.hidden, page: page)
        var activeEvents: [UUID: Bool] = [:]
        var readable: [Post] = []
        for post in listed.items {
            switch post.audience {
            case .place:
                readable.append(post)
            case .followers:
                if post.authorID == user || relations.following.contains(post.authorID) { readable.append(post) }
            case .event(let event):
                if activeEvents[event] == nil { activeEvents[event] = try await membership.status(of: user, in: event).active }
                if activeEvents[event] == true { readable.append(post) }
            }
        }
        return Page(items: try await engaged(readable, viewer: user), nextCursor: listed.nextCursor)
    }

    /// How many stories the user has posted (the profile shows it).
    public func storyCount(of author: UUID) async throws -> Int {
        try await store.storyCount(by: author)
    }

    func engagement(of subject: Subject, viewer: UUID) async throws -> Engagement {
        try await store.engagement(of: subject.kind, ids: [subject.id], viewer: viewer)[subject.id] ?? Engagement()
    }
}
