import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime
import SwiftProtobuf

/// Bucket lists' part in moderation (`roam.moderation.v1.ContentModerationService`): activities, lists
/// and items described, taken down and restored. Other kinds are UNIMPLEMENTED here.
public struct BucketListsModerationGRPCService: Roam_Moderation_V1_ContentModerationService.SimpleServiceProtocol {
    let lists: BucketListService
    let activities: ActivityService

    public init(lists: BucketListService, activities: ActivityService) {
        self.lists = lists
        self.activities = activities
    }

    var context: CallContext { CallContext.current }

    enum Kind { case activity, list, item }

    public func describeContent(
        request: Roam_Moderation_V1_DescribeContentRequest, context _: ServerContext
    ) async throws -> Roam_Moderation_V1_DescribeContentResponse {
        guard let caller = context.caller else { throw RoamError.unauthenticated() }
        let (kind, id) = try Self.subject(request.subject)
        let content =
            switch kind {
            case .activity: try await activities.moderatedActivity(id, caller: caller).moderationContent
            case .list: try await lists.moderatedList(id, caller: caller).moderationContent
            case .item: try await lists.moderatedItem(id, caller: caller).moderationContent
            }
        return .with { $0.content = content }
    }

    public func takeDownContent(
        request: Roam_Moderation_V1_TakeDownContentRequest, context _: ServerContext
    ) async throws -> Roam_Moderation_V1_DescribeContentResponse {
        let moderator = try context.requireModerator(actor: request.actor)
        let reason = request.reason.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !reason.isEmpty else { throw RoamError.invalidField("reason", "is required (the author is told)") }
        let (kind, id) = try Self.subject(request.subject)
        let content =
            switch kind {
            case .activity: try await activities.takeDown(activity: id, reason: reason, by: moderator).moderationContent
            case .list: try await lists.takeDown(list: id, reason: reason, by: moderator).moderationContent
            case .item: try await lists.takeDown(item: id, reason: reason, by: moderator).moderationContent
            }
        return .with { $0.content = content }
    }

    public func restoreContent(
        request: Roam_Moderation_V1_RestoreContentRequest, context _: ServerContext
    ) async throws -> Roam_Moderation_V1_DescribeContentResponse {
        let moderator = try context.requireModerator(actor: request.actor)
        let (kind, id) = try Self.subject(request.subject)
        let content =
            switch kind {
            case .activity: try await activities.restore(activity: id, by: moderator).moderationContent
            case .list: try await lists.restore(list: id, by: moderator).moderationContent
            case .item: try await lists.restore(item: id, by: moderator).moderationContent
            }
        return .with { $0.content = content }
    }

    static func subject(_ subject: Roam_Moderation_V1_Subject) throws -> (Kind, UUID) {
        let kind: Kind
        switch subject.kind {
        case "activity": kind = .activity
        case "list": kind = .list
        case "item": kind = .item
        default: throw RPCError(code: .unimplemented, message: "bucket lists moderate activities, lists and items, not \(subject.kind)")
        }
        return (kind, try UUID(field: "subject.id", subject.id))
    }
}

extension Activity {
    var moderationContent: Roam_Moderation_V1_Content {
        .with {
            $0.subject = .with {
                $0.kind = "activity"
                $0.id = id.lowercasedString
            }
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
            $0.subject = .with {
                $0.kind = "list"
                $0.id = id.lowercasedString
            }
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
            $0.subject = .with {
                $0.kind = "item"
                $0.id = id.lowercasedString
            }
            $0.authorID = ownerID.lowercasedString
            $0.title = details.title
            $0.text = details.description
            $0.mediaIds = details.mediaIDs.map(\.lowercasedString)
            $0.placeName = details.place?.name ?? ""
            $0.parent = .with {
                $0.kind = "list"
                $0.id = listID.lowercasedString
            }
            $0.createdAt = Google_Protobuf_Timestamp(date: createdAt)
            if let takedown { $0.takedown = takedown.moderationProto }
        }
    }
}
