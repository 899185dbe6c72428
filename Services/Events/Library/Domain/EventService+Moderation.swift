import Foundation
import RoamCore

extension EventService {
    /// The event, if the user hosts it.
    private func hostedEvent(_ id: UUID, host: UUID) async throws -> Event {
        guard let event = try await events.event(id: id, at: now()) else { throw EventsError.eventNotFound }
        guard event.hostID == host else { throw EventsError.notHost }
        return event
    }

    public func members(of id: UUID, host: UUID, page: PageRequest) async throws -> Page<Member> {
        _ = try await hostedEvent(id, host: host)
        return try await events.members(eventID: id, page: page)
    }

    public func ban(_ user: UUID, from id: UUID, host: UUID) async throws {
        let event = try await hostedEvent(id, host: host)
        guard user != event.hostID else { throw EventsError.hostProtected }
        let notification = EventNotification(kind: .banned, eventID: id, reason: .banned, at: now())
        if let removal = try await events.ban(eventID: id, userID: user, by: host, at: notification.at, telling: notification) {
            try await departed(removal)
        } else {
            await notifications.publish(notification, to: user)
        }
    }

    /// Lifts a ban. As under every delete, someone else's event and a ban there is not are not found.
    public func unban(_ user: UUID, from id: UUID, host: UUID) async throws {
        guard let event = try await events.event(id: id, at: now()), event.hostID == host else { throw EventsError.eventNotFound }
        guard try await events.unban(eventID: id, userID: user) else { throw RoamError.notFound("ban") }
    }

    public func bans(of id: UUID, host: UUID, page: PageRequest) async throws -> Page<Ban> {
        _ = try await hostedEvent(id, host: host)
        return try await events.bans(eventID: id, page: page)
    }

    public func reports(of id: UUID, host: UUID, page: PageRequest) async throws -> Page<Report> {
        _ = try await hostedEvent(id, host: host)
        return try await events.reports(eventID: id, page: page)
    }

    /// The events live now, with their report and ban counts (for moderators).
    public func liveEvents(page: PageRequest) async throws -> Page<LiveEvent> {
        try await events.liveEvents(at: now(), page: page)
    }

    /// A live event's reports or bans as a moderator reads them: any event's, not only their own.
    public func moderatedReports(of id: UUID, page: PageRequest) async throws -> Page<Report> {
        guard try await events.event(id: id, at: now()) != nil else { throw EventsError.eventNotFound }
        return try await events.reports(eventID: id, page: page)
    }

    public func moderatedBans(of id: UUID, page: PageRequest) async throws -> Page<Ban> {
        guard try await events.event(id: id, at: now()) != nil else { throw EventsError.eventNotFound }
        return try await events.bans(eventID: id, page: page)
    }

    /// A member reports another member; enough distinct reporters ban the target at once.
    public func report(
        _ target: UUID, in id: UUID, by reporter: UUID, reason: Report.Reason?, text: String
    ) async throws
        -> (report: Report, targetBanned: Bool)
    {
        var validation = Validation()
        validation.require(reason != nil, "reason", "must be one of \(Report.Reason.allCases.map(\.rawValue).joined(separator: ", "))")
        validation.require(text.count <= policy.maxReportTextLength, "text", "must be at most \(policy.maxReportTextLength) characters")
        validation.requireStorable(text, "text")
        if reason == .other {
            validation.require(!text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "text", "is required when the reason is other")
        }
        try validation.check()
        guard target != reporter else { throw EventsError.cannotReportSelf }
        let time = now()
        guard let event = try await events.event(id: id, at: time), shows(event, to: reporter) else { throw EventsError.eventNotFound }
        let roles = try await events.roles(of: reporter, in: [id])
        guard roles[id] == .member || roles[id] == .host else { throw EventsError.notMember }
        guard target != event.hostID else { throw EventsError.hostProtected }
        guard try await events.roles(of: target, in: [id])[id] == .member else { throw EventsError.targetNotMember }
        let report = Report(
            id: .v7(at: time), eventID: id, reporterID: reporter, targetID: target, reason: reason!,
            text: text, createdAt: time)
        let banned = EventNotification(kind: .banned, eventID: report.eventID, reason: .banned, at: report.createdAt)
        switch try await events.addReport(report, threshold: policy.reportThreshold, telling: banned) {
        case .duplicate:
            throw EventsError.alreadyReported
        case .recorded(_, let banned):
            if banned {
                let removal = Removal(eventID: id, userID: target, reason: .banned, hostID: event.hostID)
                try await departed(removal)
            }
            return (report, banned)
        }
    }

    /// Whether the user is an active, unbanned member (or the host) of a live event.
    public func membership(of user: UUID, in id: UUID) async throws -> (active: Bool, role: Role) {
        let time = now()
        guard let event = try await events.event(id: id, at: time) else { throw EventsError.eventNotFound }
        let role = try await events.roles(of: user, in: [id])[id] ?? .none
        // A taken-down event has no active members but its host: its posts and chat close with it.
        return (event.isLive(at: time) && shows(event, to: user) && (role == .member || role == .host), role)
    }
}
