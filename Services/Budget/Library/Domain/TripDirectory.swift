import Foundation

/// Where the budget asks about trips: the trips service, acting for the signed-in caller.
public protocol TripDirectory: Sendable {
    /// The trip if `owner` owns it; NOT_FOUND otherwise (a stranger learns nothing of it).
    func trip(_ id: UUID, owner: UUID) async throws -> TripFacts
    /// Whether `pin` is a pin of the caller's trip `trip`.
    func hasPin(_ pin: UUID, trip: UUID) async throws -> Bool
    /// Whether `place` is a place of the catalog.
    func hasPlace(_ place: UUID) async throws -> Bool
}
