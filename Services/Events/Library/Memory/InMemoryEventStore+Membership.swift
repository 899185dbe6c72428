import Foundation
import RoamRuntime

extension InMemoryEventStore {
    public func admit(
        eventID: UUID, userID: UUID, position: ReportedPosition, at time: Date, telling notice: EventNotification?
    ) async throws -> AdmissionResult {
        guard var event = liveOrUpcoming(eventID, at: time) else { return .notFound }
        if bans[eventID]?[userID] != nil { return .banned }
        if members[eventID]?[userID] != nil {
            waitlists[eventID]?.removeAll { $0.userID == userID }
            return .alreadyMember(event)
        }
        guard event.memberCount < event.capacity else { return .full(event) }
        event.memberCount += 1
        events[eventID] = event
        members[eventID, default: [:]][userID] = Member(
            eventID: eventID, userID: userID, role: .member, joinedAt: time,
            lastSeenAt: time, lastPosition: position)
        waitlists[eventID]?.removeAll { $0.userID == userID }
        queue(notice, to: [userID], at: time)
        return .admitted(event)
    }

    public func enqueue(eventID: UUID, userID: UUID, position: ReportedPosition, at time: Date) async throws -> Int {
        var line = waitlists[eventID] ?? []
        if let index = line.firstIndex(where: { $0.userID == userID }) {
            line[index].lastPosition = position
            line[index].positionAt = time
            waitlists[eventID] = line
            return index + 1
        }
        line.append(WaitlistEntry(eventID: eventID, userID: userID, queuedAt: time, lastPosition: position, positionAt: time))
        waitlists[eventID] = line
        return line.count
    }

    public func waitlist(eventID: UUID) async throws -> [WaitlistEntry] {
        waitlists[eventID] ?? []
    }

    public func remove(
        eventID: UUID, userID: UUID, reason: DepartureReason, at time: Date, telling notice: EventNotification?
    ) async throws -> Removal? {
        waitlists[eventID]?.removeAll { $0.userID == userID }
        let removal = removeMember(eventID: eventID, userID: userID, reason: reason)
        if removal != nil { queue(notice, to: [userID], at: time) }
        return removal
    }

    /// Takes a member (not the host) out and frees their place.
    func removeMember(eventID: UUID, userID: UUID, reason: DepartureReason) -> Removal? {
        guard var event = events[eventID], let member = members[eventID]?[userID], member.role == .member else { return nil }
        members[eventID]?[userID] = nil
        sharing[eventID]?.remove(userID)
        event.memberCount -= 1
        events[eventID] = event
        return Removal(eventID: eventID, userID: userID, reason: reason, hostID: event.hostID)
    }

    public func presences(of userID: UUID, at time: Date) async throws -> [Presence] {
        members.compactMap { eventID, members in
            guard let member = members[userID], let event = events[eventID], event.isLive(at: time) else { return nil }
            return Presence(member: member, fence: event.fence, isGroupWalk: event.groupWalk != nil)
        }.sorted { $0.member.eventID.uuidString < $1.member.eventID.uuidString }
    }

    public func recordPosition(userID: UUID, position: ReportedPosition, at time: Date) async throws {
        for eventID in members.keys where members[eventID]?[userID] != nil {
            members[eventID]?[userID]?.lastSeenAt = time
            members[eventID]?[userID]?.lastPosition = position
        }
        for eventID in waitlists.keys {
            guard let index = waitlists[eventID]?.firstIndex(where: { $0.userID == userID }) else { continue }
            waitlists[eventID]?[index].lastPosition = position
            waitlists[eventID]?[index].positionAt = time
        }
    }

    public func staleMembers(lastSeenBefore cutoff: Date, at time: Date, limit: Int) async throws -> [Member] {
        let stale = members.flatMap { eventID, members -> [Member] in
            // A group walk's members need not keep reporting where they are.
            guard let event = events[eventID], event.isLive(at: time), event.groupWalk == nil else { return [] }
            return members.values.filter { $0.role == .member && $0.lastSeenAt < cutoff }
        }
        return Array(stale.sorted { ($0.lastSeenAt, $0.userID.uuidString) < ($1.lastSeenAt, $1.userID.uuidString) }.prefix(limit))
    }

    public func memberIDs(eventID: UUID) async throws -> [UUID] {
        orderedMembers(eventID).map(\.userID)
    }

    public func members(eventID: UUID, page: PageRequest) async throws -> Page<Member> {
        let after = try ListingCursor.time(page.cursor)
        let listed = orderedMembers(eventID).filter { member in
            guard let after else { return true }
            return (ListingCursor.microseconds(member.joinedAt), member.userID.uuidString) > (after.microseconds, after.id.uuidString)
        }
        return Page(fetched: Array(listed.prefix(page.size + 1)), size: page.size) { ListingCursor.time(after: $0.joinedAt, $0.userID) }
    }

    func orderedMembers(_ eventID: UUID) -> [Member] {
        (members[eventID]?.values.map { $0 } ?? []).sorted {
            (ListingCursor.microseconds($0.joinedAt), $0.userID.uuidString) < (ListingCursor.microseconds($1.joinedAt), $1.userID.uuidString)
        }
    }
}
