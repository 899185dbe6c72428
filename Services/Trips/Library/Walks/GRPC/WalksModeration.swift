import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime
import SwiftProtobuf

/// Trips' part in moderation (served by `ContentModerationGRPCService`): walks.
public struct WalksModeration: ModeratedContent {
    public static let kinds = ["walk"]
    public static let owner = "trips"
    let walks: WalkService

    public init(walks: WalkService) {
        self.walks = walks
    }

    public func describe(_ kind: String, _ id: UUID, caller: Caller) async throws -> Roam_Moderation_V1_Content {
        try await walks.moderatedWalk(id, caller: caller).moderationContent
    }

    public func takeDown(_ kind: String, _ id: UUID, reason: String, by moderator: Moderator) async throws -> Roam_Moderation_V1_Content {
        try await walks.takeDown(walk: id, reason: reason, by: moderator).moderationContent
    }

    public func restore(_ kind: String, _ id: UUID, by moderator: Moderator) async throws -> Roam_Moderation_V1_Content {
        try await walks.restore(walk: id, by: moderator).moderationContent
    }
}

extension Walk {
    /// The walk as moderators see it.
    var moderationContent: Roam_Moderation_V1_Content {
        .with {
            $0.subject = .with {
                $0.kind = "walk"
                $0.id = id.lowercasedString
            }
            $0.authorID = ownerID.lowercasedString
            $0.title = details.title
            $0.text = details.description
            $0.mediaIds = allMediaIDs.map(\.lowercasedString)
            $0.placeName = start.name
            $0.createdAt = Google_Protobuf_Timestamp(date: createdAt)
            if let takedown { $0.takedown = takedown.moderationProto }
        }
    }
}
