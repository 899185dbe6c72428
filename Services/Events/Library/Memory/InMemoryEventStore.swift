import Foundation
import RoamRuntime

/// Events kept in memory, for tests and `ROAM_IN_MEMORY=true`. Behaves as the PostgreSQL store does
/// (the repository contract tests run against both); an actor, so every method is atomic.
public actor InMemoryEventStore {
    var events: [UUID: Event] = [:]
    /// "host id/key" → event id.
    var idempotencyKeys: [String: UUID] = [:]
    var fingerprints = IdempotencyFingerprints()
    var members: [UUID: [UUID: Member]] = [:]
    var waitlists: [UUID: [WaitlistEntry]] = [:]
    var bans: [UUID: [UUID: Ban]] = [:]
    var reports: [UUID: [Report]] = [:]
    var passwordFailures: [String: [Date]] = [:]
    /// Group walk → invitee → invitation.
    var invitations: [UUID: [UUID: Invitation]] = [:]
    /// Group walk → the members sharing their position.
    var sharing: [UUID: Set<UUID>] = [:]
    /// Entries other services must hear about (`StoreWithOutbox`).
    nonisolated let outboxEntries = InMemoryOutbox()
    public nonisolated var outbox: any OutboxRepository { outboxEntries }

    /// What waits for the notifications service.
    public nonisolated let publicationQueue = InMemoryPublicationQueue()
    public nonisolated var publications: any PublicationQueue { publicationQueue }

    /// Queues what `notice` tells each of `users` (the in-memory "transaction" is the actor's turn).
    func queue(_ notice: EventNotification?, to users: [UUID], at time: Date) {
        guard let notice else { return }
        publicationQueue.add(users.compactMap { notice.publication(for: $0) }, at: time)
    }

    public init() {}

    func liveOrUpcoming(_ id: UUID, at time: Date) -> Event? {
        guard let event = events[id], !event.hasEnded(at: time) else { return nil }
        return event
    }

    func role(of userID: UUID, in eventID: UUID) -> Role {
        if bans[eventID]?[userID] != nil { return .banned }
        if let member = members[eventID]?[userID] { return member.role }
        if waitlists[eventID]?.contains(where: { $0.userID == userID }) == true { return .waitlisted }
        return .none
    }
}

extension InMemoryEventStore: EventRepository {
    public func create(_ event: Event, idempotencyKey: String?) async throws -> Event {
        let key = idempotencyKey.map { "\(event.hostID)/\($0)" }
        if let key, let existing = idempotencyKeys[key], let stored = events[existing] {
            try fingerprints.checkReplay(key)
            return stored
        }
        events[event.id] = event
        if let key {
            idempotencyKeys[key] = event.id
            fingerprints.remember(key)
        }
        members[event.id] = [
            event.hostID: Member(
                eventID: event.id, userID: event.hostID, role: .host, joinedAt: event.createdAt,
                lastSeenAt: event.createdAt, lastPosition: nil)
        ]
        return event
    }

    public func event(id: UUID, at time: Date) async throws -> Event? {
        liveOrUpcoming(id, at: time)
    }

    public func update(id: UUID, at time: Date, _ change: @escaping @Sendable (inout Event) throws -> Void) async throws -> Event? {
        guard var event = liveOrUpcoming(id, at: time) else { return nil }
        try change(&event)
        events[id] = event
        return event
    }

    /// Group walks have no fence to stand in: never "here".
    public func eventsContaining(_ point: GeoPoint, at time: Date, page: PageRequest) async throws -> Page<EventHit> {
        try nearest(to: point, page: page) { $0.groupWalk == nil && $0.isLive(at: time) && $0.fence.contains(point) }
    }

    /// Group walks open to everyone show on the map; friends' and invited ones do not.
    public func eventsNear(_ point: GeoPoint, within meters: Double, at time: Date, page: PageRequest) async throws -> Page<EventHit> {
        try nearest(to: point, page: page) {
            ($0.groupWalk == nil || $0.groupWalk?.privacy == .everyone) && !$0.hasEnded(at: time) && $0.fence.center.distance(to: point) <= meters
        }
    }

