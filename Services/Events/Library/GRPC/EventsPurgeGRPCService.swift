import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime

/// `roam.purge.v1.PurgeService` for events: accounts (a deleted user) makes it forget, never users.
public struct EventsPurgeGRPCService: Roam_Purge_V1_PurgeService.SimpleServiceProtocol, ForServicesOnly {
    let events: EventService
    /// Marked before anything is deleted, so no write of the user's lands after the purge.
    let purgedUsers: PurgedUsers

    public init(events: EventService, purgedUsers: PurgedUsers) {
        self.events = events
        self.purgedUsers = purgedUsers
    }

    /// Events purges its own events (the sweeper, a host's delete); answering settles an outbox that names one.
    public func purgeEvent(request: Roam_Purge_V1_PurgeEventRequest, context _: ServerContext) async throws -> Roam_Purge_V1_PurgeEventResponse {
        _ = try UUID(field: "event_id", request.eventID)
        return .init()
    }

    /// Hosted events end (and are purged elsewhere through events' own outbox), memberships with their
    /// positions, waitlist places, invitations, reports and bans go.
    public func purgeUser(request: Roam_Purge_V1_PurgeUserRequest, context _: ServerContext) async throws -> Roam_Purge_V1_PurgeUserResponse {
        let user = try UUID(field: "user_id", request.userID)
        try await purgedUsers.mark(user)
        try await events.forget(user: user)
        return .init()
    }

    public func purgeTrip(request: Roam_Purge_V1_PurgeTripRequest, context _: ServerContext) async throws -> Roam_Purge_V1_PurgeTripResponse {
        _ = try UUID(field: "trip_id", request.tripID)
        return .init()
    }
}
