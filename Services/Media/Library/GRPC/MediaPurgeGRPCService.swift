import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime

/// `roam.purge.v1.PurgeService` for media: other services (never users) make it forget things.
public struct MediaPurgeGRPCService: Roam_Purge_V1_PurgeService.SimpleServiceProtocol, ForServicesOnly {
    let media: MediaService
    /// Marked before anything is deleted, so no write of the user's lands after the purge.
    let purgedUsers: PurgedUsers

    public init(media: MediaService, purgedUsers: PurgedUsers) {
        self.media = media
        self.purgedUsers = purgedUsers
    }

    public func purgeEvent(request: Roam_Purge_V1_PurgeEventRequest, context: ServerContext) async throws -> Roam_Purge_V1_PurgeEventResponse {
        let purged = try await media.purgeEvent(UUID(field: "event_id", request.eventID))
        CallContext.current.logger.info("purged an event", metadata: ["event_id": "\(request.eventID)", "media": "\(purged)"])
        return .init()
    }

    public func purgeUser(request: Roam_Purge_V1_PurgeUserRequest, context: ServerContext) async throws -> Roam_Purge_V1_PurgeUserResponse {
        let user = try UUID(field: "user_id", request.userID)
        try await purgedUsers.mark(user)
        let purged = try await media.purgeUser(user)
        CallContext.current.logger.info("purged a user", metadata: ["user_id": "\(request.userID)", "media": "\(purged)"])
        return .init()
    }

    public func purgeTrip(request: Roam_Purge_V1_PurgeTripRequest, context: ServerContext) async throws -> Roam_Purge_V1_PurgeTripResponse {
        let purged = try await media.purgeTrip(UUID(field: "trip_id", request.tripID))
        CallContext.current.logger.info("purged a trip", metadata: ["trip_id": "\(request.tripID)", "media": "\(purged)"])
        return .init()
    }
}
