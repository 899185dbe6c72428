import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime

/// `roam.purge.v1.PurgeService` for the budget: trips (a deleted trip) and accounts (a deleted user)
/// make it forget, never users.
public struct BudgetPurgeGRPCService: Roam_Purge_V1_PurgeService.SimpleServiceProtocol, ForServicesOnly {
    let budgets: any BudgetRepository
    /// Marked before anything is deleted, so no write of the user's lands after the purge.
    let purgedUsers: PurgedUsers

    public init(budgets: any BudgetRepository, purgedUsers: PurgedUsers) {
        self.budgets = budgets
        self.purgedUsers = purgedUsers
    }

    /// The budget keeps nothing of events; answering settles an outbox that names budget.
    public func purgeEvent(request: Roam_Purge_V1_PurgeEventRequest, context _: ServerContext) async throws -> Roam_Purge_V1_PurgeEventResponse {
        _ = try UUID(field: "event_id", request.eventID)
        return .init()
    }

    public func purgeUser(request: Roam_Purge_V1_PurgeUserRequest, context _: ServerContext) async throws -> Roam_Purge_V1_PurgeUserResponse {
        let user = try UUID(field: "user_id", request.userID)
        try await purgedUsers.mark(user)
        try await budgets.purgeUser(user)
        return .init()
    }

    public func purgeTrip(request: Roam_Purge_V1_PurgeTripRequest, context _: ServerContext) async throws -> Roam_Purge_V1_PurgeTripResponse {
        try await budgets.purgeTrip(UUID(field: "trip_id", request.tripID))
        return .init()
    }
}
