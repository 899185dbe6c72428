import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime

/// `roam.purge.v1.PurgeService` for bucket lists: accounts (a deleted user) makes it forget, never users.
public struct BucketListsPurgeGRPCService: Roam_Purge_V1_PurgeService.SimpleServiceProtocol, ForServicesOnly {
    let lists: any BucketListRepository
    let activities: any ActivityRepository
    /// Marked before anything is deleted, so no write of the user's lands after the purge.
    let purgedUsers: PurgedUsers

    public init(lists: any BucketListRepository, activities: any ActivityRepository, purgedUsers: PurgedUsers) {
        self.lists = lists
        self.activities = activities
        self.purgedUsers = purgedUsers
    }

    /// Bucket lists keep nothing of events or trips; answering settles an outbox that names them.
    public func purgeEvent(request: Roam_Purge_V1_PurgeEventRequest, context _: ServerContext) async throws -> Roam_Purge_V1_PurgeEventResponse {
        _ = try UUID(field: "event_id", request.eventID)
        return .init()
    }

    /// The user's lists, items and activities go and their votes are withdrawn (the counts come down);
    /// their photos go with media's own purge of the user, comments on their activities with the feed's.
    public func purgeUser(request: Roam_Purge_V1_PurgeUserRequest, context _: ServerContext) async throws -> Roam_Purge_V1_PurgeUserResponse {
        let user = try UUID(field: "user_id", request.userID)
        try await purgedUsers.mark(user)
        _ = try await lists.deleteAll(of: user)
        _ = try await activities.deleteAll(of: user)
        return .init()
    }

    public func purgeTrip(request: Roam_Purge_V1_PurgeTripRequest, context _: ServerContext) async throws -> Roam_Purge_V1_PurgeTripResponse {
        _ = try UUID(field: "trip_id", request.tripID)
        return .init()
    }
}
