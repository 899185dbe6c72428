import Foundation
import RoamCore

/// The trips domain: a traveller's own trips and their calendar. Free of transport and SQL; a trip
/// that is not the caller's answers as one that does not exist.
public struct TripService: Sendable {
    let trips: any TripRepository
    let now: @Sendable () -> Date

    public init(trips: any TripRepository, now: @escaping @Sendable () -> Date = Date.init) {
        self.trips = trips
        self.now = now
    }

    public static let tripNotFound = RoamError.notFound("trip")

    public func create(_ draft: TripDraft, owner: UUID, idempotencyKey: String?) async throws -> Trip {
        let details = try draft.validated()
        try IdempotencyKey.check(idempotencyKey)
        let created = now()
        return try await trips.create(
            Trip(id: .v7(at: created), ownerID: owner, details: details, createdAt: created),
            idempotencyKey: idempotencyKey.flatMap { $0.isEmpty ? nil : $0 })
    }

    public func trip(_ id: UUID, owner: UUID) async throws -> Trip {
        guard let trip = try await trips.trip(id, owner: owner) else { throw Self.tripNotFound }
        return trip
    }

    /// The owner's trips, all or those upcoming, current or past today (each by its own zone).
    public func trips(of owner: UUID, phase: TripPhase?, page: PageRequest) async throws -> Page<Trip> {
        try await trips.trips(of: owner, matching: phase.map { .phase($0, at: now()) } ?? .all, page: page)
    }

    /// Changes the fields present in `changes`; the result is checked as a new trip is.
    public func update(_ id: UUID, with changes: TripChanges, owner: UUID) async throws -> Trip {
        let details = try changes.applied(to: try await trip(id, owner: owner).details).validated()
        guard let trip = try await trips.update(id, owner: owner, details: details, at: now()) else { throw Self.tripNotFound }
        return trip
    }

    /// Deletes the trip and everything in it (budget and media hear of it through the outbox). A trip
    /// that is not the owner's, or is gone already, is not found: a retry of a delete that went through
    /// reads that as done.
    public func delete(_ id: UUID, owner: UUID) async throws {
        guard try await trips.delete(id, owner: owner, at: now()) else { throw Self.tripNotFound }
    }

    /// An account was deleted: its trips go, with everything in them. Says how many.
    public func purgeUser(_ owner: UUID) async throws -> Int {
        try await trips.deleteAll(of: owner)
    }

    /// The owner's trips that touch `month` (`YYYY-MM`), each with its days in that month, latest first.
    public func calendar(_ month: String, owner: UUID) async throws -> [(trip: Trip, days: [LocalDate])] {
        guard let month = CalendarMonth(month) else { throw RoamError.invalidField("month", "must be a month such as 2026-07") }
        var found: [Trip] = []
        var cursor: String?
        repeat {
            let page = try await trips.trips(of: owner, matching: .month(month), page: PageRequest(size: PageRequest.maximumSize, cursor: cursor))
            found += page.items
            cursor = page.nextCursor
        } while cursor != nil
        return found.map { ($0, month.days(of: $0.details.dates)) }
    }
}
