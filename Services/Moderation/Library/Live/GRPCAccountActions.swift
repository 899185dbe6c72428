import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import RoamProto
import RoamRuntime
import SwiftProtobuf

/// `AccountActions` over accounts' `AccountsAdminService`, acting for the current caller: accounts
/// checks a moderator's role from their token again, and names an operator after `actor`.
public struct GRPCAccountActions: AccountActions {
    let upstream: Upstream<HTTP2ClientTransport.Posix>

    public init(upstream: Upstream<HTTP2ClientTransport.Posix>) {
        self.upstream = upstream
    }

    public func suspend(_ user: String, until: Date?, reason: String, actor: String) async throws -> AccountActionOutcome {
        try await call { client, options in
            try await client.suspendAccount(
                .with {
                    $0.user = user
                    if let until { $0.until = Google_Protobuf_Timestamp(date: until) }
                    $0.reason = reason
                    $0.actor = actor
                }, options: options)
        }
    }

    public func liftSuspension(_ user: String, actor: String) async throws -> AccountActionOutcome {
        try await call { client, options in
            try await client.liftSuspension(
                .with {
                    $0.user = user; $0.actor = actor
                }, options: options)
        }
    }

    public func setRole(_ role: Role, granted: Bool, on user: String, actor: String) async throws -> AccountActionOutcome {
        try await call { client, options in
            let request = Roam_Accounts_V1_ChangeRoleRequest.with {
                $0.user = user; $0.role = role.rawValue; $0.actor = actor
            }
            return granted ? try await client.grantRole(request, options: options) : try await client.revokeRole(request, options: options)
        }
    }

    private func call(
        _ body: (Roam_Accounts_V1_AccountsAdminService.Client<HTTP2ClientTransport.Posix>, CallOptions) async throws ->
            Roam_Accounts_V1_AccountChangeResponse
    ) async throws -> AccountActionOutcome {
        do {
            let change = try await upstream.call { client, options in
                try await body(Roam_Accounts_V1_AccountsAdminService.Client(wrapping: client), options)
            }
            guard let id = UUID(uuidString: change.after.userID) else { throw RoamError.internal }
            return AccountActionOutcome(
                userID: id, before: try change.before.jsonString(), after: try change.after.jsonString(),
                sessionsEnded: Int(change.sessionsEnded), actor: change.actor)
        } catch let error as RPCError {
            throw RoamError(error)
        }
    }
}
