import Foundation
import GRPCCore
import RoamProto
import RoamRuntime
import SwiftProtobuf

/// The gRPC face of what operators and moderators do with accounts: converts messages and calls
/// `AccountService`, which decides who may do what.
public struct AccountsAdminGRPCService: Roam_Accounts_V1_AccountsAdminService.SimpleServiceProtocol {
    let accounts: AccountService
    let now: @Sendable () -> Date

    public init(accounts: AccountService, now: @escaping @Sendable () -> Date = Date.init) {
        self.accounts = accounts
        self.now = now
    }

    var context: CallContext { CallContext.current }

    public func findAccounts(
        request: Roam_Accounts_V1_FindAccountsRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_FindAccountsResponse {
        let page = try await accounts.findAccounts(request.query, page: request.page.domain(), by: context.requireModerator())
        let time = now()
        return .with {
            $0.accounts = page.items.map { $0.record(at: time) }
            $0.page = .init(cursor: page.nextCursor)
        }
    }

    public func describeAccount(
        request: Roam_Accounts_V1_DescribeAccountRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_DescribeAccountResponse {
        let (user, sessions) = try await accounts.describeAccount(request.user, by: context.requireModerator())
        let time = now()
        return .with {
            $0.account = user.record(at: time)
            $0.sessions = sessions.map { $0.proto(current: nil) }
        }
    }

    public func suspendAccount(
        request: Roam_Accounts_V1_SuspendAccountRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_AccountChangeResponse {
        let moderator = try context.requireModerator(actor: request.actor)
        let change = try await accounts.suspend(
            request.user, until: request.hasUntil ? request.until.date : nil, reason: request.reason, by: moderator)
        return change.proto(actor: moderator, at: now())
    }

    public func liftSuspension(
        request: Roam_Accounts_V1_LiftSuspensionRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_AccountChangeResponse {
        let moderator = try context.requireModerator(actor: request.actor)
        return try await accounts.liftSuspension(request.user, by: moderator).proto(actor: moderator, at: now())
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
        return try await accounts.setRole(role, granted: granted, on: request.user, by: moderator).proto(actor: moderator, at: now())
    }
}
