import Foundation
import GRPCCore
import RoamCore
import RoamProto

/// A service's part in moderation (`roam.moderation.v1.ContentModerationService`) over what it says
/// it moderates: the caller and the moderator role checked, the reason required, the subject's id
/// read; a kind it does not own is UNIMPLEMENTED (moderation asks each owner for its own).
public struct ContentModerationGRPCService<Part: ModeratedContent>: Roam_Moderation_V1_ContentModerationService.SimpleServiceProtocol {
    let part: Part

    public init(_ part: Part) {
        self.part = part
    }

    var context: CallContext { CallContext.current }

    public func describeContent(
        request: Roam_Moderation_V1_DescribeContentRequest, context _: ServerContext
    ) async throws -> Roam_Moderation_V1_DescribeContentResponse {
        guard let caller = context.caller else { throw RoamError.unauthenticated() }
        let (kind, id) = try subject(request.subject)
        let content = try await part.describe(kind, id, caller: caller)
        return .with { $0.content = content }
    }

    public func takeDownContent(
        request: Roam_Moderation_V1_TakeDownContentRequest, context _: ServerContext
    ) async throws -> Roam_Moderation_V1_DescribeContentResponse {
        let moderator = try context.requireModerator(actor: request.actor)
        let reason = request.reason.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !reason.isEmpty else { throw RoamError.invalidField("reason", "is required (the author is told)") }
        let (kind, id) = try subject(request.subject)
        let content = try await part.takeDown(kind, id, reason: reason, by: moderator)
        return .with { $0.content = content }
    }

    public func restoreContent(
        request: Roam_Moderation_V1_RestoreContentRequest, context _: ServerContext
    ) async throws -> Roam_Moderation_V1_DescribeContentResponse {
        let moderator = try context.requireModerator(actor: request.actor)
        let (kind, id) = try subject(request.subject)
        let content = try await part.restore(kind, id, by: moderator)
        return .with { $0.content = content }
    }

    func subject(_ subject: Roam_Moderation_V1_Subject) throws -> (kind: String, id: UUID) {
        guard part.kinds.contains(subject.kind) else {
            throw RPCError(code: .unimplemented, message: "\(part.owner) moderates \(part.kinds.joined(separator: ", ")), not \(subject.kind)")
        }
        return (subject.kind, try UUID(field: "subject.id", subject.id))
    }
}
