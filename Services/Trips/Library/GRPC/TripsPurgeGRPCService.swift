import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime

/// `roam.purge.v1.PurgeService` for trips: other services (never users) make it forget things.
public struct TripsPurgeGRPCService: Roam_Purge_V1_PurgeService.SimpleServiceProtocol, ForServicesOnly {
    let trips: TripService
    let places: any PlacesRepository
    let walks: WalkService
    /// Marked before anything is deleted, so no write of the user's lands after the purge.
    let purgedUsers: PurgedUsers

    public init(trips: TripService, places: any PlacesRepository, walks: WalkService, purgedUsers: PurgedUsers) {
        self.trips = trips
        self.places = places
        self.walks = walks
        self.purgedUsers = purgedUsers
    }

    /// Trips keep nothing of events; answering settles an events outbox that names trips.
    public func purgeEvent(request: Roam_Purge_V1_PurgeEventRequest, context: ServerContext) async throws -> Roam_Purge_V1_PurgeEventResponse {
        _ = try UUID(field: "event_id", request.eventID)
        return .init()
    }

    public func purgeUser(request: Roam_Purge_V1_PurgeUserRequest, context: ServerContext) async throws -> Roam_Purge_V1_PurgeUserResponse {
        let user = try UUID(field: "user_id", request.userID)
        try await purgedUsers.mark(user)
        let purged = try await trips.purgeUser(user)
        let ratings = try await places.removeRatings(by: user)
        let ownPlaces = try await places.deleteOwnPlaces(of: user)
        let walks = try await walks.purgeUser(user)
        CallContext.current.logger.info(
            "purged a user",
            metadata: [
                "user_id": "\(request.userID)", "trips": "\(purged)", "place_ratings": "\(ratings)",
                "own_places": "\(ownPlaces)", "walks": "\(walks)",
            ])
        return .init()
    }

    /// Trips own trips: a deleted one is already gone here.
    public func purgeTrip(request: Roam_Purge_V1_PurgeTripRequest, context: ServerContext) async throws -> Roam_Purge_V1_PurgeTripResponse {
        _ = try UUID(field: "trip_id", request.tripID)
        return .init()
    }
}
