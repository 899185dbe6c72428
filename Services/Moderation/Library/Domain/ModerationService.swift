import Foundation
import RoamCore

/// The moderation use cases: reports filed into cases, what moderators do about them, and the audit
/// log of every action. Content is acted on by the service owning it, accounts by accounts; this keeps
/// the queue and the record. Knows nothing of gRPC or SQL.
public struct ModerationService: Sendable {
    let cases: any CaseRepository
    let audit: any AuditRepository
    let owners: any ContentOwners
    let accounts: any AccountActions
    let reportLimit: ReportLimit
    let now: @Sendable () -> Date

    static let textLimit = 1000
    static let noteLimit = 500

    public init(
        cases: any CaseRepository, audit: any AuditRepository, owners: any ContentOwners, accounts: any AccountActions,
        reportLimit: ReportLimit = ReportLimit(), now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.cases = cases
        self.reportLimit = reportLimit
        self.audit = audit
        self.owners = owners
        self.accounts = accounts
        self.now = now
    }

    /// Files `reporter`'s report of something they can see and did not make.
    public func report(
        _ subject: Subject, reason: ReportReason, text: String, by reporter: AuthenticatedUser
    ) async throws -> (caseID: UUID, created: Bool) {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.count <= Self.textLimit else { throw RoamError.invalidField("text", "is longer than \(Self.textLimit) characters") }
        // Asked as the reporter: what they may not see answers 404, as if it did not exist.
        let content = try await owners.describe(subject)
        guard content.authorID != reporter.id else {
            throw RoamError(
                .failedPrecondition, reason: "OWN_CONTENT", message: "you cannot report what you made",
                violations: [.init(field: "subject", description: "is yours")])
        }
        let time = now()
        // So one account cannot flood the queue (or bury a case under noise).
        let recent = try await cases.reportTimes(by: reporter.id, since: time.addingTimeInterval(-reportLimit.window))
        if let retryAfter = reportLimit.retryAfter(recent, at: time) {
            throw RoamError(
                .resourceExhausted(retryAfter: .seconds(retryAfter)), reason: "RATE_LIMITED",
                message: "at most \(reportLimit.count) reports an hour; try again in \(Int(retryAfter.rounded(.up))) s")
        }
        let filed = CaseReport(reporterID: reporter.id, reason: reason, text: text, reportedAt: time)
        return try await cases.file(filed, about: subject, snapshot: content, newCaseID: .v7(at: time))
    }

    public func cases(_ filter: CaseFilter, page: PageRequest, by moderator: Moderator) async throws -> Page<ModerationCase> {
        try await cases.cases(filter, page: page)
    }

    /// A case, its reports, and the content as it is now (nil when its author deleted it).
    public func moderationCase(_ id: UUID, by moderator: Moderator) async throws -> (ModerationCase, [CaseReport], current: Content?) {
        guard let (found, reports) = try await cases.moderationCase(id: id) else { throw RoamError.notFound("case") }
        let current: Content?
        do {
            current = try await owners.describe(found.subject)
        } catch let error as RoamError where error.kind == .notFound {
            current = nil
        }
        return (found, reports, current)
    }

    /// Closes an open case: the content is taken down, its author suspended, both, or neither; each
    /// action is audited as it is done, then the resolution.
    public func resolve(
        _ id: UUID, action: ResolutionAction, note: String, suspendUntil: Date?, by moderator: Moderator
    ) async throws -> ModerationCase {
        let note = note.trimmingCharacters(in: .whitespacesAndNewlines)
        var validation = Validation()
        validation.require(action == .dismiss || !note.isEmpty, "note", "is required to take down or suspend (the author is told)")
        validation.require(note.count <= Self.noteLimit, "note", "is longer than \(Self.noteLimit) characters")
        try validation.check()
        guard let (found, _) = try await cases.moderationCase(id: id) else { throw RoamError.notFound("case") }
        guard found.status == .open else {
            throw RoamError(.failedPrecondition, reason: "CASE_RESOLVED", message: "the case was already resolved")
        }
        if action.takesDown, found.subject.kind != .user {
            _ = try await takeDown(found.subject, reason: note, by: moderator)
        }
        if action.suspends {
            _ = try await suspend(found.snapshot.authorID.lowercasedString, until: suspendUntil, reason: note, by: moderator)
        }
        let resolution = Resolution(action: action, note: note, by: moderator.name, at: now())
        guard let resolved = try await cases.resolve(caseID: id, resolution) else {
            throw RoamError(.failedPrecondition, reason: "CASE_RESOLVED", message: "the case was already resolved")
        }
        try await record(
            .resolveCase, on: found.subject, by: moderator, reason: note, before: Self.json(["status": "open"]),
            after: Self.json(["status": "resolved", "action": action.rawValue, "case": id.lowercasedString]))
        return resolved
    }

