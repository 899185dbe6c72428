import Foundation
import RoamCore

/// Where trips live. Every read and write names the owner: a trip that is not theirs does not exist.
public protocol TripRepository: Sendable {
    /// Stores `trip`; with an idempotency key the owner used before, returns that first trip instead.
    func create(_ trip: Trip, idempotencyKey: String?) async throws -> Trip
    func trip(_ id: UUID, owner: UUID) async throws -> Trip?
    /// The owner's trips matching `filter`, latest start first (then the latest id), a page at a time.
    func trips(of owner: UUID, matching filter: TripFilter, page: PageRequest) async throws -> Page<Trip>
    /// Replaces the trip's details and moves its reminders with its dates and zone (a moved reminder is
    /// sent again, unless already due at `time`); nil when the owner has no such trip.
    func update(_ id: UUID, owner: UUID, details: TripDetails, at time: Date) async throws -> Trip?
    /// Deletes the trip and everything in it, and in the same transaction tells other services
    /// through the outbox (`trip_deleted`). Whether there was such a trip to delete.
    func delete(_ id: UUID, owner: UUID, at time: Date) async throws -> Bool
    /// Deletes every trip of a deleted account (the other services hear of the account itself, so
    /// nothing goes to the outbox), and says how many went. Idempotent.
    func deleteAll(of owner: UUID) async throws -> Int
}
