import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import RoamProto
import SwiftProtobuf

/// `roam reports …` and `roam audit`: the reports queue and the audit log, asked of moderation
/// (`ModerationService`) as the console asks it.
struct ReportsCommand {
    let moderation: OperatorCall
    let actor: String

    init(environment: [String: String], actor: String?) async throws {
        moderation = try await OperatorCall("MODERATION_ADDRESS", default: "127.0.0.1:50059", environment: environment, command: "reports")
        self.actor = OperatorCall.operatorName(actor, environment: environment)
    }

    private func call<Result: Sendable>(
        _ body: (Roam_Moderation_V1_ModerationService.Client<HTTP2ClientTransport.Posix>, Metadata) async throws -> Result
    ) async throws -> Result {
        try await moderation.run { client, metadata in try await body(Roam_Moderation_V1_ModerationService.Client(wrapping: client), metadata) }
    }

    func list(status: String?, kind: String?, limit: Int) async throws -> String {
        let page = try await call { client, metadata in
            try await client.listCases(
                .with {
                    $0.status = status ?? ""
                    $0.kind = kind ?? ""
                    $0.page.pageSize = Int32(limit)
                }, metadata: metadata)
        }
        guard !page.cases.isEmpty else { return "no cases" }
        return page.cases.map(Self.summary).joined(separator: "\n")
    }

    func show(_ id: String) async throws -> String {
        let answer = try await call { client, metadata in try await client.getCase(.with { $0.caseID = id }, metadata: metadata) }
        let found = answer.case
        var lines = [Self.summary(found), "  reported as:"] + Self.describe(found.snapshot).map { "    " + $0 }
        lines.append(
            "  now: " + (answer.hasCurrent ? (answer.current.hasTakedown ? "taken down (\(answer.current.takedown.reason))" : "up") : "gone"))
        lines.append("  reports:")
        for report in answer.reports {
            let text = report.text.isEmpty ? "" : ": \(report.text)"
            lines.append("    \(UsersCommand.time(report.reportedAt.date))  \(report.reporterID)  \(report.reason)\(text)")
        }
        if found.hasResolution {
            let resolution = found.resolution
            lines.append("  resolved \(UsersCommand.time(resolution.at.date)) by \(resolution.by): \(resolution.action) \(resolution.note)")
        }
        return lines.joined(separator: "\n")
    }

    func resolve(_ id: String, action: String, note: String, until: Date?) async throws -> String {
        let resolved = try await call { client, metadata in
            try await client.resolveCase(
                .with {
                    $0.caseID = id
                    $0.action = action
                    $0.note = note
                    if let until { $0.suspendUntil = Google_Protobuf_Timestamp(date: until) }
                    $0.actor = actor
                }, metadata: metadata)
        }
        return "case \(resolved.case.caseID) resolved: \(resolved.case.resolution.action)"
    }

    /// Takes a piece of content down without a case (or puts it back), as the console's content page does.
    func takeDown(kind: String, id: String, reason: String) async throws -> String {
        let changed = try await call { client, metadata in
            try await client.takeDown(
                .with {
                    $0.subject = .with {
                        $0.kind = kind
                        $0.id = id
                    }
                    $0.reason = reason
                    $0.actor = actor
                }, metadata: metadata)
        }
        return "\(kind) \(id) taken down: \(changed.after.takedown.reason)"
    }

    func restore(kind: String, id: String) async throws -> String {
        _ = try await call { client, metadata in
            try await client.restore(
                .with {
                    $0.subject = .with {
                        $0.kind = kind
                        $0.id = id
                    }
                    $0.actor = actor
                }, metadata: metadata)
        }
        return "\(kind) \(id) restored"
    }

    func audit(actor: String?, kind: String?, subject: String?, limit: Int) async throws -> String {
        let page = try await call { client, metadata in
            try await client.listAudit(
                .with {
                    $0.actor = actor ?? ""
                    $0.kind = kind ?? ""
                    $0.subjectID = subject ?? ""
                    $0.page.pageSize = Int32(limit)
                }, metadata: metadata)
        }
        guard !page.entries.isEmpty else { return "no audit entries" }
        return page.entries.map { entry in
            let reason = entry.reason.isEmpty ? "" : ": \(entry.reason)"
            return "\(UsersCommand.time(entry.at.date))  \(entry.actor)  \(entry.action)  \(entry.subject.kind) \(entry.subject.id)\(reason)"
        }.joined(separator: "\n")
    }

    static func summary(_ found: Roam_Moderation_V1_Case) -> String {
        let people = found.reportCount == 1 ? "1 report" : "\(found.reportCount) reports"
        return "\(found.caseID)  \(found.status)  \(found.subject.kind) \(found.subject.id)  \(people) (\(found.reasons.joined(separator: ", ")))  "
            + "first \(UsersCommand.time(found.firstReportedAt.date))"
    }

    static func describe(_ content: Roam_Moderation_V1_Content) -> [String] {
        var lines = ["by \(content.authorID) at \(UsersCommand.time(content.createdAt.date))"]
        if !content.title.isEmpty { lines.append("title: \(content.title)") }
        if !content.text.isEmpty { lines.append("text: \(content.text)") }
        if !content.placeName.isEmpty { lines.append("place: \(content.placeName)") }
        if !content.mediaIds.isEmpty { lines.append("media: \(content.mediaIds.joined(separator: ", "))") }
        return lines
    }
}