    public func describe(_ subject: Subject, by moderator: Moderator) async throws -> Content {
        try await owners.describe(subject)
    }

    public func takeDown(_ subject: Subject, reason: String, by moderator: Moderator) async throws -> (before: Content, after: Content) {
        let reason = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        var validation = Validation()
        validation.require(!reason.isEmpty, "reason", "is required (the author is told)")
        validation.require(reason.count <= Self.noteLimit, "reason", "is longer than \(Self.noteLimit) characters")
        validation.require(subject.kind != .user, "subject.kind", "an account is suspended, not taken down")
        try validation.check()
        let before = try await owners.describe(subject)
        let after = try await owners.takeDown(subject, reason: reason, actor: moderator.name)
        try await record(.takeDown, on: subject, by: moderator, reason: reason, before: Self.json(before), after: Self.json(after))
        return (before, after)
    }

    public func restore(_ subject: Subject, by moderator: Moderator) async throws -> (before: Content, after: Content) {
        let before = try await owners.describe(subject)
        let after = try await owners.restore(subject, actor: moderator.name)
        try await record(.restore, on: subject, by: moderator, reason: "", before: Self.json(before), after: Self.json(after))
        return (before, after)
    }

    public func suspend(_ user: String, until: Date?, reason: String, by moderator: Moderator) async throws -> AccountActionOutcome {
        let outcome = try await accounts.suspend(user, until: until, reason: reason, actor: moderator.name)
        try await record(.suspend, on: Subject(kind: .user, id: outcome.userID), by: moderator, reason: reason, outcome)
        return outcome
    }

    public func liftSuspension(_ user: String, by moderator: Moderator) async throws -> AccountActionOutcome {
        let outcome = try await accounts.liftSuspension(user, actor: moderator.name)
        try await record(.liftSuspension, on: Subject(kind: .user, id: outcome.userID), by: moderator, reason: "", outcome)
        return outcome
    }

    /// Only an operator grants or takes roles; accounts refuses anyone else too.
    public func setRole(_ role: Role, granted: Bool, on user: String, by moderator: Moderator) async throws -> AccountActionOutcome {
        guard moderator.isOperator else {
            throw RoamError.permissionDenied("roles are granted and taken by an operator only (roam users grant|revoke)")
        }
        let outcome = try await accounts.setRole(role, granted: granted, on: user, actor: moderator.name)
        try await record(
            granted ? .grantRole : .revokeRole, on: Subject(kind: .user, id: outcome.userID), by: moderator, reason: role.rawValue, outcome)
        return outcome
    }

    /// The audit log, for admins (and operators) only.
    public func auditLog(_ filter: AuditFilter, page: PageRequest, by moderator: Moderator) async throws -> Page<AuditEntry> {
        guard moderator.isAdmin else { throw RoamError.permissionDenied("only an admin may read the audit log") }
        return try await audit.entries(filter, page: page)
    }

    private func record(
        _ action: AuditAction, on subject: Subject, by moderator: Moderator, reason: String, _ outcome: AccountActionOutcome
    ) async throws {
        // Nothing changed (a second lift, a role already held): nothing to record.
        guard outcome.before != outcome.after else { return }
        try await record(action, on: subject, by: moderator, reason: reason, before: outcome.before, after: outcome.after)
    }

    private func record(
        _ action: AuditAction, on subject: Subject, by moderator: Moderator, reason: String, before: String, after: String
    ) async throws {
        let time = now()
        try await audit.record(
            AuditEntry(
                id: .v7(at: time), at: time, actor: moderator.name, action: action, subject: subject, reason: reason, before: before, after: after))
    }

    static func json(_ value: some Encodable) -> String { ModerationJSON.encode(value) }
}
