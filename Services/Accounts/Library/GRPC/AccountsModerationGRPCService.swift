import Foundation
import GRPCCore
import RoamProto
import RoamRuntime
import SwiftProtobuf

/// Accounts' part in moderation (`roam.moderation.v1.ContentModerationService`): an account described
/// for a report. An account is suspended (AccountsAdminService), never taken down.
public struct AccountsModerationGRPCService: Roam_Moderation_V1_ContentModerationService.SimpleServiceProtocol {
    let accounts: AccountService

    public init(accounts: AccountService) {
        self.accounts = accounts
    }

    public func describeContent(
        request: Roam_Moderation_V1_DescribeContentRequest, context _: ServerContext
    ) async throws -> Roam_Moderation_V1_DescribeContentResponse {
        guard let caller = CallContext.current.caller else { throw RoamError.unauthenticated() }
        guard request.subject.kind == "user" else { throw RPCError(code: .unimplemented, message: "accounts describes users only") }
        let user = try await accounts.reportableAccount(try UUID(field: "subject.id", request.subject.id), caller: caller)
        return .with {
            $0.content = .with {
                $0.subject = request.subject
                $0.authorID = user.id.lowercasedString
                $0.title = "@\(user.username)"
                $0.text = [user.profile.displayName, user.profile.bio].filter { !$0.isEmpty }.joined(separator: "\n")
                if let avatar = user.profile.avatarMediaID { $0.mediaIds = [avatar.lowercasedString] }
                $0.createdAt = Google_Protobuf_Timestamp(date: user.createdAt)
            }
        }
    }

    public func takeDownContent(
        request: Roam_Moderation_V1_TakeDownContentRequest, context _: ServerContext
    ) async throws -> Roam_Moderation_V1_DescribeContentResponse {
        throw RoamError.invalidField("subject.kind", "an account is suspended, not taken down")
    }

    public func restoreContent(
        request: Roam_Moderation_V1_RestoreContentRequest, context _: ServerContext
    ) async throws -> Roam_Moderation_V1_DescribeContentResponse {
        throw RoamError.invalidField("subject.kind", "an account's suspension is lifted, not restored")
    }
}
