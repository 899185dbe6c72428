import Foundation
import GRPCCore
import RoamProto
import RoamRuntime
import SwiftProtobuf

/// The gRPC face of moderation: converts messages and calls `ModerationService`.
public struct ModerationGRPCService: Roam_Moderation_V1_ModerationService.SimpleServiceProtocol {
    let moderation: ModerationService

    public init(moderation: ModerationService) {
        self.moderation = moderation
    }

    var context: CallContext { CallContext.current }

    public func report(request: Roam_Moderation_V1_ReportRequest, context _: ServerContext) async throws -> Roam_Moderation_V1_ReportResponse {
        let user = try context.requireUser()
        let subject = try request.subject.domain()
        guard let reason = ReportReason(rawValue: request.reason) else {
            throw RoamError.invalidField("reason", "must be one of \(ReportReason.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let (caseID, created) = try await moderation.report(subject, reason: reason, text: request.text, by: user)
        return .with {
            $0.caseID = caseID.lowercasedString
            $0.created = created
        }
    }

    public func listCases(request: Roam_Moderation_V1_ListCasesRequest, context _: ServerContext) async throws -> Roam_Moderation_V1_ListCasesResponse
    {
        let moderator = try context.requireModerator()
        var filter = CaseFilter()
        if !request.status.isEmpty {
            guard let status = CaseStatus(rawValue: request.status) else { throw RoamError.invalidField("status", "must be open or resolved") }
            filter.status = status
        }
        if !request.kind.isEmpty {
            guard let kind = SubjectKind(rawValue: request.kind) else { throw RoamError.invalidField("kind", "must be one of \(SubjectKind.listed)") }
            filter.kind = kind
        }
        let page = try await moderation.cases(filter, page: request.page.domain(), by: moderator)
        return .with {
            $0.cases = page.items.map(\.proto)
            $0.page = .init(cursor: page.nextCursor)
        }
    }

    public func getCase(request: Roam_Moderation_V1_GetCaseRequest, context _: ServerContext) async throws -> Roam_Moderation_V1_GetCaseResponse {
        let moderator = try context.requireModerator()
        let (found, reports, current) = try await moderation.moderationCase(UUID(field: "case_id", request.caseID), by: moderator)
        return .with {
            $0.case = found.proto
            $0.reports = reports.map(\.proto)
            if let current { $0.current = current.proto }
        }
    }

    public func resolveCase(
        request: Roam_Moderation_V1_ResolveCaseRequest, context _: ServerContext
    ) async throws -> Roam_Moderation_V1_ResolveCaseResponse {
        let moderator = try context.requireModerator(actor: request.actor)
        guard let action = ResolutionAction(rawValue: request.action) else {
            throw RoamError.invalidField("action", "must be one of \(ResolutionAction.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let resolved = try await moderation.resolve(
            UUID(field: "case_id", request.caseID), action: action, note: request.note,
            suspendUntil: request.hasSuspendUntil ? request.suspendUntil.date : nil, by: moderator)
        return .with { $0.case = resolved.proto }
    }

    public func takeDown(
        request: Roam_Moderation_V1_TakeDownRequest, context _: ServerContext
    ) async throws -> Roam_Moderation_V1_ContentActionResponse {
        let moderator = try context.requireModerator(actor: request.actor)
        let (before, after) = try await moderation.takeDown(try request.subject.domain(), reason: request.reason, by: moderator)
        return .with {
            $0.before = before.proto
            $0.after = after.proto
        }
    }

    public func restore(request: Roam_Moderation_V1_RestoreRequest, context _: ServerContext) async throws -> Roam_Moderation_V1_ContentActionResponse
    {
        let moderator = try context.requireModerator(actor: request.actor)
        let (before, after) = try await moderation.restore(try request.subject.domain(), by: moderator)
        return .with {
            $0.before = before.proto
            $0.after = after.proto
        }
    }

    public func describeContent(
        request: Roam_Moderation_V1_DescribeContentRequest, context _: ServerContext
    ) async throws -> Roam_Moderation_V1_DescribeContentResponse {
        let moderator = try context.requireModerator()
        let content = try await moderation.describe(try request.subject.domain(), by: moderator)
        return .with { $0.content = content.proto }
    }

    public func suspendAccount(
        request: Roam_Accounts_V1_SuspendAccountRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_AccountChangeResponse {
        let moderator = try context.requireModerator(actor: request.actor)
        return try await moderation.suspend(
            request.user, until: request.hasUntil ? request.until.date : nil, reason: request.reason, by: moderator
        ).proto()
    }

    public func liftSuspension(
        request: Roam_Accounts_V1_LiftSuspensionRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_AccountChangeResponse {
        try await moderation.liftSuspension(request.user, by: context.requireModerator(actor: request.actor)).proto()
    }

    public func grantRole(
        request: Roam_Accounts_V1_ChangeRoleRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_AccountChangeResponse {
        try await changeRole(request, granted: true)
    }

    public func revokeRole(
        request: Roam_Accounts_V1_ChangeRoleRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_AccountChangeResponse {
        try await changeRole(request, granted: false)
    }

    private func changeRole(_ request: Roam_Accounts_V1_ChangeRoleRequest, granted: Bool) async throws -> Roam_Accounts_V1_AccountChangeResponse {
        let moderator = try context.requireModerator(actor: request.actor)
        guard let role = Role(rawValue: request.role) else {
            throw RoamError.invalidField("role", "must be one of \(Role.allCases.map(\.rawValue).sorted().joined(separator: ", "))")
        }
        return try await moderation.setRole(role, granted: granted, on: request.user, by: moderator).proto()
    }

    public func listAudit(request: Roam_Moderation_V1_ListAuditRequest, context _: ServerContext) async throws -> Roam_Moderation_V1_ListAuditResponse
    {
        let moderator = try context.requireModerator()
        var filter = AuditFilter()
        if !request.actor.isEmpty { filter.actor = request.actor }
        if !request.kind.isEmpty {
            guard let kind = SubjectKind(rawValue: request.kind) else { throw RoamError.invalidField("kind", "must be one of \(SubjectKind.listed)") }
            filter.kind = kind
        }
        if !request.subjectID.isEmpty { filter.subjectID = try UUID(field: "subject_id", request.subjectID) }
        let page = try await moderation.auditLog(filter, page: request.page.domain(), by: moderator)
        return .with {
            $0.entries = page.items.map(\.proto)
            $0.page = .init(cursor: page.nextCursor)
        }
    }
}