    private func nearest(to point: GeoPoint, page: PageRequest, where include: (Event) -> Bool) throws -> Page<EventHit> {
        let after = try ListingCursor.distance(page.cursor)
        let hits = events.values.filter(include)
            .map { EventHit(event: $0, distanceMeters: $0.fence.center.distance(to: point)) }
            .filter { hit in
                guard let after else { return true }
                return (hit.distanceMeters, hit.event.id.uuidString) > (after.meters, after.id.uuidString)
            }
            .sorted { ($0.distanceMeters, $0.event.id.uuidString) < ($1.distanceMeters, $1.event.id.uuidString) }
        return Page(fetched: Array(hits.prefix(page.size + 1)), size: page.size, cursor: ListingCursor.distance(after:))
    }

    public func roles(of userID: UUID, in eventIDs: [UUID]) async throws -> [UUID: Role] {
        Dictionary(eventIDs.map { ($0, role(of: userID, in: $0)) }, uniquingKeysWith: { first, _ in first })
    }

    public func eventsOf(userID: UUID, at time: Date) async throws -> [(event: Event, role: Role)] {
        events.values.filter { !$0.hasEnded(at: time) }
            .sorted { ($0.startsAt, $0.id.uuidString) < ($1.startsAt, $1.id.uuidString) }
            .compactMap { event in
                let role = role(of: userID, in: event.id)
                return [.host, .member, .waitlisted].contains(role) ? (event, role) : nil
            }
    }

    public func endedEventIDs(at time: Date, limit: Int) async throws -> [UUID] {
        Array(events.values.filter { $0.hasEnded(at: time) }.sorted { $0.endsAt < $1.endsAt }.prefix(limit).map(\.id))
    }

    public func hostedEventIDs(of userID: UUID) async throws -> [UUID] {
        events.values.filter { $0.hostID == userID }.map(\.id).sorted { $0.uuidString < $1.uuidString }
    }

    public func forget(userID: UUID) async throws {
        publicationQueue.forget(user: userID)
        for eventID in members.keys where members[eventID]?[userID] != nil {
            if members[eventID]?[userID]?.role == .member { events[eventID]?.memberCount -= 1 }
            members[eventID]?[userID] = nil
            sharing[eventID]?.remove(userID)
        }
        for eventID in waitlists.keys { waitlists[eventID]?.removeAll { $0.userID == userID } }
        for eventID in invitations.keys {
            invitations[eventID] = invitations[eventID]?.filter { $0.key != userID && $0.value.invitedBy != userID }
        }
        for eventID in reports.keys { reports[eventID]?.removeAll { $0.reporterID == userID || $0.targetID == userID } }
        for eventID in bans.keys {
            bans[eventID]?[userID] = nil
            for (banned, ban) in bans[eventID] ?? [:] where ban.bannedBy == userID { bans[eventID]?[banned]?.bannedBy = nil }
        }
        passwordFailures = passwordFailures.filter { !$0.key.hasSuffix("/\(userID)") }
    }

    public func purge(eventID: UUID, at time: Date, telling notice: EventNotification?) async throws -> EndedEvent? {
        guard let event = events.removeValue(forKey: eventID) else { return nil }
        let formerMembers = members.removeValue(forKey: eventID).map { Array($0.keys) } ?? []
        let formerWaitlist = waitlists.removeValue(forKey: eventID)?.map(\.userID) ?? []
        bans[eventID] = nil
        reports[eventID] = nil
        invitations[eventID] = nil
        sharing[eventID] = nil
        passwordFailures = passwordFailures.filter { !$0.key.hasPrefix("\(eventID)/") }
        idempotencyKeys = idempotencyKeys.filter { $0.value != eventID }
        let entry = OutboxEntry(id: .v7(at: time), topic: .eventEnded, subjectID: eventID, createdAt: time)
        outboxEntries.add(entry)
        let ended = EndedEvent(eventID: eventID, hostID: event.hostID, formerMembers: formerMembers, formerWaitlist: formerWaitlist)
        queue(notice, to: ended.everyone, at: time)
        return ended
    }
}
