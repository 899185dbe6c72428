import Foundation
import RoamCore

/// Every user's inbox of notifications.
public protocol InboxRepository: Sendable {
    /// Files each publication under a new id, or answers the notification it was filed as before (same
    /// user and key); nil for a user who was purged. `ids` are used in order for those filed now; with a
    /// time in `pushAt`, a push to each of the user's devices is filed with it, due then.
    func file(_ publications: [Publication], ids: [UUID], pushAt: [Date?], at time: Date) async throws -> [InboxNotification?]
    /// Newest first.
    func inbox(of userID: UUID, unreadOnly: Bool, page: PageRequest) async throws -> InboxPage
    /// The user's notification, if it is theirs.
    func notification(_ id: UUID, of userID: UUID) async throws -> InboxNotification?
    /// The user's notifications of `kinds` (all when empty) filed or gathered into after `position`,
    /// oldest first, at most `limit`: what a stream that was away missed.
    func filed(of userID: UUID, after position: TimedCursor, kinds: Set<String>, limit: Int) async throws -> [InboxNotification]
    func markRead(_ marking: ReadMarking, userID: UUID, at time: Date) async throws -> ReadOutcome
    /// Forgets notifications created before `cutoff`; answers how many went.
    func tidy(before cutoff: Date) async throws -> Int
}
