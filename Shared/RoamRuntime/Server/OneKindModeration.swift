import Foundation
import RoamCore
import RoamProto

/// The part in moderation of a service that owns one kind of content: its three calls, each given
/// the content's id (`OneKindModeration.events(_:)` and the like, in each service).
public struct OneKindModeration: ModeratedContent {
    public let kinds: [String]
    public let owner: String
    private let describing: @Sendable (UUID, Caller) async throws -> Roam_Moderation_V1_Content
    private let takingDown: @Sendable (UUID, String, Moderator) async throws -> Roam_Moderation_V1_Content
    private let restoring: @Sendable (UUID, Moderator) async throws -> Roam_Moderation_V1_Content

    /// `kind` as moderation names it (`event`), `owner` as messages name the service (`events`).
    public init(
        kind: String, owner: String, describe: @escaping @Sendable (UUID, Caller) async throws -> Roam_Moderation_V1_Content,
        takeDown: @escaping @Sendable (UUID, String, Moderator) async throws -> Roam_Moderation_V1_Content,
        restore: @escaping @Sendable (UUID, Moderator) async throws -> Roam_Moderation_V1_Content
    ) {
        kinds = [kind]
        self.owner = owner
        describing = describe
        takingDown = takeDown
        restoring = restore
    }

    public func describe(_ kind: String, _ id: UUID, caller: Caller) async throws -> Roam_Moderation_V1_Content {
        try await describing(id, caller)
    }

    public func takeDown(_ kind: String, _ id: UUID, reason: String, by moderator: Moderator) async throws -> Roam_Moderation_V1_Content {
        try await takingDown(id, reason, moderator)
    }

    public func restore(_ kind: String, _ id: UUID, by moderator: Moderator) async throws -> Roam_Moderation_V1_Content {
        try await restoring(id, moderator)
    }
}
