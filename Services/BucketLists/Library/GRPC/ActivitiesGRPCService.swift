import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime
import SwiftProtobuf

/// The gRPC face of activities: converts messages and calls `ActivityService` for the caller.
public struct ActivitiesGRPCService: Roam_Bucketlists_V1_ActivitiesService.SimpleServiceProtocol, ActsForCaller {
    let activities: ActivityService
    let lists: BucketListService

    static func window(_ proto: Roam_Bucketlists_V1_TimeWindow) -> TimeWindow {
        TimeWindow(startsAt: proto.startsAt.date, endsAt: proto.endsAt.date)
    }

    public func createActivity(
        request: Roam_Bucketlists_V1_CreateActivityRequest, context _: ServerContext
    ) async throws
        -> Roam_Bucketlists_V1_ActivityResponse
    {
        let draft = request.activity
        guard draft.hasPlace else { throw RoamError.invalidField("place", "is required") }
        let details = ActivityDetails(
            name: draft.name, description: draft.description_p, place: try NamedPlace(draft.place),
            window: draft.hasWindow ? Self.window(draft.window) : nil,
            mediaIDs: try RequestIDs.list("media_ids", draft.mediaIds), tags: draft.tags)
        let seen = try await activities.create(
            details, author: caller(), idempotencyKey: request.idempotencyKey.isEmpty ? nil : request.idempotencyKey)
        return .with { $0.activity = seen.proto }
    }

    public func getActivity(
        request: Roam_Bucketlists_V1_GetActivityRequest, context _: ServerContext
    ) async throws
        -> Roam_Bucketlists_V1_ActivityResponse
    {
        let seen = try await activities.activity(UUID(field: "activity_id", request.activityID), for: caller())
        return .with { $0.activity = seen.proto }
    }

    public func updateActivity(
        request: Roam_Bucketlists_V1_UpdateActivityRequest, context _: ServerContext
    ) async throws
        -> Roam_Bucketlists_V1_ActivityResponse
    {
        if request.replacePlace && !request.hasPlace { throw RoamError.invalidField("place", "is required") }
        let changes = ActivityChanges(
            name: request.hasName ? request.name : nil,
            description: request.hasDescription_p ? request.description_p : nil,
            place: request.replacePlace ? try NamedPlace(request.place) : nil,
            window: request.replaceWindow ? .some(request.hasWindow ? Self.window(request.window) : nil) : nil,
            mediaIDs: request.replaceMedia ? try RequestIDs.list("media_ids", request.mediaIds) : nil,
            tags: request.replaceTags ? request.tags : nil)
        let seen = try await activities.update(UUID(field: "activity_id", request.activityID), changes: changes, author: caller())
        return .with { $0.activity = seen.proto }
    }

    public func favouriteActivity(
        request: Roam_Bucketlists_V1_GetActivityRequest, context _: ServerContext
    ) async throws
        -> Roam_Bucketlists_V1_ActivityResponse
    {
        let seen = try await activities.favourite(UUID(field: "activity_id", request.activityID), by: caller())
        return .with { $0.activity = seen.proto }
    }

    public func unfavouriteActivity(
        request: Roam_Bucketlists_V1_GetActivityRequest, context _: ServerContext
    ) async throws
        -> Roam_Bucketlists_V1_DeleteActivityResponse
    {
        try await activities.unfavourite(UUID(field: "activity_id", request.activityID), by: caller())
        return .init()
    }

    public func listFavouriteActivities(
        request: Roam_Bucketlists_V1_ListFavouriteActivitiesRequest, context _: ServerContext
    ) async throws
        -> Roam_Bucketlists_V1_SearchActivitiesResponse
    {
        let page = try await activities.favourites(of: caller(), page: request.page.domain())
        return .with {
            $0.activities = page.items.map(\.proto)
            $0.page = .init(cursor: page.nextCursor)
        }
    }

    public func deleteActivity(
        request: Roam_Bucketlists_V1_DeleteActivityRequest, context _: ServerContext
    ) async throws
        -> Roam_Bucketlists_V1_DeleteActivityResponse
    {
        try await activities.delete(UUID(field: "activity_id", request.activityID), author: caller())
        return .init()
    }

    public func voteActivity(
        request: Roam_Bucketlists_V1_VoteActivityRequest, context _: ServerContext
    ) async throws
        -> Roam_Bucketlists_V1_ActivityResponse
    {
        let vote: Vote? =
            switch request.vote {
            case .up: .up
            case .down: .down
            case .none: nil
            case .unspecified, .UNRECOGNIZED: throw RoamError.invalidField("vote", "must be up, down or none")
            }
        let seen = try await activities.vote(vote, on: UUID(field: "activity_id", request.activityID), by: caller())
        return .with { $0.activity = seen.proto }
    }

