import Foundation
import GRPCCore
import Logging
import RoamCore
import RoamProto

/// `roam.purge.v1.PurgeService` for any service: other services (never users) make it forget a user,
/// an event or a trip through its `Purgeable`. A user is marked purged before anything is deleted.
public struct PurgeGRPCService: Roam_Purge_V1_PurgeService.SimpleServiceProtocol, ForServicesOnly {
    let target: any Purgeable
    let purgedUsers: PurgedUsers

    public init(_ target: any Purgeable, purgedUsers: PurgedUsers) {
        self.target = target
        self.purgedUsers = purgedUsers
    }

    public func purgeUser(request: Roam_Purge_V1_PurgeUserRequest, context _: ServerContext) async throws -> Roam_Purge_V1_PurgeUserResponse {
        let user = try UUID(field: "user_id", request.userID)
        try await purgedUsers.mark(user)
        log("purged a user", ["user_id": "\(user)"], try await target.purge(user: user), always: true)
        return .init()
    }

    public func purgeEvent(request: Roam_Purge_V1_PurgeEventRequest, context _: ServerContext) async throws -> Roam_Purge_V1_PurgeEventResponse {
        let event = try UUID(field: "event_id", request.eventID)
        log("purged an event", ["event_id": "\(event)"], try await target.purge(event: event))
        return .init()
    }

    public func purgeTrip(request: Roam_Purge_V1_PurgeTripRequest, context _: ServerContext) async throws -> Roam_Purge_V1_PurgeTripResponse {
        let trip = try UUID(field: "trip_id", request.tripID)
        log("purged a trip", ["trip_id": "\(trip)"], try await target.purge(trip: trip))
        return .init()
    }

    /// Every user purge is logged; an event or a trip only where something of it was here to forget
    /// (each ended event asks every service).
    private func log(_ message: Logger.Message, _ subject: Logger.Metadata, _ removed: [String: Int], always: Bool = false) {
        guard always || !removed.isEmpty else { return }
        CallContext.current.logger.info(message, metadata: subject.merging(removed.mapValues { "\($0)" }) { first, _ in first })
    }
}
