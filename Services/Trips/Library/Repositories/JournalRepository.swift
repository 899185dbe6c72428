import Foundation
import RoamCore

/// Where journal entries live, with their trips: deleting a trip deletes its entries. Every read and
/// write names the owner.
public protocol JournalRepository: Sendable {
    /// Stores the entry; with an idempotency key the owner used on this trip before, answers that first
    /// entry. Nil when the owner has no such trip.
    func addEntry(_ entry: JournalEntry, idempotencyKey: String?) async throws -> JournalEntry?
    func entry(_ id: UUID, owner: UUID) async throws -> JournalEntry?
    /// The trip's entries, all or one day's, by day and then by when they were written.
    func entries(ofTrip trip: UUID, owner: UUID, on date: LocalDate?, page: PageRequest) async throws -> Page<JournalEntry>
    func updateEntry(_ id: UUID, owner: UUID, details: JournalEntryDetails) async throws -> JournalEntry?
    /// The entry deleted, or nil when there was none.
    func deleteEntry(_ id: UUID, owner: UUID) async throws -> JournalEntry?
    /// The prompts the trip's entries answer.
    func usedPrompts(ofTrip trip: UUID, owner: UUID) async throws -> Set<String>
    /// How many entries each day of the trip has.
    func entryCounts(ofTrip trip: UUID, owner: UUID) async throws -> [LocalDate: Int]
}
