import Foundation
import RoamCore

/// The queue and the audit log in memory, for unit tests and for running without PostgreSQL. One
/// actor holds everything, so filing a report is as atomic as in SQL.
public actor InMemoryModerationStore: CaseRepository, AuditRepository {
    var stored: [UUID: ModerationCase] = [:]
    var reports: [UUID: [CaseReport]] = [:]
    /// In the order recorded, each with its position.
    var log: [(entry: AuditEntry, position: Int64)] = []

    public init() {}

    public func file(_ report: CaseReport, about subject: Subject, snapshot: Content, newCaseID: UUID) -> (caseID: UUID, created: Bool) {
        let id = stored.values.first { $0.subject == subject && $0.status == .open }?.id ?? newCaseID
        if stored[id] == nil {
            stored[id] = ModerationCase(
                id: id, subject: subject, status: .open, reportCount: 0, firstReportedAt: report.reportedAt, lastReportedAt: report.reportedAt,
                reasons: [], snapshot: snapshot)
        }
        guard !(reports[id] ?? []).contains(where: { $0.reporterID == report.reporterID }) else { return (id, false) }
        reports[id, default: []].append(report)
        stored[id]?.reportCount += 1
        stored[id]?.lastReportedAt = report.reportedAt
        stored[id]?.reasons = Self.reasons(reports[id] ?? [])
        return (id, true)
    }

    public func reportTimes(by reporter: UUID, since time: Date) -> [Date] {
        reports.values.flatMap { $0 }.filter { $0.reporterID == reporter && $0.reportedAt >= time }.map(\.reportedAt)
    }

    /// The reasons given, the most given first (ties by name).
    static func reasons(_ reports: [CaseReport]) -> [ReportReason] {
        let counts = Dictionary(reports.map { ($0.reason, 1) }, uniquingKeysWith: +)
        return counts.keys.sorted { (counts[$0]!, $1.rawValue) > (counts[$1]!, $0.rawValue) }
    }

    public func cases(_ filter: CaseFilter, page: PageRequest) throws -> Page<ModerationCase> {
        let matching = stored.values
            .filter { filter.status == nil || $0.status == filter.status }
            .filter { filter.kind == nil || $0.subject.kind == filter.kind }
            .sorted { QueuePosition(of: $0) < QueuePosition(of: $1) }
        let after = try page.cursor.map { token throws(RoamError) in try QueuePosition(cursor: token) }
        let rest = matching.filter { after == nil || QueuePosition(of: $0) > after! }
        let items = Array(rest.prefix(page.size))
        return Page(items: items, nextCursor: rest.count > page.size ? items.last.map { QueuePosition(of: $0).cursor } : nil)
    }

    public func moderationCase(id: UUID) -> (ModerationCase, [CaseReport])? {
        stored[id].map { ($0, reports[id] ?? []) }
    }

    public func resolve(caseID: UUID, _ resolution: Resolution) -> ModerationCase? {
        guard stored[caseID]?.status == .open else { return nil }
        stored[caseID]?.status = .resolved
        stored[caseID]?.resolution = resolution
        return stored[caseID]
    }

    public func forget(user: UUID) -> ForgottenCases {
        var forgotten = ForgottenCases(reports: 0, cases: 0, snapshots: 0)
        for (id, filed) in reports {
            let kept = filed.filter { $0.reporterID != user }
            guard kept.count < filed.count else { continue }
            forgotten.reports += filed.count - kept.count
            reports[id] = kept
            stored[id]?.reportCount -= filed.count - kept.count
            stored[id]?.reasons = Self.reasons(kept)
        }
        for (id, found) in stored where found.status == .open && (found.snapshot.authorID == user || found.reportCount <= 0) {
            stored[id] = nil
            reports[id] = nil
            forgotten.cases += 1
        }
        for (id, found) in stored where found.snapshot.authorID == user {
            let snapshot = found.snapshot
            guard !snapshot.title.isEmpty || !snapshot.text.isEmpty || !snapshot.mediaIDs.isEmpty || !snapshot.placeName.isEmpty else { continue }
            stored[id]?.snapshot.title = ""
            stored[id]?.snapshot.text = ""
            stored[id]?.snapshot.mediaIDs = []
            stored[id]?.snapshot.placeName = ""
            forgotten.snapshots += 1
        }
        return forgotten
    }

    public func redact(user: UUID) -> Int {
        let id = user.lowercasedString
        var redacted = 0
        for index in log.indices {
            let entry = log[index].entry
            let aboutUser = entry.subject.kind == .user && entry.subject.id == user
            let aboutTheirs = [entry.before, entry.after].contains { Self.authorID(in: $0) == id }
            guard aboutUser || aboutTheirs, entry.before != "{}" || entry.after != "{}" else { continue }
            log[index].entry.before = "{}"
            log[index].entry.after = "{}"
            redacted += 1
        }
        return redacted
    }

    /// The `authorID` of a JSON object, lower-cased, as PostgreSQL's `->>` reads it.
    static func authorID(in json: String) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return nil }
        return (object["authorID"] as? String)?.lowercased()
    }

    public func record(_ entry: AuditEntry) {
        log.append((entry, (log.last?.position ?? 0) + 1))
    }

    public func entries(_ filter: AuditFilter, page: PageRequest) throws -> Page<AuditEntry> {
        let before = try page.cursor.map { token throws(RoamError) in try AuditCursor.position(from: token) }
        let matching = log.reversed()
            .filter { filter.actor == nil || $0.entry.actor == filter.actor }
            .filter { filter.kind == nil || $0.entry.subject.kind == filter.kind }
            .filter { filter.subjectID == nil || $0.entry.subject.id == filter.subjectID }
            .filter { before == nil || $0.position < before! }
        let items = Array(matching.prefix(page.size))
        return Page(items: items.map(\.entry), nextCursor: matching.count > page.size ? items.last.map { AuditCursor.token($0.position) } : nil)
    }

    public func forget(before time: Date) -> Int {
        let count = log.count
        log.removeAll { $0.entry.at < time }
        return count - log.count
    }
}
