import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import RoamProto
import SwiftProtobuf

/// `roam users …`: find an account and look at it (accounts' `AccountsAdminService`), suspend it or
/// lift its suspension, grant or take a role (through moderation, which records each in the audit
/// log) — the calls the console makes.
struct UsersCommand {
    let accounts: OperatorCall
    let moderation: OperatorCall
    /// Who acts, as the audit log names them.
    let actor: String

    init(environment: [String: String], actor: String?) async throws {
        accounts = try await OperatorCall("ACCOUNTS_ADDRESS", default: "127.0.0.1:50051", environment: environment, command: "users")
        moderation = try await OperatorCall("MODERATION_ADDRESS", default: "127.0.0.1:50059", environment: environment, command: "users")
        self.actor = OperatorCall.operatorName(actor, environment: environment)
    }

    private func admin<Result: Sendable>(
        _ body: (Roam_Accounts_V1_AccountsAdminService.Client<HTTP2ClientTransport.Posix>, Metadata) async throws -> Result
    ) async throws -> Result {
        try await accounts.run { client, metadata in try await body(Roam_Accounts_V1_AccountsAdminService.Client(wrapping: client), metadata) }
    }

    private func audited<Result: Sendable>(
        _ body: (Roam_Moderation_V1_ModerationService.Client<HTTP2ClientTransport.Posix>, Metadata) async throws -> Result
    ) async throws -> Result {
        try await moderation.run { client, metadata in try await body(Roam_Moderation_V1_ModerationService.Client(wrapping: client), metadata) }
    }

    func find(_ query: String, limit: Int) async throws -> String {
        let found = try await admin { client, metadata in
            try await client.findAccounts(
                .with {
                    $0.query = query; $0.page.pageSize = Int32(limit)
                }, metadata: metadata)
        }
        guard !found.accounts.isEmpty else { return "no account matches '\(query)'" }
        var lines = found.accounts.map(Self.summary)
        if !found.page.nextPageToken.isEmpty { lines.append("(more: narrow the query or raise --limit)") }
        return lines.joined(separator: "\n")
    }

    func show(_ user: String) async throws -> String {
        let answer = try await admin { client, metadata in try await client.describeAccount(.with { $0.user = user }, metadata: metadata) }
        let account = answer.account
        var lines = [
            "@\(account.username)  \(account.userID)",
            "  name       \(account.displayName)",
            "  email      \(Self.email(of: account))",
            "  created    \(Self.time(account.createdAt.date))",
            "  roles      \(account.roles.isEmpty ? "none" : account.roles.joined(separator: ", "))",
            "  followers  \(account.followerCount), following \(account.followingCount)",
            "  state      \(Self.state(of: account))",
            "  sessions   \(answer.sessions.count) live",
        ]
        for session in answer.sessions {
            let device = [session.device.deviceName, session.device.userAgent].first { !$0.isEmpty } ?? "unknown device"
            lines.append("    \(session.sessionID)  \(device)  from \(session.clientAddress)  last used \(Self.time(session.lastUsedAt.date))")
        }
        return lines.joined(separator: "\n")
    }

    func suspend(_ user: String, until: Date?, reason: String) async throws -> String {
        let change = try await audited { client, metadata in
            try await client.suspendAccount(
                .with {
                    $0.user = user
                    if let until { $0.until = Google_Protobuf_Timestamp(date: until) }
                    $0.reason = reason
                    $0.actor = actor
                }, metadata: metadata)
        }
        let sessions = change.sessionsEnded == 1 ? "1 session" : "\(change.sessionsEnded) sessions"
        return "@\(change.after.username) \(Self.state(of: change.after)); \(sessions) ended"
    }

    func unsuspend(_ user: String) async throws -> String {
        let change = try await audited { client, metadata in
            try await client.liftSuspension(
                .with {
                    $0.user = user; $0.actor = actor
                }, metadata: metadata)
        }
        return change.before.hasSuspension ? "@\(change.after.username) is active again" : "@\(change.after.username) was not suspended"
    }

    func setRole(_ role: String, granted: Bool, on user: String) async throws -> String {
        let change = try await audited { client, metadata in
            let request = Roam_Accounts_V1_ChangeRoleRequest.with {
                $0.user = user; $0.role = role; $0.actor = actor
            }
            return granted ? try await client.grantRole(request, metadata: metadata) : try await client.revokeRole(request, metadata: metadata)
        }
        let roles = change.after.roles.isEmpty ? "no role" : change.after.roles.joined(separator: ", ")
        guard change.before.roles != change.after.roles else { return "@\(change.after.username) already has \(roles)" }
        let ended = change.sessionsEnded > 0 ? "; \(change.sessionsEnded) session\(change.sessionsEnded == 1 ? "" : "s") ended" : ""
        return "@\(change.after.username) now has \(roles)\(ended)"
    }

    static func summary(_ account: Roam_Accounts_V1_AccountRecord) -> String {
        let roles = account.roles.isEmpty ? "" : "  [\(account.roles.joined(separator: ", "))]"
        return "@\(account.username)  \(account.userID)  \(email(of: account))  \(state(of: account))\(roles)"
    }

    static func email(of account: Roam_Accounts_V1_AccountRecord) -> String {
        if !account.email.isEmpty { return account.email + (account.emailVerified ? "" : " (unverified)") }
        if !account.pendingEmail.isEmpty { return "\(account.pendingEmail) (pending: another account has it)" }
        return "no address"
    }

    static func state(of account: Roam_Accounts_V1_AccountRecord) -> String {
        guard account.hasSuspension else { return "active" }
        let suspension = account.suspension
        let end = suspension.hasUntil ? "until \(time(suspension.until.date))" : "until lifted"
        return "suspended \(end) by \(suspension.suspendedBy): \(suspension.reason)"
    }

    static func time(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false).timeZone(separator: .omitted))
    }
}