    public func addActivityToList(
        request: Roam_Bucketlists_V1_AddActivityToListRequest, context _: ServerContext
    ) async throws
        -> Roam_Bucketlists_V1_ItemResponse
    {
        let item = try await activities.addToList(
            UUID(field: "activity_id", request.activityID), list: UUID(field: "list_id", request.listID),
            reader: caller(), idempotencyKey: request.idempotencyKey.isEmpty ? nil : request.idempotencyKey)
        return .with { $0.item = item.proto }
    }

    public func searchActivities(
        request: Roam_Bucketlists_V1_SearchActivitiesRequest, context _: ServerContext
    ) async throws
        -> Roam_Bucketlists_V1_SearchActivitiesResponse
    {
        var query = ActivityQuery(text: request.text.isEmpty ? nil : request.text, tag: request.tag.isEmpty ? nil : request.tag)
        if request.hasNear && request.hasBox { throw RoamError.invalidField("box", "give near or a box, not both") }
        if request.hasNear {
            query.area = .circle(center: GeoPoint(request.near), meters: request.withinMeters)
        } else if request.hasBox {
            query.area = .box(MapBox(southWest: GeoPoint(request.box.southWest), northEast: GeoPoint(request.box.northEast)))
        }
        query.order =
            switch request.order {
            case .score, .unspecified: .score
            case .distance: .distance
            case .newest: .newest
            case .UNRECOGNIZED: throw RoamError.invalidField("order", "must be score, distance or newest")
            }
        if request.happeningNow { query.happeningAt = activities.now() }
        if !request.authorID.isEmpty { query.author = try UUID(field: "author_id", request.authorID) }
        let page = try await activities.search(query, for: caller(), page: request.page.domain())
        return .with {
            $0.activities = page.items.map(\.proto)
            $0.page = .init(cursor: page.nextCursor)
        }
    }

    public func trendingActivities(
        request: Roam_Bucketlists_V1_TrendingActivitiesRequest, context _: ServerContext
    ) async throws
        -> Roam_Bucketlists_V1_TrendingActivitiesResponse
    {
        guard request.hasNear else { throw RoamError.invalidField("near", "is required") }
        let (found, meters) = try await activities.trending(
            near: GeoPoint(request.near), limit: request.limit == 0 ? 20 : Int(request.limit),
            for: caller())
        return .with {
            $0.activities = found.map(\.proto)
            $0.radiusMeters = meters
        }
    }

    /// For the feed, with its service credential: whether `reader_id` may see the subject, and whose it is.
    public func checkSubject(
        request: Roam_Bucketlists_V1_CheckSubjectRequest, context _: ServerContext
    ) async throws
        -> Roam_Bucketlists_V1_CheckSubjectResponse
    {
        let reader = try UUID(field: "reader_id", request.readerID)
        let id = try UUID(field: "subject_id", request.subjectID)
        let owner: UUID? =
            switch request.kind {
            case .activity: try await activities.visibleActivity(id, for: reader)?.authorID
            case .bucketItem: try await lists.visibleItem(id, for: reader)?.ownerID
            case .unspecified, .UNRECOGNIZED: throw RoamError.invalidField("kind", "must be activity or bucket_item")
            }
        return .with {
            $0.visible = owner != nil
            $0.ownerID = owner?.lowercasedString ?? ""
        }
    }
}

extension ActivityService.Seen {
    var proto: Roam_Bucketlists_V1_Activity {
        .with {
            $0.activityID = activity.id.lowercasedString
            $0.authorID = activity.authorID.lowercasedString
            $0.name = activity.details.name
            $0.description_p = activity.details.description
            $0.place = activity.details.place.proto
            if let window = activity.details.window {
                $0.window = .with {
                    $0.startsAt = Google_Protobuf_Timestamp(date: window.startsAt)
                    $0.endsAt = Google_Protobuf_Timestamp(date: window.endsAt)
                }
            }
            $0.mediaIds = activity.details.mediaIDs.map(\.lowercasedString)
            $0.tags = activity.details.tags
            $0.score = Int32(clamping: activity.votes.score)
            $0.upCount = Int32(clamping: activity.votes.up)
            $0.downCount = Int32(clamping: activity.votes.down)
            $0.myVote =
                switch myVote {
                case .up: .up
                case .down: .down
                case nil: .none
                }
            $0.listCount = Int32(clamping: activity.listCount)
            $0.distanceMeters = meters ?? 0
            $0.createdAt = Google_Protobuf_Timestamp(date: activity.createdAt)
            $0.updatedAt = Google_Protobuf_Timestamp(date: activity.updatedAt)
            $0.favourite = isFavourite
            if let takedown = activity.takedown { $0.takedown = takedown.proto }
        }
    }
}
