import Foundation
import RoamRuntime

/// Where events, their members, waitlists, bans and reports live. Every method that changes counts
/// is atomic: concurrent joins never overfill an event, concurrent reports never double count.
/// Ended events are never returned, whether or not the sweeper has deleted them yet.
public protocol EventRepository: Sendable {
    /// What waits for the notifications service (admissions, invitations, removals, bans, ends).
    var publications: any PublicationQueue { get }
    /// Stores a new event with its host as the first member. When the host used `idempotencyKey`
    /// before, returns the event that call created and stores nothing.
    func create(_ event: Event, idempotencyKey: String?) async throws -> Event
    /// The event, if it exists and has not ended at `time`.
    func event(id: UUID, at time: Date) async throws -> Event?
    /// Applies `change` to the event while holding it, so checks against the member count are exact.
    /// Returns nil when the event does not exist or has ended.
    func update(id: UUID, at time: Date, _ change: @escaping @Sendable (inout Event) throws -> Void) async throws -> Event?

    /// Live events whose fence contains the point, nearest first.
    func eventsContaining(_ point: GeoPoint, at time: Date, page: PageRequest) async throws -> Page<EventHit>
    /// The same, with how `viewer` stands with each (the home page asks both at once).
    func eventsContaining(
        _ point: GeoPoint, at time: Date, page: PageRequest, viewer: UUID
    ) async throws
        -> (hits: Page<EventHit>, roles: [UUID: Role])
    /// Events not yet ended whose centre is within `meters` of the point, nearest first.
    func eventsNear(_ point: GeoPoint, within meters: Double, at time: Date, page: PageRequest) async throws -> Page<EventHit>
    /// How the user stands with each of the events.
    func roles(of userID: UUID, in eventIDs: [UUID]) async throws -> [UUID: Role]
    /// Events not yet ended that the user hosts, belongs to or waits for, with the user's role.
    func eventsOf(userID: UUID, at time: Date) async throws -> [(event: Event, role: Role)]

    /// Adds the user as a member if the event has room and the user is not banned; takes them off
    /// the waitlist if they were on it. Queues what `notice` tells them, in the same step, when admitted.
    /// (Every change below that takes `telling` does the same for the users it reached.)
    func admit(
        eventID: UUID, userID: UUID, position: ReportedPosition, at time: Date, telling notice: EventNotification?
    ) async throws
        -> AdmissionResult
    /// Puts the user at the end of the waitlist (or keeps their place) and returns their place, 1 first.
    func enqueue(eventID: UUID, userID: UUID, position: ReportedPosition, at time: Date) async throws -> Int
    /// The waitlist in order.
    func waitlist(eventID: UUID) async throws -> [WaitlistEntry]
    /// Takes a member (never the host) out of the event, or the user off its waitlist. Returns the
    /// removal when a member left.
    func remove(
        eventID: UUID, userID: UUID, reason: DepartureReason, at time: Date, telling notice: EventNotification?
    ) async throws
        -> Removal?
    /// The user's memberships of live events, with their fences.
    func presences(of userID: UUID, at time: Date) async throws -> [Presence]
    /// Records where the user is now on every membership and waitlist entry of theirs.
    func recordPosition(userID: UUID, position: ReportedPosition, at time: Date) async throws
    /// Members (not hosts) of live events last seen before `cutoff`, oldest first.
    func staleMembers(lastSeenBefore cutoff: Date, at time: Date, limit: Int) async throws -> [Member]
    /// Members of the event, host first, then by joining time.
    func memberIDs(eventID: UUID) async throws -> [UUID]
    /// Members of the event, host first, then by joining time.
    func members(eventID: UUID, page: PageRequest) async throws -> Page<Member>

    /// Bans the user (idempotent) and removes them from the members and the waitlist.
    func ban(eventID: UUID, userID: UUID, by host: UUID?, at time: Date, telling notice: EventNotification?) async throws -> Removal?
    /// Returns whether there was a ban.
    func unban(eventID: UUID, userID: UUID) async throws -> Bool
    func bans(eventID: UUID, page: PageRequest) async throws -> Page<Ban>
    /// Records the report; when it brings the distinct reporters of the target to `threshold`, bans
    /// and removes the target in the same step.
    func addReport(_ report: Report, threshold: Int, telling notice: EventNotification?) async throws -> ReportOutcome
    /// Reports, newest first.
    func reports(eventID: UUID, page: PageRequest) async throws -> Page<Report>
    /// Events live at `time` (started, not ended), most recently started first, with their report and ban counts.
    func liveEvents(at time: Date, page: PageRequest) async throws -> Page<LiveEvent>
    /// Takes the event down (nil puts it back); nil when there is none.
    func setTakedown(ofEvent id: UUID, _ takedown: Takedown?) async throws -> Event?

    func recordPasswordFailure(eventID: UUID, userID: UUID, at time: Date) async throws
    func passwordFailures(eventID: UUID, userID: UUID, since: Date) async throws -> Int

    /// Events whose end time has passed but that are still stored.
    func endedEventIDs(at time: Date, limit: Int) async throws -> [UUID]
    /// Deletes the event and everything in it, and records an `EventEnded` outbox entry, in one step.
    /// Returns nil when there is nothing left to delete. `notice` goes to everyone who was in it.
    func purge(eventID: UUID, at time: Date, telling notice: EventNotification?) async throws -> EndedEvent?

    /// Every event `userID` hosts, ended or not.
    func hostedEventIDs(of userID: UUID) async throws -> [UUID]
    /// Forgets what is left of a deleted account: its memberships (with the positions they hold; the
    /// events' member counts follow), waitlist places, invitations received and sent, reports made and
    /// about it, bans and password failures.
    func forget(userID: UUID) async throws
}

extension EventRepository {
    /// The changes without a notice (for tests and for changes nobody hears of).
    public func admit(eventID: UUID, userID: UUID, position: ReportedPosition, at time: Date) async throws -> AdmissionResult {
        try await admit(eventID: eventID, userID: userID, position: position, at: time, telling: nil)
    }

    public func remove(eventID: UUID, userID: UUID, reason: DepartureReason, at time: Date) async throws -> Removal? {
        try await remove(eventID: eventID, userID: userID, reason: reason, at: time, telling: nil)
    }

    public func ban(eventID: UUID, userID: UUID, by host: UUID?, at time: Date) async throws -> Removal? {
        try await ban(eventID: eventID, userID: userID, by: host, at: time, telling: nil)
    }

    public func addReport(_ report: Report, threshold: Int) async throws -> ReportOutcome {
        try await addReport(report, threshold: threshold, telling: nil)
    }

    public func purge(eventID: UUID, at time: Date) async throws -> EndedEvent? {
        try await purge(eventID: eventID, at: time, telling: nil)
    }

    public func eventsContaining(
        _ point: GeoPoint, at time: Date, page: PageRequest, viewer: UUID
    ) async throws
        -> (hits: Page<EventHit>, roles: [UUID: Role])
    {
        let hits = try await eventsContaining(point, at: time, page: page)
        return (hits, try await roles(of: viewer, in: hits.items.map(\.event.id)))
    }
}
