import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime
import SwiftProtobuf

/// Bucket lists' part in moderation (served by `ContentModerationGRPCService`): activities, lists and items.
public struct BucketListsModeration: ModeratedContent {
    public let kinds = ["activity", "list", "item"]
    public let owner = "bucket lists"
    let lists: BucketListService
    let activities: ActivityService

    public init(lists: BucketListService, activities: ActivityService) {
        self.lists = lists
        self.activities = activities
    }

    public func describe(_ kind: String, _ id: UUID, caller: Caller) async throws -> Roam_Moderation_V1_Content {
        switch kind {
        case "activity": try await activities.moderatedActivity(id, caller: caller).moderationContent
        case "list": try await lists.moderatedList(id, caller: caller).moderationContent
        default: try await lists.moderatedItem(id, caller: caller).moderationContent
        }
    }

    public func takeDown(_ kind: String, _ id: UUID, reason: String, by moderator: Moderator) async throws -> Roam_Moderation_V1_Content {
        switch kind {
        case "activity": try await activities.takeDown(activity: id, reason: reason, by: moderator).moderationContent
        case "list": try await lists.takeDown(list: id, reason: reason, by: moderator).moderationContent
        default: try await lists.takeDown(item: id, reason: reason, by: moderator).moderationContent
        }
    }

    public func restore(_ kind: String, _ id: UUID, by moderator: Moderator) async throws -> Roam_Moderation_V1_Content {
        switch kind {
        case "activity": try await activities.restore(activity: id, by: moderator).moderationContent
        case "list": try await lists.restore(list: id, by: moderator).moderationContent
        default: try await lists.restore(item: id, by: moderator).moderationContent
        }
    }
}

extension Activity {
    var moderationContent: Roam_Moderation_V1_Content {
        .with {
            $0.subject = .init(kind: "activity", id: id)
            $0.authorID = authorID.lowercasedString
            $0.title = details.name
            $0.text = details.description
            $0.mediaIds = details.mediaIDs.map(\.lowercasedString)
            $0.placeName = details.place.name
            $0.createdAt = Google_Protobuf_Timestamp(date: createdAt)
            if let takedown { $0.takedown = takedown.moderationProto }
        }
    }
}

extension BucketList {
    var moderationContent: Roam_Moderation_V1_Content {
        .with {
            $0.subject = .init(kind: "list", id: id)
            $0.authorID = ownerID.lowercasedString
            $0.title = details.title
            $0.text = details.description
            if let cover = details.coverMediaID { $0.mediaIds = [cover.lowercasedString] }
            $0.createdAt = Google_Protobuf_Timestamp(date: createdAt)
            if let takedown { $0.takedown = takedown.moderationProto }
        }
    }
}

extension Item {
    var moderationContent: Roam_Moderation_V1_Content {
        .with {
            $0.subject = .init(kind: "item", id: id)
            $0.authorID = ownerID.lowercasedString
            $0.title = details.title
            $0.text = details.description
            $0.mediaIds = details.mediaIDs.map(\.lowercasedString)
            $0.placeName = details.place?.name ?? ""
            $0.parent = .init(kind: "list", id: listID)
            $0.createdAt = Google_Protobuf_Timestamp(date: createdAt)
            if let takedown { $0.takedown = takedown.moderationProto }
        }
    }
}
