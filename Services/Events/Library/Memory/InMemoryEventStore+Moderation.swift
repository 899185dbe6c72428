import Foundation
import RoamRuntime

extension InMemoryEventStore {
    public func ban(eventID: UUID, userID: UUID, by host: UUID?, at time: Date, telling notice: EventNotification?) async throws -> Removal? {
        guard events[eventID] != nil else { return nil }
        queue(notice, to: [userID], at: time)
        if bans[eventID]?[userID] == nil {
            bans[eventID, default: [:]][userID] = Ban(eventID: eventID, userID: userID, bannedBy: host, createdAt: time)
        }
        waitlists[eventID]?.removeAll { $0.userID == userID }
        return removeMember(eventID: eventID, userID: userID, reason: .banned)
    }

    public func unban(eventID: UUID, userID: UUID) async throws -> Bool {
        bans[eventID]?.removeValue(forKey: userID) != nil
    }

    public func bans(eventID: UUID, page: PageRequest) async throws -> Page<Ban> {
        let after = try ListingCursor.time(page.cursor)
        let listed = (bans[eventID]?.values.map { $0 } ?? [])
            .sorted {
                (ListingCursor.microseconds($0.createdAt), $0.userID.uuidString) > (ListingCursor.microseconds($1.createdAt), $1.userID.uuidString)
            }
            .filter { ban in
                guard let after else { return true }
                return (ListingCursor.microseconds(ban.createdAt), ban.userID.uuidString) < (after.microseconds, after.id.uuidString)
            }
        return Page(fetched: Array(listed.prefix(page.size + 1)), size: page.size) { ListingCursor.time(after: $0.createdAt, $0.userID) }
    }

    public func addReport(_ report: Report, threshold: Int, telling notice: EventNotification?) async throws -> ReportOutcome {
        var list = reports[report.eventID] ?? []
        if list.contains(where: { $0.reporterID == report.reporterID && $0.targetID == report.targetID }) { return .duplicate }
        list.append(report)
        reports[report.eventID] = list
        let reporters = Set(list.filter { $0.targetID == report.targetID }.map(\.reporterID)).count
        guard reporters >= threshold, bans[report.eventID]?[report.targetID] == nil else {
            return .recorded(distinctReporters: reporters, banned: false)
        }
        _ = try await ban(eventID: report.eventID, userID: report.targetID, by: nil, at: report.createdAt, telling: notice)
        return .recorded(distinctReporters: reporters, banned: true)
    }

    public func reports(eventID: UUID, page: PageRequest) async throws -> Page<Report> {
        let after = try ListingCursor.id(page.cursor)
        let listed = (reports[eventID] ?? []).sorted { $0.id.uuidString > $1.id.uuidString }
            .filter { report in after.map { report.id.uuidString < $0.uuidString } ?? true }
        return Page(fetched: Array(listed.prefix(page.size + 1)), size: page.size) { ListingCursor.id(after: $0.id) }
    }

    public func liveEvents(at time: Date, page: PageRequest) async throws -> Page<LiveEvent> {
        let after = try ListingCursor.time(page.cursor)
        let listed = events.values.filter { $0.startsAt <= time && $0.endsAt > time }
            .sorted {
                (ListingCursor.microseconds($0.startsAt), $0.id.uuidString) > (ListingCursor.microseconds($1.startsAt), $1.id.uuidString)
            }
            .filter { event in
                guard let after else { return true }
                return (ListingCursor.microseconds(event.startsAt), event.id.uuidString) < (after.microseconds, after.id.uuidString)
            }
            .prefix(page.size + 1)
            .map { LiveEvent(event: $0, reportCount: reports[$0.id]?.count ?? 0, banCount: bans[$0.id]?.count ?? 0) }
        return Page(fetched: Array(listed), size: page.size) { ListingCursor.time(after: $0.event.startsAt, $0.event.id) }
    }

    public func setTakedown(ofEvent id: UUID, _ takedown: Takedown?) async throws -> Event? {
        events[id]?.takedown = takedown
        return events[id]
    }

    public func recordPasswordFailure(eventID: UUID, userID: UUID, at time: Date) async throws {
        passwordFailures["\(eventID)/\(userID)", default: []].append(time)
    }

    public func passwordFailures(eventID: UUID, userID: UUID, since: Date) async throws -> Int {
        passwordFailures["\(eventID)/\(userID)"]?.filter { $0 >= since }.count ?? 0
    }
}

extension InMemoryEventStore: StoreWithOutbox {}
