import Foundation
import GRPCCore
import RoamProto
import RoamRuntime

/// `roam.purge.v1.PurgeService` for the feed: other services (never users) make it forget things.
public struct FeedPurgeGRPCService: Roam_Purge_V1_PurgeService.SimpleServiceProtocol, ForServicesOnly {
    let feed: FeedService
    /// Marked before anything is deleted, so no write of the user's lands after the purge.
    let purgedUsers: PurgedUsers

    public init(feed: FeedService, purgedUsers: PurgedUsers) {
        self.feed = feed
        self.purgedUsers = purgedUsers
    }

    public func purgeEvent(request: Roam_Purge_V1_PurgeEventRequest, context: ServerContext) async throws -> Roam_Purge_V1_PurgeEventResponse {
        let purged = try await feed.purgeEvent(UUID(field: "event_id", request.eventID))
        CallContext.current.logger.info("purged an event", metadata: ["event_id": "\(request.eventID)", "posts": "\(purged)"])
        return .init()
    }

    public func purgeUser(request: Roam_Purge_V1_PurgeUserRequest, context: ServerContext) async throws -> Roam_Purge_V1_PurgeUserResponse {
        let user = try UUID(field: "user_id", request.userID)
        try await purgedUsers.mark(user)
        try await feed.purgeUser(user)
        CallContext.current.logger.info("purged a user", metadata: ["user_id": "\(request.userID)"])
        return .init()
    }

    /// The feed keeps nothing of trips; it answers so that a trips outbox naming it is settled.
    public func purgeTrip(request: Roam_Purge_V1_PurgeTripRequest, context: ServerContext) async throws -> Roam_Purge_V1_PurgeTripResponse {
        _ = try UUID(field: "trip_id", request.tripID)
        return .init()
    }
}
