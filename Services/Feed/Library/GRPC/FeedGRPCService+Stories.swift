import Foundation
import GRPCCore
import RoamProto
import RoamRuntime

extension FeedGRPCService {
    public func listStories(request: Roam_Feed_V1_ListStoriesRequest, context: ServerContext) async throws -> Roam_Feed_V1_ListPostsResponse {
        try await feed.stories(StoryQuery(request), reader: caller(), page: request.page.domain()).proto
    }

    public func savePost(request: Roam_Feed_V1_SavePostRequest, context: ServerContext) async throws -> Roam_Feed_V1_SavePostResponse {
        let post = try await feed.save(UUID(field: "post_id", request.postID), by: caller())
        return .with { $0.post = post.proto }
    }

    public func unsavePost(request: Roam_Feed_V1_SavePostRequest, context: ServerContext) async throws -> Roam_Feed_V1_SavePostResponse {
        let post = try await feed.unsave(UUID(field: "post_id", request.postID), by: caller())
        return .with { if let post { $0.post = post.proto } }
    }

    public func listSavedPosts(request: Roam_Feed_V1_ListSavedPostsRequest, context: ServerContext) async throws -> Roam_Feed_V1_ListPostsResponse {
        try await feed.saved(by: caller(), page: request.page.domain()).proto
    }

    public func listLikedPosts(request: Roam_Feed_V1_ListLikedPostsRequest, context: ServerContext) async throws -> Roam_Feed_V1_ListPostsResponse {
        try await feed.likedPosts(by: caller(), page: request.page.domain()).proto
    }

    public func listLikers(request: Roam_Feed_V1_ListLikersRequest, context: ServerContext) async throws -> Roam_Feed_V1_ListLikersResponse {
        let page = try await feed.likers(of: Subject(field: "subject", request.subject), reader: caller(), page: request.page.domain())
        return .with {
            $0.likers = page.items.map(\.proto)
            $0.page = .init(cursor: page.nextCursor)
        }
    }

    public func countStories(request: Roam_Feed_V1_CountStoriesRequest, context: ServerContext) async throws -> Roam_Feed_V1_CountStoriesResponse {
        let count = try await feed.storyCount(of: UUID(field: "user_id", request.userID))
        return .with { $0.stories = Int64(count) }
    }

    public func followPlace(request: Roam_Feed_V1_FollowPlaceRequest, context: ServerContext) async throws -> Roam_Feed_V1_FollowPlaceResponse {
        guard request.hasPosition else { throw RoamError.invalidField("position", "is required") }
        let place = try await feed.followPlace(
            at: GeoPoint(latitude: request.position.latitude, longitude: request.position.longitude),
            name: request.name, radiusMeters: request.hasRadiusMeters ? request.radiusMeters : nil,
            by: caller())
        return .with { $0.place = place.proto }
    }

    public func unfollowPlace(request: Roam_Feed_V1_UnfollowPlaceRequest, context: ServerContext) async throws -> Roam_Feed_V1_UnfollowPlaceResponse {
        guard request.hasPosition else { throw RoamError.invalidField("position", "is required") }
        try await feed.unfollowPlace(at: GeoPoint(latitude: request.position.latitude, longitude: request.position.longitude), by: caller())
        return .init()
    }

    public func listFollowedPlaces(
        request: Roam_Feed_V1_ListFollowedPlacesRequest, context: ServerContext
    ) async throws -> Roam_Feed_V1_ListFollowedPlacesResponse {
        let page = try await feed.followedPlaces(by: caller(), page: request.page.domain())
        return .with {
            $0.places = page.items.map(\.proto)
            $0.page = .init(cursor: page.nextCursor)
        }
    }

    public func getTimeline(request: Roam_Feed_V1_GetTimelineRequest, context: ServerContext) async throws -> Roam_Feed_V1_ListPostsResponse {
        try await feed.timeline(of: caller(), page: request.page.domain()).proto
    }
}
