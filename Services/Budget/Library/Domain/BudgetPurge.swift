import Foundation
import RoamCore

/// What the budget forgets: a deleted trip's budget and expenses, and a deleted user's. It keeps
/// nothing of events.
public struct BudgetPurge: Purgeable {
    let budgets: any BudgetRepository

    public func purge(user: UUID) async throws -> [String: Int] {
        try await budgets.purgeUser(user)
        return [:]
    }

    public func purge(trip: UUID) async throws -> [String: Int] {
        try await budgets.purgeTrip(trip)
        return [:]
    }
}
