import Foundation
import RoamCore

/// What events forget of a deleted user: hosted events end (and are purged elsewhere through events'
/// own outbox), memberships with their positions, waitlist places, invitations, reports and bans go.
/// Events purges its own events itself (the sweeper, a host's delete) and keeps nothing of trips.
extension EventService: Purgeable {
    public func purge(user: UUID) async throws -> [String: Int] {
        try await forget(user: user)
        return [:]
    }
}
